export const DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const
export type DiscountType = (typeof DISCOUNT_TYPES)[number]

export const BANNER_COLORS = ['primary', 'secondary', 'gold'] as const
export type BannerColor = (typeof BANNER_COLORS)[number]

export const BANNER_DISMISSED_PREFIX = 'promo-banner-dismissed-'

export function bannerColor(value: unknown): BannerColor {
  return typeof value === 'string' && (BANNER_COLORS as readonly string[]).includes(value)
    ? (value as BannerColor)
    : 'primary'
}

export function normalizeDiscountCode(value: unknown): string | null {
  if (typeof value !== 'string') return value == null ? null : normalizeDiscountCode(String(value))
  const code = value.trim().toUpperCase()
  return code.length ? code : null
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

// Form numbers may be strings; blank means the fallback, and anything not a number is left for validation.
export function toNumberOr<T extends number | null>(value: unknown, fallback: T): number | T | unknown {
  if (isBlank(value)) return fallback
  if (typeof value === 'number') return value
  if (typeof value === 'string') {
    const n = Number(value.trim())
    return Number.isFinite(n) ? n : value
  }
  return value
}

export function toDateOrNull(value: unknown): unknown {
  return isBlank(value) ? null : value
}

export function discountValueError(type: unknown, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Discount value must be a number.'
  if (value < 0) return 'Discount value cannot be negative.'
  if (type === 'percentage' && value > 100) return 'A percentage discount must be between 0 and 100.'
  return null
}

/**
 * A promotion's amount, stored in dollars: "$25", "$12.50". Kept here, without imports, for the
 * public forms' script; money stored in cents is formatMoney's (lib/money).
 */
export const formatDollars = (n: number) => `$${n.toFixed(2).replace(/\.00$/, '')}`

export function formatDiscount(type: string | null | undefined, value: number | null | undefined): string {
  const n = value ?? 0
  return type === 'fixed_amount' ? `${formatDollars(n)} off` : `${n}% off`
}
