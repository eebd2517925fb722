import { cn } from '@/lib/utils'

// Stars drawn for the eye; one accessible name for screen readers. Each star is an empty
// element painted through a CSS mask (.star-full, .star-empty in globals.css): the page's
// HTML and its inline server payload carry a few bytes per star instead of an SVG path.
export function StarRating({
  rating,
  max = 5,
  size = 'small',
  className,
}: {
  rating: number
  max?: number
  size?: 'small' | 'large'
  className?: string
}) {
  const full = Math.round(rating)
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${max} stars`}
      className={cn('inline-flex gap-0.5', size === 'large' ? '*:size-6' : '*:size-4', className)}
    >
      {Array.from({ length: max }, (_, i) => (
        <i key={i} aria-hidden className={i < full ? 'star-full' : 'star-empty'} />
      ))}
    </span>
  )
}
