import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'

// Its own module: the quote's deposit page and the invoice's settlement both read it, and the
// deposit settles the invoice, so neither side can import the other for it.

/**
 * Deposits paid on the quote less their refunds, in the caller's transaction when it has one:
 * what the quote shows as paid and what an invoice drafted from it deducts.
 */
export async function depositPaidCents(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  quote: number,
): Promise<number> {
  const db = await dbOf(payload, req)
  const result = (await db.execute(sql`
    SELECT coalesce(sum(CASE WHEN kind = 'refund' THEN -amount_cents ELSE amount_cents END), 0) AS paid
    FROM payments WHERE quote_id = ${quote} AND invoice_id IS NULL AND kind IN ('deposit', 'refund')
  `)) as unknown as { rows: { paid: string | number }[] }
  return Math.max(0, Number(result.rows[0]?.paid ?? 0))
}
