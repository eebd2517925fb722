import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { PAYMENT_METHOD_LABELS, type PaymentKind, type PaymentMethod } from '@/lib/invoices'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { dbOf } from '@/server/db'
import { formatMoney } from '@/lib/money'

type PaymentRow = {
  lead_id: number | null
  kind: PaymentKind
  method: PaymentMethod
  amount_cents: number
  reference: string | null
  number: string | null
  recorded_by_id: number | null
}

// A payment or refund on its lead's timeline, in the caller's transaction.
export async function notePayment(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  id: number,
): Promise<void> {
  const db = await dbOf(payload, req)
  const result = (await db.execute(sql`
    SELECT p.lead_id, p.kind, p.method, p.amount_cents, p.reference, i.number, p.recorded_by_id
    FROM payments p LEFT JOIN invoices i ON i.id = p.invoice_id
    WHERE p.id = ${id}`)) as unknown as { rows: PaymentRow[] }
  const p = result.rows[0]
  if (!p?.lead_id) return
  const parts = [
    formatMoney(Number(p.amount_cents)),
    PAYMENT_METHOD_LABELS[p.method],
    p.number ? `invoice ${p.number}` : null,
    p.reference ? `ref. ${p.reference}` : null,
  ]
  await recordLeadEvent(payload, req, {
    lead: Number(p.lead_id),
    kind:
      p.kind === 'refund' ? 'payment_refunded' : p.kind === 'deposit' ? 'deposit_paid' : 'payment_received',
    text: parts.filter(Boolean).join(' · '),
    by: p.recorded_by_id == null ? null : Number(p.recorded_by_id),
  })
}
