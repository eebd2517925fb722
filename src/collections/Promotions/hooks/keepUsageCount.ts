import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook } from 'payload'

import { dbOf } from '@/server/db'

// The count of uses is kept in SQL by the request endpoint (../redemption.ts). A
// save, and above all publishing a draft, would write back the count the edited version
// holds; this takes the row's own, locked until the save commits so no redemption slips in.
// A count other than the version's was written on purpose (server code; field access turns
// anyone else's back to the version's) and is kept.
export const keepUsageCount: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || !originalDoc?.id) return data
  if ((data.usageCount ?? 0) !== (originalDoc.usageCount ?? 0)) return data
  const db = await dbOf(req.payload, req)
  const result = (await db.execute(
    sql`SELECT usage_count FROM promotions WHERE id = ${originalDoc.id} FOR UPDATE`,
  )) as unknown as { rows: { usage_count: number | string | null }[] }
  const row = result.rows[0]
  return row ? { ...data, usageCount: Number(row.usage_count ?? 0) } : data
}
