import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeOperationHook } from 'payload'

import { dbOf } from '@/server/db'

// A save reads the quote, then writes it whole. The customer's answer is one conditional
// UPDATE in between: without a lock, a staff save started before it would write the old
// status back and lose the acceptance. Locking the rows first (in the save's transaction)
// makes Payload read what the customer's answer committed, and makes the answer wait.
// Invoices use the same lock: a draft saved while it is being sent must not be written back;
// so do work orders: a partner's save must not write back a wheel the technician marked done.
const TABLES = { quotes: 'quotes', invoices: 'invoices', 'work-orders': 'work_orders' } as const

export const lockRowsOf =
  (collection: keyof typeof TABLES): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    if (operation !== 'update') return args
    // updateByID's arguments carry the id; a bulk update's, a where.
    const { id } = args as { id?: number | string }
    const ids: (number | string)[] = id
      ? [id]
      : args.where
        ? (
            await req.payload.find({
              collection,
              where: args.where,
              depth: 0,
              limit: 0,
              pagination: false,
              select: {},
              overrideAccess: true,
              req,
            })
          ).docs.map((doc) => doc.id)
        : []
    const numeric = ids.map(Number).filter((id) => Number.isSafeInteger(id))
    if (numeric.length === 0) return args
    const db = await dbOf(req.payload, req)
    await db.execute(
      sql`SELECT id FROM ${sql.identifier(TABLES[collection])} WHERE id IN (${sql.join(
        numeric.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id FOR UPDATE`,
    )
    return args
  }
