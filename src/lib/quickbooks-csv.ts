import { csvAmount, csvFile, csvIdentifier } from './csv'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './invoices'

// A month of the books as QuickBooks Online's import screens take it, so a bookkeeper imports
// it in one step: invoices one row per line (QuickBooks joins the rows of one "Invoice no"),
// payments one row each. Dates as QuickBooks reads them in a US company: MM/DD/YYYY.

export const QUICKBOOKS_INVOICES_HEADER = [
  'Invoice no',
  'Customer',
  'Invoice date',
  'Due date',
  'Item (Product/Service)',
  'Item description',
  'Item quantity',
  'Item rate',
  'Item amount',
  'Service date',
]

export const QUICKBOOKS_PAYMENTS_HEADER = [
  'Payment date',
  'Customer',
  'Invoice no',
  'Amount',
  'Payment method',
  'Reference no',
]

/**
 * Every line is filed under QuickBooks' own "Services" item, which a new company has: our lines
 * are typed per job, not picked from a product list. A discount is a line of its own, negative.
 */
export const QUICKBOOKS_ITEM = 'Services'

export type QuickbooksInvoice = {
  number: string
  customer: string
  /** MM/DD/YYYY, in the business's days. */
  invoiceDate: string
  dueDate: string
  serviceDate: string | null
  lines: { description: string; quantity: number; unitCents: number; amountCents: number }[]
  discountCents: number
}

export function quickbooksInvoicesCsv(invoices: readonly QuickbooksInvoice[]): string {
  return csvFile(
    QUICKBOOKS_INVOICES_HEADER,
    invoices.flatMap((invoice) => {
      const lines = [
        ...invoice.lines,
        ...(invoice.discountCents > 0
          ? [
              {
                description: 'Discount',
                quantity: 1,
                unitCents: -invoice.discountCents,
                amountCents: -invoice.discountCents,
              },
            ]
          : []),
      ]
      return lines.map((line) => [
        csvIdentifier(invoice.number),
        invoice.customer,
        invoice.invoiceDate,
        invoice.dueDate,
        QUICKBOOKS_ITEM,
        line.description,
        line.quantity,
        csvAmount(line.unitCents),
        csvAmount(line.amountCents),
        invoice.serviceDate,
      ])
    }),
  )
}

export type QuickbooksPayment = {
  /** MM/DD/YYYY, in the business's days. */
  date: string
  customer: string
  invoiceNumber: string | null
  amountCents: number
  method: PaymentMethod
  reference: string | null
}

/** Money received only: QuickBooks books a refund as a refund receipt, not a negative payment. */
export function quickbooksPaymentsCsv(payments: readonly QuickbooksPayment[]): string {
  return csvFile(
    QUICKBOOKS_PAYMENTS_HEADER,
    payments.map((p) => [
      p.date,
      p.customer,
      csvIdentifier(p.invoiceNumber),
      csvAmount(p.amountCents),
      PAYMENT_METHOD_LABELS[p.method],
      csvIdentifier(p.reference),
    ]),
  )
}
