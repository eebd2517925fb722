import type { OfferKey } from '@/lib/catalog'
import type { DiscountType } from '@/lib/promotions'

// The arithmetic of a priced quote, in whole cents, so what is stored, e-mailed and shown to
// the customer are the same numbers. Pure: the caller supplies the offers as published and
// the lead's promo snapshot.

export const DELIVERY_FEE_CENTS = 5_000
export const MINIMUM_RIMS = 2
// The offers priced per rim, which the two-rim minimum of a mobile visit counts.
export const RIM_OFFERS: readonly OfferKey[] = ['rim_rash', 'rim_restoration']

export type OfferLine = { kind: 'offer'; key: OfferKey; title: string; unitCents: number; quantity: number }
export type FreeLine = { kind: 'free'; description: string; amountCents: number }
export type QuoteLineInput = OfferLine | FreeLine

export type PromoSnapshot = {
  code: string
  discountType: DiscountType
  // Percent (0-100) or dollars, as the promotion stores it.
  discountValue: number
  // Dollars; the services' subtotal must reach it.
  minimumAmount: number
}

export type PricedLine = { description: string; quantity: number; unitCents: number; amountCents: number }

export type QuoteTotals = {
  lines: PricedLine[]
  subtotalCents: number
  deliveryFeeCents: number
  discountCents: number
  // Why the promo code gave nothing, when it did not.
  promoNote: string | null
  totalCents: number
}

export class QuotePricingError extends Error {}

const isWholeCents = (n: number) => Number.isInteger(n) && Number.isFinite(n)

function priced(line: QuoteLineInput): PricedLine {
  if (line.kind === 'offer') {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 100) {
      throw new QuotePricingError(`The quantity of ${line.title} must be a whole number from 1 to 100.`)
    }
    if (!isWholeCents(line.unitCents) || line.unitCents < 0) {
      throw new QuotePricingError(`The price of ${line.title} is not a price.`)
    }
    return {
      description: line.title,
      quantity: line.quantity,
      unitCents: line.unitCents,
      amountCents: line.unitCents * line.quantity,
    }
  }
  const description = line.description.trim()
  if (!description) throw new QuotePricingError('Each extra line needs a description.')
  if (!isWholeCents(line.amountCents) || line.amountCents < 0 || line.amountCents > 10_000_000) {
    throw new QuotePricingError(`The amount of "${description}" must be between $0 and $100,000.`)
  }
  return { description, quantity: 1, unitCents: line.amountCents, amountCents: line.amountCents }
}

/** Percent of an amount in cents, half a cent rounded up. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100 + Number.EPSILON)
}

function discountOf(
  subtotalCents: number,
  promo: PromoSnapshot | null,
): { cents: number; note: string | null } {
  if (!promo) return { cents: 0, note: null }
  const minimumCents = Math.round(promo.minimumAmount * 100)
  if (subtotalCents < minimumCents) {
    return { cents: 0, note: `${promo.code} applies to orders of $${promo.minimumAmount} or more.` }
  }
  const cents =
    promo.discountType === 'percentage'
      ? percentOf(subtotalCents, Math.min(Math.max(promo.discountValue, 0), 100))
      : Math.round(Math.max(promo.discountValue, 0) * 100)
  return { cents: Math.min(cents, subtotalCents), note: null }
}

/**
 * The quote's lines and totals. A mobile visit with rims on it is priced for at least two:
 * with fewer, the $50 delivery fee is added. The promo code's discount is taken from the
 * services' subtotal (never the delivery fee) once that subtotal reaches its minimum.
 */
export function priceQuote(lines: readonly QuoteLineInput[], promo: PromoSnapshot | null): QuoteTotals {
  if (lines.length === 0) throw new QuotePricingError('A quote needs at least one line.')
  if (lines.length > 30) throw new QuotePricingError('A quote has at most 30 lines.')
  const pricedLines = lines.map(priced)
  const subtotalCents = pricedLines.reduce((sum, line) => sum + line.amountCents, 0)
  const rims = lines.reduce(
    (n, line) => (line.kind === 'offer' && RIM_OFFERS.includes(line.key) ? n + line.quantity : n),
    0,
  )
  const deliveryFeeCents = rims > 0 && rims < MINIMUM_RIMS ? DELIVERY_FEE_CENTS : 0
  const discount = discountOf(subtotalCents, promo)
  return {
    lines: pricedLines,
    subtotalCents,
    deliveryFeeCents,
    discountCents: discount.cents,
    promoNote: discount.note,
    totalCents: subtotalCents + deliveryFeeCents - discount.cents,
  }
}
