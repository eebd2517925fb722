import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'

// At most this many reminders a run, so one transaction stays short; the next run takes the rest.
const BATCH = 100

type Rows<T> = { rows: T[] }

/**
 * The statements due their one overdue reminder, claimed in the caller's transaction: still
 * owing after their due day (the business day their net terms after the day they were issued,
 * in `timeZone`), never reminded. The conditional UPDATE is the claim (SKIP LOCKED: a run at the
 * same moment takes other rows, and a row it committed is reminded already).
 */
export async function claimOverdueStatements(req: PayloadRequest, timeZone: string): Promise<number[]> {
  const db = await dbOf(req.payload, req)
  const { rows } = (await db.execute(sql`
    UPDATE statements SET reminded_at = now(), updated_at = now()
    WHERE id IN (
      SELECT s.id FROM statements s
      WHERE s.paid_cents < s.total_cents AND s.reminded_at IS NULL
        AND (s.issued_at AT TIME ZONE ${timeZone})::date + s.net_terms_days::int
          < (now() AT TIME ZONE ${timeZone})::date
      ORDER BY s.id LIMIT ${BATCH}
      FOR UPDATE OF s SKIP LOCKED)
    AND reminded_at IS NULL
    RETURNING id`)) as unknown as Rows<{ id: number | string }>
  return rows.map((r) => Number(r.id))
}
