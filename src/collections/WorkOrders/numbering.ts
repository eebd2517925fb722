import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook, Payload, PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'

// Work orders are numbered 1, 2, 3... across instances from one counter row, taken in the
// work order's own transaction (held to its commit, a rolled-back create gives its number
// back). Taken on a connection of its own, each create held two: as many creates at once as
// the pool has connections then waited on each other for good, and the instance with them.

export async function takeWorkOrderNumber(payload: Payload, req: PayloadRequest): Promise<number> {
  const result = (await (
    await dbOf(payload, req)
  ).execute(sql`
    INSERT INTO work_order_counter (id, last) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET last = work_order_counter.last + 1
    RETURNING last`)) as unknown as { rows: { last: number }[] }
  return Number(result.rows[0].last)
}

// After the fields' access has been applied, so neither a partner nor staff can send one.
export const numberWorkOrder: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  return { ...data, number: await takeWorkOrderNumber(req.payload, req) }
}
