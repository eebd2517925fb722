import type { dbOf } from '@/server/db'
import { takeYearSequence } from '@/server/year-counters'
import { invoiceNumber } from '@/lib/invoices'

// Invoice numbers run 1, 2, 3... each year (src/server/year-counters.ts). Drafts take none.
const INVOICE_COUNTERS_TABLE = 'invoice_counters'

/** The next number of this year; only inside the transaction that stores it on the invoice. */
export async function takeInvoiceNumber(db: Awaited<ReturnType<typeof dbOf>>, year: number): Promise<string> {
  return invoiceNumber(year, await takeYearSequence(db, INVOICE_COUNTERS_TABLE, year))
}
