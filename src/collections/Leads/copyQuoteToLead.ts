import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'

// What Lead Management, Payload's list and the CSV show of a lead's latest quote: copied on
// every change of its quotes, so lists filter and sort on it without a join.
export async function copyQuoteToLead(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  lead: number,
): Promise<void> {
  const db = await dbOf(payload, req)
  await db.execute(sql`
    UPDATE leads SET (quote_status, quote_total, quote_accepted_at) = (
      SELECT q.status::text::enum_leads_quote_status, q.total_cents / 100.0, q.accepted_at
      FROM quotes q WHERE q.lead_id = ${lead} ORDER BY q.created_at DESC, q.id DESC LIMIT 1)
    WHERE id = ${lead}`)
}
