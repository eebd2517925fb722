import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { businessTimeZone, wallTime } from '@/lib/business-time'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { dbOf } from '@/server/db'
import { newLinkNonce } from '@/server/customer-link-token'

import { takeInvoiceNumber } from './numbering'
import { invoiceDepositCents, lockInvoice, settleInvoice } from '@/payments/settle'
import { formatMoney } from '@/lib/money'

export class InvoiceNotIssued extends Error {}

export type IssuedInvoice = { id: number; number: string; nonce: string; lead: number | null }

// Sending makes a draft final: the year's next number (in the business's time zone), a link
// for the customer, and the invoice's money settled (a deposit may already cover it). All in
// the caller's transaction, which must commit the number with the invoice or neither.
export async function issueInvoice(req: PayloadRequest, id: number): Promise<IssuedInvoice> {
  const { payload } = req
  const invoice = await lockInvoice(payload, req, id)
  if (!invoice) throw new InvoiceNotIssued('Not Found')
  if (invoice.status !== 'draft') throw new InvoiceNotIssued('This invoice was sent already.')
  if (invoice.kind === 'credit_note' && invoice.corrects_id != null) {
    // Locked too: two credit notes sent at once cannot together take back more than was billed.
    const original = await lockInvoice(payload, req, Number(invoice.corrects_id))
    const creditable = original
      ? Number(original.total_cents) -
        (await invoiceDepositCents(payload, req, original)) -
        Number(original.credited_cents ?? 0)
      : 0
    if (Number(invoice.total_cents) > creditable) {
      throw new InvoiceNotIssued(
        `A credit note can take back at most ${formatMoney(Math.max(0, creditable))} of invoice ${original?.number}.`,
      )
    }
  }
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  const year = wallTime(new Date(), businessTimeZone(settings.timeZone)).year
  const db = await dbOf(payload, req)
  const number = await takeInvoiceNumber(db, year)
  const nonce = newLinkNonce()
  const result = (await db.execute(sql`
    UPDATE invoices SET status = 'sent', number = ${number}, token_nonce = ${nonce},
      sent_at = now(), updated_at = now()
    WHERE id = ${id}
    RETURNING lead_id, kind, corrects_id`)) as unknown as {
    rows: { lead_id: number | null; kind: string; corrects_id: number | null }[]
  }
  const row = result.rows[0]
  await settleInvoice(payload, req, row.kind === 'credit_note' && row.corrects_id ? row.corrects_id : id)
  return { id, number, nonce, lead: row.lead_id == null ? null : Number(row.lead_id) }
}

// Sending a draft: issued, the lead's timeline told, and (unless the caller tells the customer
// itself, as a payment's receipt does) its e-mail and text queued, all in the caller's
// transaction. A credit note is e-mailed with the corrected invoice's new balance.
export async function sendDraft(
  req: PayloadRequest,
  draft: { id: number; kind: string; totalCents?: number | null },
  { tellCustomer = true }: { tellCustomer?: boolean } = {},
): Promise<IssuedInvoice> {
  const { payload } = req
  const issued = await issueInvoice(req, draft.id)
  if (issued.lead) {
    await recordLeadEvent(payload, req, {
      lead: issued.lead,
      kind: 'invoice_sent',
      text: `${draft.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${issued.number}, ${formatMoney(draft.totalCents ?? 0)}`,
      by: req.user?.id,
    })
  }
  if (!tellCustomer) return issued
  if (draft.kind === 'invoice') {
    await payload.jobs.queue({
      task: 'sendInvoiceLink',
      input: { invoiceId: draft.id, nonce: issued.nonce },
      req,
    })
  } else {
    await payload.jobs.queue({ task: 'sendCreditNote', input: { creditNoteId: draft.id }, req })
  }
  return issued
}
