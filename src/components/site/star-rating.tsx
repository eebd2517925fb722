import type { CSSProperties } from 'react'

import { cn } from '@/lib/utils'

// One element, not one per star: CSS masks (.stars in globals.css) paint the filled and empty
// stars, keeping the HTML and the inline server payload small.
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
  const style = { '--stars': Math.round(rating), '--stars-max': max } as CSSProperties
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${max} stars`}
      className={cn('stars', size === 'large' && 'stars-lg', className)}
      style={style}
    />
  )
}
