import { cn } from '@/lib/utils'

const SIZES = { small: 32, medium: 44, large: 64 } as const

export type LogoSize = keyof typeof SIZES

export function logoAlt(businessName: string): string {
  return `${businessName} - Wheel Repair Experts`
}

// An SVG needs no optimisation; the fixed dimensions reserve its space before it loads.
export function Logo({
  businessName,
  size = 'medium',
  className,
}: {
  businessName: string
  size?: LogoSize
  className?: string
}) {
  const px = SIZES[size]
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src="/logo.svg"
      alt={logoAlt(businessName)}
      width={px}
      height={px}
      data-size={size}
      className={cn('shrink-0', className)}
      decoding="async"
    />
  )
}
