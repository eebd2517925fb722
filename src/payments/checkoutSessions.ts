import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'
import { expireCheckoutSession } from '@/payments/stripe'

// The Stripe Checkout Sessions opened on an invoice, each for the balance it owed then. Stripe
// keeps a session payable for a day; once the balance changes (cash at the van, a credit
// note, another card payment) an older one would take the old amount, so it is expired.
// Whatever is paid before that is recorded anyway and flagged (stripe/events.ts). A session is
// closed once expired, or once paid. A quote's deposit sessions are kept here too, with its
// quote instead of an invoice (depositSessions.ts).

type Rows<T> = { rows: T[] }

/**
 * How many of the invoice's (or the quote's deposit) sessions were closed: a part of the next
 * one's idempotency key.
 */
export async function closedSessionsOf(
  payload: Payload,
  of: { invoice: number } | { quote: number },
): Promise<number> {
  const db = await dbOf(payload)
  const owner = 'invoice' in of ? sql`invoice_id = ${of.invoice}` : sql`quote_id = ${of.quote}`
  const result = (await db.execute(sql`
    SELECT count(*) AS n FROM stripe_checkout_sessions
    WHERE ${owner} AND closed_at IS NOT NULL`)) as unknown as Rows<{ n: string }>
  return Number(result.rows[0].n)
}

/**
 * Keeps a new session and answers whether it still takes what the invoice owes. The balance is
 * read under a share lock, after the row is stored: a payment settling meanwhile either sees
 * the row (and has it expired) or has committed its balance before this read.
 */
export async function keepCheckoutSession(
  payload: Payload,
  session: { id: string; invoiceId: number; amountCents: number },
): Promise<boolean> {
  const db = await dbOf(payload)
  await db.execute(sql`
    INSERT INTO stripe_checkout_sessions (id, invoice_id, amount_cents)
    VALUES (${session.id}, ${session.invoiceId}, ${session.amountCents})
    ON CONFLICT (id) DO NOTHING`)
  const now = (await db.execute(sql`
    SELECT i.balance_cents, s.closed_at FROM invoices i, stripe_checkout_sessions s
    WHERE i.id = ${session.invoiceId} AND s.id = ${session.id}
    FOR SHARE OF i`)) as unknown as Rows<{ balance_cents: string | number | null; closed_at: string | null }>
  const row = now.rows[0]
  return !!row && row.closed_at == null && Number(row.balance_cents) === session.amountCents
}

/**
 * Records a session Stripe has just opened, before the customer is sent to it; when the
 * recording fails the session is expired at Stripe, so none is left payable and unrecorded.
 */
export async function recordedOrExpired<T>(
  payload: Payload,
  id: string,
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record()
  } catch (error) {
    try {
      await expireCheckoutSession(id)
    } catch (expiring) {
      payload.logger.error({ err: expiring, msg: `Checkout Session ${id} left open at Stripe` })
    }
    throw error
  }
}

/**
 * In settleInvoice's transaction, once the balance changed: the job that expires the invoice's
 * sessions for another amount, when it has any still open.
 */
export async function queueStaleSessionsExpiry(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  invoiceId: number,
  balanceCents: number,
): Promise<void> {
  const db = await dbOf(payload, req)
  const stale = (await db.execute(sql`
    SELECT 1 FROM stripe_checkout_sessions
    WHERE invoice_id = ${invoiceId} AND closed_at IS NULL AND amount_cents <> ${balanceCents}
    LIMIT 1`)) as unknown as Rows<unknown>
  if (stale.rows.length === 0) return
  await payload.jobs.queue({
    task: 'expireCheckoutSessions',
    input: { invoiceId },
    req: req as PayloadRequest | undefined,
  })
}

/** Expires, at Stripe, each open session of the invoice for another amount than it owes now. */
export async function expireStaleSessions(payload: Payload, invoiceId: number): Promise<number> {
  const db = await dbOf(payload)
  const stale = (await db.execute(sql`
    SELECT s.id FROM stripe_checkout_sessions s JOIN invoices i ON i.id = s.invoice_id
    WHERE s.invoice_id = ${invoiceId} AND s.closed_at IS NULL
      AND s.amount_cents <> coalesce(i.balance_cents, 0)
    ORDER BY s.created_at`)) as unknown as Rows<{ id: string }>
  for (const { id } of stale.rows) await expireSession(payload, id)
  return stale.rows.length
}

/** Its payment told of: the session needs no expiring; in the webhook's transaction. */
export async function closePaidSession(req: PayloadRequest, id: string): Promise<void> {
  const db = await dbOf(req.payload, req)
  await db.execute(sql`
    UPDATE stripe_checkout_sessions SET closed_at = now() WHERE id = ${id} AND closed_at IS NULL`)
}

/** Expires one session at Stripe (a paid or expired one stays as it is) and notes it. */
export async function expireSession(payload: Payload, id: string): Promise<void> {
  await expireCheckoutSession(id)
  const db = await dbOf(payload)
  await db.execute(sql`
    UPDATE stripe_checkout_sessions SET closed_at = now() WHERE id = ${id} AND closed_at IS NULL`)
}
