import { spreadsheetDate } from '@/lib/business-time'
import { csvAmount, csvFile, csvIdentifier } from '@/lib/csv'
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type PaymentKind,
  type PaymentMethod,
} from '@/lib/invoices'
import { STATEMENT_PAYMENT_METHOD_LABELS, type StatementPaymentMethod } from '@/lib/statement-balance'

// The bookkeeper's payments file: one row per payment, deposit or refund, dates in the
// business's time zone, amounts in dollars and cents (a refund negative), Stripe's fee where
// known, and its reference: what staff typed (check number, Zelle note), else Stripe's id of the
// payment intent or refund, which the bookkeeper matches against Stripe's payouts. A deposit is
// paid on the quote, so its row (and its refund's) has no invoice number: its kind says Deposit
// or Deposit refund; the invoice later deducts it. A dealership's payment of its statement (a
// check, an ACH) is a row too: the statement's number in the Invoice column, the dealership as
// the customer.

export const STATEMENT_PAYMENT_KIND = 'statement'

export type PaymentCsvRow = {
  receivedAt: string
  kind: PaymentKind | typeof STATEMENT_PAYMENT_KIND
  method: PaymentMethod | StatementPaymentMethod
  amountCents: number
  stripeFeeCents: number | null
  reference: string | null
  invoiceNumber: string | null
  customer: string | null
  /** A deposit on a quote, or a refund of one (no invoice). */
  ofDeposit: boolean
}

export const DEPOSIT_REFUND_LABEL = 'Deposit refund'
export const STATEMENT_PAYMENT_LABEL = 'Statement payment'

const methodLabel = (method: PaymentCsvRow['method']) =>
  method in PAYMENT_METHOD_LABELS
    ? PAYMENT_METHOD_LABELS[method as PaymentMethod]
    : STATEMENT_PAYMENT_METHOD_LABELS[method as StatementPaymentMethod]

const kindLabel = (r: PaymentCsvRow) =>
  r.kind === STATEMENT_PAYMENT_KIND
    ? STATEMENT_PAYMENT_LABEL
    : r.kind === 'refund' && r.ofDeposit
      ? DEPOSIT_REFUND_LABEL
      : PAYMENT_KIND_LABELS[r.kind]

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
  return csvFile(
    PAYMENTS_CSV_HEADER,
    rows.map((r) => [
      spreadsheetDate(r.receivedAt, timeZone) as string,
      csvIdentifier(r.invoiceNumber),
      r.customer,
      methodLabel(r.method),
      kindLabel(r),
      csvAmount(r.kind === 'refund' ? -r.amountCents : r.amountCents),
      csvAmount(r.stripeFeeCents),
      csvIdentifier(r.reference),
    ]),
  )
}
