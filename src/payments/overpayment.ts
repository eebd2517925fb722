import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { dbOf } from '@/server/db'
import { formatMoney } from '@/lib/money'

// Money taken by card that the invoice, once settled, did not owe: a payment through a session
// opened for an older, larger balance (the cash came while the customer was on Stripe's page),
// or a deposit paid on the quote after the invoice. It was taken, so it is recorded; the owner
// is told on the timeline what to give back. Call it after settleInvoice, in its transaction.
export async function flagOverpayment(
  req: PayloadRequest,
  invoiceId: number,
  amountCents: number,
): Promise<void> {
  const db = await dbOf(req.payload, req)
  const now = (await db.execute(sql`
    SELECT lead_id, number, balance_cents FROM invoices WHERE id = ${invoiceId}`)) as unknown as {
    rows: { lead_id: number | null; number: string | null; balance_cents: string | number | null }[]
  }
  const invoice = now.rows[0]
  const over = Math.min(amountCents, -Number(invoice?.balance_cents ?? 0))
  // A draft (no number yet) owes nothing until sent: its sending settles it again.
  if (!invoice?.lead_id || invoice.number == null || !(over > 0)) return
  await recordLeadEvent(req.payload, req, {
    lead: Number(invoice.lead_id),
    kind: 'overpaid',
    text: `${formatMoney(over)} more than invoice ${invoice.number} owed, paid by card: refund it in Stripe`,
  })
}
