import { StarIcon } from 'lucide-react'

import { cn } from '@/lib/utils'

// Stars drawn for the eye; one accessible name for screen readers.
export function StarRating({ rating, max = 5, className }: { rating: number; max?: number; className?: string }) {
  const full = Math.round(rating)
  return (
    <span role="img" aria-label={`Rated ${rating} out of ${max} stars`} className={cn('inline-flex gap-0.5', className)}>
      {Array.from({ length: max }, (_, i) => (
        <StarIcon key={i} aria-hidden className={cn('size-4', i < full ? 'fill-gold text-gold' : 'fill-transparent text-ink/30')} />
      ))}
    </span>
  )
}
