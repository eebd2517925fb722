import type { CSSProperties } from 'react'

import { cn } from '@/lib/utils'

// Stars drawn for the eye; one accessible name for screen readers. One empty element:
// CSS paints the filled stars and the empty ones from two repeated masks (.stars in
// globals.css), so the page's HTML and its inline server payload carry one element per
// rating instead of one per star.
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
