import type { CollectionBeforeDeleteHook } from 'payload'
import { sql } from '@payloadcms/db-postgres'

import { dbOf } from '@/server/db'

// A lead's quotes (and their versions), its timeline, its visits and its texts go with it, in its
// transaction: they are the customer's data too, and none can be without its lead.
export const removeLeadRecords: CollectionBeforeDeleteHook = async ({ id, req }) => {
  // The lead's row first: a job adding a timeline entry at this moment holds a key-share lock
  // on it until it commits, so its entry is seen and removed below instead of being left to
  // ON DELETE SET NULL, which its NOT NULL column refuses (the delete answered 500).
  const db = await dbOf(req.payload, req)
  await db.execute(sql`SELECT id FROM leads WHERE id = ${Number(id)} FOR UPDATE`)
  await req.payload.delete({
    collection: 'quotes',
    where: { lead: { equals: id } },
    overrideAccess: true,
    req,
  })
  await db.execute(sql`DELETE FROM lead_events WHERE lead_id = ${Number(id)}`)
  await db.execute(sql`DELETE FROM visits WHERE lead_id = ${Number(id)}`)
  await db.execute(sql`DELETE FROM text_messages WHERE lead_id = ${Number(id)}`)
  // Draft invoices go; sent ones and payments stay for the books, without their lead.
  await db.execute(sql`DELETE FROM invoices WHERE lead_id = ${Number(id)} AND status = 'draft'`)
}
