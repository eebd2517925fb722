import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'

// At most this many reminders a run, so one transaction stays short; the next run takes the rest.
const BATCH = 100

type Rows<T> = { rows: T[] }

/**
 * The invoices due their one reminder, claimed in the caller's transaction: sent at least `days`
 * days ago, still owing, never reminded. The conditional UPDATE is the claim (SKIP LOCKED: a run
 * at the same moment takes other rows, and a row it committed is reminded already).
 */
export async function claimDueReminders(
  req: PayloadRequest,
  days: number,
): Promise<{ id: number; nonce: string }[]> {
  const db = await dbOf(req.payload, req)
  const { rows } = (await db.execute(sql`
    UPDATE invoices SET reminded_at = now(), updated_at = now()
    WHERE id IN (
      SELECT i.id FROM invoices i JOIN leads l ON l.id = i.lead_id
      WHERE i.kind = 'invoice' AND i.status IN ('sent', 'part_paid') AND i.balance_cents > 0
        AND i.reminded_at IS NULL AND i.token_nonce IS NOT NULL AND l.erased_at IS NULL
        AND i.sent_at <= now() - make_interval(days => ${days})
      ORDER BY i.id LIMIT ${BATCH}
      FOR UPDATE OF i SKIP LOCKED)
    AND reminded_at IS NULL
    RETURNING id, token_nonce`)) as unknown as Rows<{ id: number | string; token_nonce: string }>
  return rows.map((r) => ({ id: Number(r.id), nonce: r.token_nonce }))
}

/** A reminder sent by hand counts as the invoice's one reminder: the scheduled one is not sent after it. */
export async function markReminded(req: PayloadRequest, id: number): Promise<void> {
  const db = await dbOf(req.payload, req)
  await db.execute(sql`
    UPDATE invoices SET reminded_at = coalesce(reminded_at, now()), updated_at = now() WHERE id = ${id}`)
}
