import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { type InvoiceStatus, balanceCents, settledStatus } from '@/lib/invoices'
import { depositPaidCents } from '@/payments/depositPaid'
import { dbOf } from '@/server/db'

import { queueStaleSessionsExpiry } from '@/payments/checkoutSessions'
import { flagOverpayment } from '@/payments/overpayment'
import { notePayment } from '@/payments/recordPayment'

type Rows<T> = { rows: T[] }

type Row = {
  total_cents: number
  deposit_cents: number | null
  credited_cents: number | null
  status: InvoiceStatus
  kind: string
  corrects_id: number | null
  quote_id: number | null
  number: string | null
  balance_cents: number | null
}

/** The invoice's row, locked until the caller's transaction ends; null when there is none. */
export async function lockInvoice(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  id: number,
): Promise<Row | null> {
  const db = await dbOf(payload, req)
  const result = (await db.execute(sql`
    SELECT total_cents, deposit_cents, credited_cents, status, kind, corrects_id, quote_id, number, balance_cents
    FROM invoices WHERE id = ${id} FOR UPDATE`)) as unknown as {
    rows: Row[]
  }
  return result.rows[0] ?? null
}

/**
 * What the invoice deducts for its quote's deposit: the deposits paid less their refunds as
 * recorded now. Read under the invoice's lock. Once the quote is gone (deleted, or its customer
 * erased) its payments name no quote, so the figure last stored stands.
 */
export async function invoiceDepositCents(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  invoice: Pick<Row, 'kind' | 'quote_id' | 'deposit_cents'>,
): Promise<number> {
  if (invoice.kind !== 'invoice') return 0
  return invoice.quote_id != null
    ? depositPaidCents(payload, req, Number(invoice.quote_id))
    : Number(invoice.deposit_cents ?? 0)
}

// An invoice's money and status, summed again from its deposit, payments, refunds and sent
// credit notes, under the invoice's lock: however many events arrive, in whatever order, the
// figures are those of what is recorded. A draft only has its deposit and balance brought up
// to date (its status waits for sending).
export async function settleInvoice(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  id: number,
): Promise<void> {
  const invoice = await lockInvoice(payload, req, id)
  if (!invoice || invoice.kind !== 'invoice') return
  const db = await dbOf(payload, req)
  const depositCents = await invoiceDepositCents(payload, req, invoice)
  if (invoice.status === 'draft') {
    await db.execute(sql`
      UPDATE invoices SET deposit_cents = ${depositCents}, balance_cents = total_cents - ${depositCents}
      WHERE id = ${id}`)
    return
  }
  const sums = (await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(CASE WHEN kind = 'refund' THEN -amount_cents ELSE amount_cents END), 0)
         FROM payments WHERE invoice_id = ${id}) AS paid,
      (SELECT coalesce(sum(total_cents), 0)
         FROM invoices WHERE corrects_id = ${id} AND kind = 'credit_note' AND status <> 'draft') AS credited
  `)) as unknown as { rows: { paid: string | number; credited: string | number }[] }
  const money = {
    totalCents: Number(invoice.total_cents),
    depositCents,
    paidCents: Number(sums.rows[0].paid),
    creditedCents: Number(sums.rows[0].credited),
  }
  const status = settledStatus(money)
  const balance = balanceCents(money)
  await db.execute(sql`
    UPDATE invoices SET
      deposit_cents = ${money.depositCents},
      paid_cents = ${money.paidCents},
      credited_cents = ${money.creditedCents},
      balance_cents = ${balance},
      status = ${status},
      paid_at = CASE WHEN ${status} = 'paid' THEN coalesce(paid_at, now()) END,
      updated_at = now()
    WHERE id = ${id}`)
  // A Checkout Session opened for the old balance would take the old amount.
  if (invoice.balance_cents == null || Number(invoice.balance_cents) !== balance)
    await queueStaleSessionsExpiry(payload, req, id, balance)
}

/**
 * A card payment of an invoice, told of by Stripe: one row per payment intent, the invoice
 * settled again, the timeline, the receipt and the owner's alert; in the event's transaction.
 */
export async function recordCardPayment(
  req: PayloadRequest,
  p: { invoice: number; paymentIntent: string | null; amountCents: number | null },
): Promise<'recorded' | 'ignored'> {
  // Not ours (no invoice of this site in its metadata), or nothing paid.
  if (!Number.isSafeInteger(p.invoice) || !p.paymentIntent || !p.amountCents || p.amountCents <= 0)
    return 'ignored'
  // The invoice's row lock before the payment row: the row's foreign key takes a share lock
  // on the invoice that settleInvoice's FOR UPDATE would then wait on, so two events of one
  // invoice, each holding one, would deadlock.
  const locked = await lockInvoice(req.payload, req, p.invoice)
  if (!locked || locked.kind !== 'invoice' || locked.status === 'draft') return 'ignored'
  const db = await dbOf(req.payload, req)
  const inserted = (await db.execute(sql`
    INSERT INTO payments (invoice_id, lead_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
    SELECT id, lead_id, 'payment', 'card_online', ${p.amountCents}, ${p.paymentIntent}, now(), now(), now()
    FROM invoices WHERE id = ${p.invoice} AND kind = 'invoice' AND status <> 'draft'
    ON CONFLICT (stripe_id) DO NOTHING
    RETURNING id`)) as unknown as Rows<{ id: number }>
  const id = inserted.rows[0]?.id
  if (id == null) return 'ignored'
  await settleInvoice(req.payload, req, p.invoice)
  await notePayment(req.payload, req, Number(id))
  await flagOverpayment(req, p.invoice, p.amountCents)
  await req.payload.jobs.queue({ task: 'sendPaymentReceipt', input: { paymentId: Number(id) }, req })
  await req.payload.jobs.queue({ task: 'sendOwnerAlert', input: { kind: 'payment', id: Number(id) }, req })
  await req.payload.jobs.queue({ task: 'fetchStripeFee', input: { paymentId: Number(id) }, req })
  return 'recorded'
}
