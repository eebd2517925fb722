import { spreadsheetDate } from '@/lib/business-time'
import { csvCell as cell, dollarsAndCents as dollars, neutraliseCsvCell } from '@/lib/csv-safe'
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type PaymentKind,
  type PaymentMethod,
} from '@/lib/invoices'

// The bookkeeper's payments file: one row per payment or refund, dates in the business's time
// zone, amounts in dollars and cents (a refund negative), Stripe's fee where known.

export type PaymentCsvRow = {
  receivedAt: string
  kind: PaymentKind
  method: PaymentMethod
  amountCents: number
  stripeFeeCents: number | null
  reference: string | null
  invoiceNumber: string | null
  customer: string | null
}

export const PAYMENTS_CSV_HEADER = [
  'Date',
  'Invoice',
  'Customer',
  'Method',
  'Kind',
  'Amount',
  'Stripe fee',
  'Reference',
]

export function paymentsCsv(rows: PaymentCsvRow[], timeZone: string): string {
  const lines = rows.map((r) =>
    [
      spreadsheetDate(r.receivedAt, timeZone),
      // What people typed is made safe from spreadsheets; the amounts are ours (a refund's '-').
      neutraliseCsvCell(r.invoiceNumber),
      neutraliseCsvCell(r.customer),
      PAYMENT_METHOD_LABELS[r.method],
      PAYMENT_KIND_LABELS[r.kind],
      dollars(r.kind === 'refund' ? -r.amountCents : r.amountCents),
      r.stripeFeeCents == null ? '' : dollars(r.stripeFeeCents),
      neutraliseCsvCell(r.reference),
    ]
      .map(cell)
      .join(','),
  )
  return `${[PAYMENTS_CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`
}
