import { describe, expect, it } from 'vitest'

import {
  type PromoSnapshot,
  type QuoteLineInput,
  percentOf,
  priceQuote,
  QuotePricingError,
} from '@/lib/quote-pricing'

const rimRash = (quantity: number): QuoteLineInput => ({
  kind: 'offer',
  key: 'rim_rash',
  title: 'Rim Rash / Curbed Rim',
  unitCents: 12_500,
  quantity,
})
const bentRim = (quantity: number): QuoteLineInput => ({
  kind: 'offer',
  key: 'rim_restoration',
  title: 'Bent, Powder Coating, or Cracked Rims',
  unitCents: 25_000,
  quantity,
})
const headlights: QuoteLineInput = {
  kind: 'offer',
  key: 'headlight_refresh',
  title: 'Headlight Refresh',
  unitCents: 8_500,
  quantity: 1,
}
const free = (description: string, amountCents: number): QuoteLineInput => ({
  kind: 'free',
  description,
  amountCents,
})
const percent = (value: number, minimumAmount = 0): PromoSnapshot => ({
  code: 'FALL15',
  discountType: 'percentage',
  discountValue: value,
  minimumAmount,
})
const fixed = (value: number, minimumAmount = 0): PromoSnapshot => ({
  code: 'TAKE20',
  discountType: 'fixed_amount',
  discountValue: value,
  minimumAmount,
})

// [case, lines, promo, subtotal, delivery fee, discount, total] in cents.
const CASES: [string, QuoteLineInput[], PromoSnapshot | null, number, number, number, number][] = [
  ['4 × Rim Rash', [rimRash(4)], null, 50_000, 0, 0, 50_000],
  ['one rim: the delivery fee', [rimRash(1)], null, 12_500, 5_000, 0, 17_500],
  ['two rims of different offers make the minimum', [rimRash(1), bentRim(1)], null, 37_500, 0, 0, 37_500],
  ['no rims, no rim minimum', [headlights], null, 8_500, 0, 0, 8_500],
  ['one rim and headlights: still one rim', [rimRash(1), headlights], null, 21_000, 5_000, 0, 26_000],
  ['a free line counts to the subtotal', [rimRash(4), free('Tyre shine', 2_000)], null, 52_000, 0, 0, 52_000],
  ['15% off', [rimRash(4)], percent(15), 50_000, 0, 7_500, 42_500],
  ['15% rounds half a cent up', [free('Odd', 1_010)], percent(15), 1_010, 0, 152, 858],
  ['percentage below its minimum: nothing', [rimRash(2)], percent(15, 300), 25_000, 0, 0, 25_000],
  ['percentage at its minimum exactly', [rimRash(2)], percent(10, 250), 25_000, 0, 2_500, 22_500],
  ['fixed $20 off', [rimRash(2)], fixed(20), 25_000, 0, 2_000, 23_000],
  ['fixed never more than the services', [headlights], fixed(100), 8_500, 0, 8_500, 0],
  ['discount never on the delivery fee', [rimRash(1)], fixed(200), 12_500, 5_000, 12_500, 5_000],
  ['fixed in dollars and cents', [rimRash(2)], fixed(12.34), 25_000, 0, 1_234, 23_766],
]

describe('quote pricing', () => {
  it.each(CASES)('%s', (_name, lines, promo, subtotal, fee, discount, total) => {
    const q = priceQuote(lines, promo)
    expect([q.subtotalCents, q.deliveryFeeCents, q.discountCents, q.totalCents]).toEqual([
      subtotal,
      fee,
      discount,
      total,
    ])
    expect(q.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(subtotal)
  })

  it('says why a code gave nothing', () => {
    expect(priceQuote([rimRash(2)], percent(15, 300)).promoNote).toBe(
      'FALL15 applies to orders of $300 or more.',
    )
    expect(priceQuote([rimRash(4)], percent(15)).promoNote).toBeNull()
  })

  it('prices each line as quantity × unit price', () => {
    expect(priceQuote([rimRash(4), free(' Tyre shine ', 2_000)], null).lines).toEqual([
      { description: 'Rim Rash / Curbed Rim', quantity: 4, unitCents: 12_500, amountCents: 50_000 },
      { description: 'Tyre shine', quantity: 1, unitCents: 2_000, amountCents: 2_000 },
    ])
  })

  it.each([
    ['no lines', []],
    ['a quantity of 0', [rimRash(0)]],
    ['a fractional quantity', [rimRash(1.5)]],
    ['a free line without a description', [free('  ', 100)]],
    ['a negative amount', [free('Refund', -100)]],
    ['fractions of a cent', [free('Odd', 10.5)]],
  ] as [string, QuoteLineInput[]][])('refuses %s', (_name, lines) => {
    expect(() => priceQuote(lines, null)).toThrow(QuotePricingError)
  })

  it('rounds a percentage of cents half up', () => {
    expect(percentOf(1_010, 15)).toBe(152) // 151.5
    expect(percentOf(999, 10)).toBe(100) // 99.9
    expect(percentOf(12_345, 0)).toBe(0)
  })
})
