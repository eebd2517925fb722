import { formatMoney } from './money'

// Invoices, credit notes and payments: amounts in whole cents, priced and settled on the
// server. Pure rules, shared by the collections, the pay page and the tests.

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
}

// draft: being written, no number. sent: numbered and immutable, nothing paid yet.
// void: an invoice whose whole amount a credit note took back.
export const INVOICE_STATUSES = ['draft', 'sent', 'part_paid', 'paid', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  part_paid: 'Part paid',
  paid: 'Paid',
  void: 'Void',
}

export const PAYMENT_METHODS = ['card_online', 'cash', 'check', 'zelle', 'venmo', 'card_reader'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card_online: 'Card online (Stripe)',
  cash: 'Cash',
  check: 'Check',
  zelle: 'Zelle',
  venmo: 'Venmo',
  card_reader: 'Card reader',
}
/** What staff record by hand; online card payments come from Stripe only. */
export const HAND_METHODS = PAYMENT_METHODS.filter((m) => m !== 'card_online')

// A deposit is paid on a quote before its invoice exists; the invoice then deducts it.
export const PAYMENT_KINDS = ['payment', 'refund', 'deposit'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  deposit: 'Deposit',
}

// Bounds that keep a typo from becoming a $1M invoice, and sums inside a Postgres integer.
export const MAX_LINE_QUANTITY = 100
export const MAX_UNIT_CENTS = 1_000_000
export const MAX_PAYMENT_CENTS = 10_000_000
/** What Stripe takes in one card payment ($999,999.99): an invoice can always be paid online. */
export const MAX_INVOICE_CENTS = 99_999_999

// An invoice still owing this many days after it was sent gets one reminder (Site Settings).
export const INVOICE_REMINDER_DAYS = 7
export const MAX_INVOICE_REMINDER_DAYS = 365

export class InvoicePricingError extends Error {}

export type InvoiceLineInput = { description: string; quantity: number; unitCents: number }
export type PricedInvoice = {
  lines: (InvoiceLineInput & { amountCents: number })[]
  subtotalCents: number
  discountCents: number
  totalCents: number
}

const isCents = (n: unknown, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max

/** The lines' amounts and the totals; throws InvoicePricingError with what to fix. */
export function priceInvoice(lines: InvoiceLineInput[], discountCents: number): PricedInvoice {
  if (lines.length === 0) throw new InvoicePricingError('Add at least one line.')
  const priced = lines.map((line) => {
    if (!line.description.trim()) throw new InvoicePricingError('Describe each line.')
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY)
      throw new InvoicePricingError(`Each line's quantity is a whole number from 1 to ${MAX_LINE_QUANTITY}.`)
    if (!isCents(line.unitCents, MAX_UNIT_CENTS))
      throw new InvoicePricingError('Each unit price is a whole number of cents, up to $10,000.')
    return { ...line, description: line.description.trim(), amountCents: line.quantity * line.unitCents }
  })
  const subtotalCents = priced.reduce((sum, line) => sum + line.amountCents, 0)
  if (!isCents(discountCents, subtotalCents))
    throw new InvoicePricingError('The discount is a whole number of cents, at most the subtotal.')
  const totalCents = subtotalCents - discountCents
  if (totalCents > MAX_INVOICE_CENTS)
    throw new InvoicePricingError(
      `An invoice's total is at most ${formatMoney(MAX_INVOICE_CENTS)} (what one card payment can take): split the work into several invoices.`,
    )
  return { lines: priced, subtotalCents, discountCents, totalCents }
}

export type Settlement = {
  totalCents: number
  /** Paid before the invoice (a deposit on the quote): deducted from what is owed. */
  depositCents: number
  /** Taken back by sent credit notes. */
  creditedCents: number
  /** Payments less refunds. */
  paidCents: number
}

export const balanceCents = (s: Settlement) => s.totalCents - s.depositCents - s.creditedCents - s.paidCents

/** A sent invoice's status from its money; a draft stays a draft. */
export function settledStatus(s: Settlement): Exclude<InvoiceStatus, 'draft'> {
  const owed = s.totalCents - s.depositCents - s.creditedCents
  if (owed <= 0 && s.paidCents <= 0 && s.creditedCents > 0) return 'void'
  if (balanceCents(s) <= 0) return 'paid'
  return s.paidCents > 0 ? 'part_paid' : 'sent'
}

/** "2026-0007": the year the invoice was sent in, then its place in that year. */
export const invoiceNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(4, '0')}`

/** A relationship's id, whether Payload gave the document or its id. */
export const relationId = (value: unknown): number | null =>
  value && typeof value === 'object'
    ? Number((value as { id: unknown }).id)
    : value == null
      ? null
      : Number(value)

// How long an invoice's pay link opens it: then the customer calls.
export const PAY_LINK_VALID_DAYS = 90

// Where the pay page's form posts (under /api), and the mark of Stripe's return to it.
export const PAY_LINK_ENDPOINTS = { checkout: '/pay-links/checkout' } as const
export const PAID_RETURN_PARAM = { name: 'paid', value: '1' } as const
