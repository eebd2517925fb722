import type { CollectionBeforeDeleteHook } from 'payload'
import { APIError } from 'payload'
import { sql } from '@payloadcms/db-postgres'

import { ERASE_INSTEAD_OF_DELETE } from '@/lib/erase-request'
import { dbOf } from '@/server/db'

// A lead's quotes (and their versions), its timeline, its visits and its texts go with it, in its
// transaction: they are the customer's data too, and none can be without its lead.
export const removeLeadRecords: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const db = await dbOf(req.payload, req)
  const leadId = Number(id)
  // A send or payment locks the invoice, then writes an event on the lead (a key share on it):
  // taking the whole lead before its invoices would deadlock with one under way. So first the
  // lead against other writes (an erasure) but not key shares, then its invoices (one sent at
  // this moment is then seen as sent).
  await db.execute(sql`SELECT id FROM leads WHERE id = ${leadId} FOR NO KEY UPDATE`)
  await db.execute(sql`SELECT id FROM invoices WHERE lead_id = ${leadId} FOR UPDATE`)
  // Then the whole row: a job adding a timeline entry at this moment holds a key-share lock on it
  // until it commits, so its entry is seen and removed below instead of being left to ON DELETE
  // SET NULL, which its NOT NULL column refuses (the delete answered 500).
  const lead = (await db.execute(
    sql`SELECT erased_at FROM leads WHERE id = ${leadId} FOR UPDATE`,
  )) as unknown as { rows: { erased_at: unknown }[] }
  // Sent invoices and payments stay for the books, and would keep naming the customer: a lead
  // with any is erased instead (which takes the name off them), then may go.
  if (lead.rows[0] && lead.rows[0].erased_at == null) {
    const books = (await db.execute(sql`
      SELECT 1 FROM invoices WHERE lead_id = ${leadId} AND status <> 'draft'
      UNION ALL SELECT 1 FROM payments WHERE lead_id = ${leadId}
      LIMIT 1`)) as unknown as { rows: unknown[] }
    if (books.rows.length) throw new APIError(ERASE_INSTEAD_OF_DELETE, 409, null, true)
  }
  await req.payload.delete({
    collection: 'quotes',
    where: { lead: { equals: id } },
    overrideAccess: true,
    req,
  })
  await db.execute(sql`DELETE FROM lead_events WHERE lead_id = ${leadId}`)
  await db.execute(sql`DELETE FROM visits WHERE lead_id = ${leadId}`)
  await db.execute(sql`DELETE FROM text_messages WHERE lead_id = ${leadId}`)
  // Draft invoices go; an erased customer's sent ones and payments stay for the books, without
  // their lead.
  await db.execute(sql`DELETE FROM invoices WHERE lead_id = ${leadId} AND status = 'draft'`)
}
