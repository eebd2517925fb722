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
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p
        className={cn(
          'text-sm font-semibold tracking-widest uppercase',
          dark ? 'text-gold' : 'text-gold-dark',
        )}
      >
        {eyebrow}
      </p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className={cn('mt-4 text-lg', dark ? 'text-white/80' : 'text-ink/75')}>{intro}</p> : null}
    </div>
  )
}
