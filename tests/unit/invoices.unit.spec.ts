import { describe, expect, it } from 'vitest'

import { InvoicePricingError, balanceCents, invoiceNumber, priceInvoice, settledStatus } from '@/lib/invoices'
import { invoiceLinesOf } from '@/collections/Invoices/draftFromQuote'
import { formatMoney } from '@/lib/money'

const money = (over: Partial<Parameters<typeof settledStatus>[0]> = {}) => ({
  totalCents: 10_000,
  depositCents: 0,
  creditedCents: 0,
  paidCents: 0,
  ...over,
})

describe('invoice rules', () => {
  it('prices lines in whole cents', () => {
    expect(
      priceInvoice(
        [
          { description: ' Repair ', quantity: 2, unitCents: 12_500 },
          { description: 'Fee', quantity: 1, unitCents: 5_000 },
        ],
        2_500,
      ),
    ).toEqual({
      lines: [
        { description: 'Repair', quantity: 2, unitCents: 12_500, amountCents: 25_000 },
        { description: 'Fee', quantity: 1, unitCents: 5_000, amountCents: 5_000 },
      ],
      subtotalCents: 30_000,
      discountCents: 2_500,
      totalCents: 27_500,
    })
  })

  it.each([
    [[], 0],
    [[{ description: '', quantity: 1, unitCents: 1 }], 0],
    [[{ description: 'x', quantity: 0, unitCents: 1 }], 0],
    [[{ description: 'x', quantity: 1.5, unitCents: 1 }], 0],
    [[{ description: 'x', quantity: 1, unitCents: 0.1 }], 0],
    [[{ description: 'x', quantity: 1, unitCents: -1 }], 0],
    [[{ description: 'x', quantity: 1, unitCents: 100 }], 101],
    [[{ description: 'x', quantity: 1, unitCents: 100 }], -1],
  ])('refuses %j with discount %d', (lines, discount) => {
    expect(() => priceInvoice(lines, discount)).toThrow(InvoicePricingError)
  })

  it('settles a sent invoice from its money', () => {
    expect(settledStatus(money())).toBe('sent')
    expect(settledStatus(money({ paidCents: 1 }))).toBe('part_paid')
    expect(settledStatus(money({ paidCents: 10_000 }))).toBe('paid')
    expect(settledStatus(money({ depositCents: 2_000, paidCents: 8_000 }))).toBe('paid')
    expect(settledStatus(money({ depositCents: 10_000 }))).toBe('paid')
    expect(settledStatus(money({ creditedCents: 10_000 }))).toBe('void')
    expect(settledStatus(money({ creditedCents: 5_000, paidCents: 5_000 }))).toBe('paid')
    // A refund after full payment owes again.
    expect(settledStatus(money({ paidCents: 10_000 - 3_000 }))).toBe('part_paid')
    expect(settledStatus(money({ paidCents: 0 }))).toBe('sent')
    expect(balanceCents(money({ depositCents: 2_000, creditedCents: 1_000, paidCents: 500 }))).toBe(6_500)
  })

  it('numbers and formats', () => {
    expect(invoiceNumber(2026, 7)).toBe('2026-0007')
    expect(invoiceNumber(2026, 12345)).toBe('2026-12345')
    expect(formatMoney(123_450)).toBe('$1,234.50')
    expect(formatMoney(5)).toBe('$0.05')
    expect(formatMoney(-250)).toBe('-$2.50')
  })
})

describe("a quote's lines on its invoice", () => {
  it('keeps what the customer accepted, to the cent, with the delivery fee and discount', () => {
    const quote = {
      lines: [
        {
          kind: 'offer',
          offer: 'rim_rash',
          quantity: 1,
          title: 'Rim Rash',
          unitCents: 12_500,
          amountCents: 12_500,
        },
        { kind: 'free', description: 'Valve stem', title: 'Valve stem', amountCents: 1_550 },
      ],
      deliveryFeeCents: 5_000,
      discountCents: 1_875,
      promoCode: 'FALL15',
    } as unknown as Parameters<typeof invoiceLinesOf>[0]
    expect(invoiceLinesOf(quote)).toEqual({
      lines: [
        { description: 'Rim Rash', quantity: 1, unitCents: 12_500 },
        { description: 'Valve stem', quantity: 1, unitCents: 1_550 },
        { description: 'Delivery fee (fewer than two rims)', quantity: 1, unitCents: 5_000 },
      ],
      discountCents: 1_875,
      note: 'Promo code FALL15',
    })
  })
})
