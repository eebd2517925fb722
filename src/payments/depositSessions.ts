import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { expireSession } from '@/payments/checkoutSessions'
import { dbOf } from '@/server/db'

// A quote's deposit sessions, kept in stripe_checkout_sessions with their quote. Once the job is
// invoiced the invoice asks for the money (and deducts any deposit paid), so a deposit session
// still open would let the customer pay twice: it is expired at Stripe. A new session and a new
// invoice of one lead take turns on an advisory lock, so whichever comes second sees the other.

type Rows<T> = { rows: T[] }
type Sql = Pick<Awaited<ReturnType<typeof dbOf>>, 'execute'>

const lockLead = (db: Sql, lead: number) =>
  db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`deposit-sessions:${lead}`}))`)

/**
 * True once the quote's job is invoiced (an invoice of the quote or its lead, draft or sent,
 * not void): the invoice asks for the money then, and deducts whatever deposit was paid.
 */
export async function jobInvoiced(db: Sql, quote: number, lead: number | null): Promise<boolean> {
  const result = (await db.execute(sql`
    SELECT 1 FROM invoices
    WHERE kind = 'invoice' AND status <> 'void'
      AND (quote_id = ${quote} OR lead_id = ${lead})
    LIMIT 1`)) as unknown as Rows<unknown>
  return result.rows.length > 0
}

/**
 * Keeps a new deposit session and answers whether it may be paid: not once the job is invoiced
 * (then it is expired at once). Its own transaction, which commits before the customer is sent.
 */
export async function keepDepositSession(
  payload: Payload,
  session: { id: string; quote: number; lead: number | null; amountCents: number },
): Promise<boolean> {
  const adapter = payload.db as unknown as PostgresAdapter
  const kept = await adapter.drizzle.transaction(async (tx) => {
    if (session.lead != null) await lockLead(tx, session.lead)
    await tx.execute(sql`
      INSERT INTO stripe_checkout_sessions (id, quote_id, amount_cents)
      VALUES (${session.id}, ${session.quote}, ${session.amountCents})
      ON CONFLICT (id) DO NOTHING`)
    const open = (await tx.execute(sql`
      SELECT 1 FROM stripe_checkout_sessions WHERE id = ${session.id} AND closed_at IS NULL`)) as unknown as Rows<unknown>
    return open.rows.length === 1 && !(await jobInvoiced(tx, session.quote, session.lead))
  })
  if (!kept) await expireSession(payload, session.id)
  return kept
}

/**
 * In the transaction of an invoice made for the lead: the job that expires its quotes' deposit
 * sessions, when any is still open.
 */
export async function queueDepositSessionsExpiry(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  lead: number,
): Promise<void> {
  const db = await dbOf(payload, req)
  await lockLead(db, lead)
  await queueExpiryWhenOpen(
    payload,
    req,
    sql`s.quote_id IN (SELECT id FROM quotes WHERE lead_id = ${lead})`,
    {
      leadId: lead,
    },
  )
}

// The expiry job, in the caller's transaction, when any of those sessions is still open.
async function queueExpiryWhenOpen(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  sessions: ReturnType<typeof sql>,
  input: { leadId: number } | { quoteId: number } | { settledQuoteId: number },
): Promise<void> {
  const db = await dbOf(payload, req)
  const open = (await db.execute(sql`
    SELECT 1 FROM stripe_checkout_sessions s WHERE ${sessions} AND s.closed_at IS NULL
    LIMIT 1`)) as unknown as Rows<unknown>
  if (open.rows.length === 0) return
  await payload.jobs.queue({ task: 'expireDepositSessions', input, req: req as PayloadRequest | undefined })
}

/** Expires, at Stripe, each open deposit session of the lead's quotes once the job is invoiced. */
export async function expireInvoicedDepositSessions(payload: Payload, lead: number): Promise<number> {
  const db = await dbOf(payload)
  const open = (await db.execute(sql`
    SELECT s.id FROM stripe_checkout_sessions s JOIN quotes q ON q.id = s.quote_id
    WHERE q.lead_id = ${lead} AND s.closed_at IS NULL
      AND EXISTS (
        SELECT 1 FROM invoices i
        WHERE i.kind = 'invoice' AND i.status <> 'void' AND (i.quote_id = q.id OR i.lead_id = q.lead_id))
    ORDER BY s.created_at`)) as unknown as Rows<{ id: string }>
  for (const { id } of open.rows) await expireSession(payload, id)
  return open.rows.length
}

/**
 * After a quote is deleted (by staff, or by an erasure), in that transaction: its deposit
 * sessions still open are expired, as nothing is owed on a quote that is gone.
 */
export async function queueDeletedQuoteSessionsExpiry(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  quote: number,
): Promise<void> {
  await queueExpiryWhenOpen(payload, req, sql`s.quote_id = ${quote}`, { quoteId: quote })
}

/** Expires, at Stripe, the open deposit sessions of a quote that no longer exists. */
export async function expireDeletedQuoteSessions(payload: Payload, quote: number): Promise<number> {
  const db = await dbOf(payload)
  const open = (await db.execute(sql`
    SELECT s.id FROM stripe_checkout_sessions s
    WHERE s.quote_id = ${quote} AND s.closed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.id = s.quote_id)
    ORDER BY s.created_at`)) as unknown as Rows<{ id: string }>
  for (const { id } of open.rows) await expireSession(payload, id)
  return open.rows.length
}

/**
 * In the transaction of a deposit taken by hand or waived: the quote's deposit sessions still
 * open are expired, so a customer with Stripe's page still open cannot pay the deposit again.
 */
export async function queueSettledDepositSessionsExpiry(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  quote: number,
): Promise<void> {
  await queueExpiryWhenOpen(payload, req, sql`s.quote_id = ${quote}`, { settledQuoteId: quote })
}

/** Expires, at Stripe, the open deposit sessions of a quote whose deposit was waived or paid by hand. */
export async function expireSettledDepositSessions(payload: Payload, quote: number): Promise<number> {
  const db = await dbOf(payload)
  const open = (await db.execute(sql`
    SELECT s.id FROM stripe_checkout_sessions s JOIN quotes q ON q.id = s.quote_id
    WHERE s.quote_id = ${quote} AND s.closed_at IS NULL
      AND (q.deposit_waived_at IS NOT NULL OR EXISTS (
        SELECT 1 FROM payments p WHERE p.quote_id = q.id AND p.kind = 'deposit' AND p.stripe_id IS NULL))
    ORDER BY s.created_at`)) as unknown as Rows<{ id: string }>
  for (const { id } of open.rows) await expireSession(payload, id)
  return open.rows.length
}
