import { cn } from '@/lib/utils'

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  dark = false,
}: {
  eyebrow: string
  title: string
  intro?: string
  id: string
  dark?: boolean
}) {
  return (
    <div className="section-heading">
      <p className={dark ? 'eyebrow text-gold' : 'eyebrow text-gold-dark'}>{eyebrow}</p>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {intro ? <p className={cn('mt-4 text-lg', dark ? 'text-white/80' : 'text-ink/75')}>{intro}</p> : null}
    </div>
  )
}
