import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { TaskConfig } from 'payload'

import { dbOf } from '@/server/db'

// A photo sent while a work order was being filled in, whose order was never sent, after a day.
export const ORPHAN_AFTER_HOURS = 24
// At most this many a run, so one transaction stays short; the next run takes the rest.
const BATCH = 200

type Db = Awaited<ReturnType<typeof dbOf>>

// Every column that points at a photo (the work orders' wheels, and whatever refers to photos
// later), read from the database's foreign keys, so no new reference is forgotten here. The
// admin's document locks do not keep a photo.
async function referencesOf(db: Db): Promise<{ table: string; column: string }[]> {
  const result = (await db.execute(sql`
    SELECT c.conrelid::regclass::text AS table, a.attname AS column
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'work_order_photos'::regclass
      AND c.conrelid <> 'payload_locked_documents_rels'::regclass`)) as unknown as {
    rows: { table: string; column: string }[]
  }
  return result.rows
}

/**
 * Removes work-order photos (rows and files) uploaded more than a day ago and never attached to
 * anything. Scheduled hourly by Payload, one job at a time in the whole deployment
 * (src/server/db-schema.ts). A photo being attached at that moment is safe: the attaching
 * insert and this delete lock the same row, so one waits for the other (SKIP LOCKED here).
 */
export const removeOrphanPhotos: TaskConfig<'removeOrphanPhotos'> = {
  slug: 'removeOrphanPhotos',
  label: 'Remove work-order photos never attached to a work order',
  schedule: [{ cron: '23 * * * *', queue: 'default' }],
  outputSchema: [{ name: 'removedPhotos', type: 'number' }],
  retries: { attempts: 6, backoff: { type: 'exponential', delay: 60_000 } },
  handler: async ({ req }) => {
    const own = await initTransaction(req)
    try {
      const db = await dbOf(req.payload, req)
      const unused = (await referencesOf(db)).map(
        ({ table, column }) =>
          sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} r WHERE r.${sql.identifier(column)} = p.id)`,
      )
      const orphans = (await db.execute(sql`
        SELECT p.id FROM work_order_photos p
        WHERE p.created_at < now() - ${`${ORPHAN_AFTER_HOURS} hours`}::interval
          ${unused.length ? sql`AND ${sql.join(unused, sql` AND `)}` : sql``}
        ORDER BY p.id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`)) as unknown as { rows: { id: number | string }[] }
      const ids = orphans.rows.map((r) => Number(r.id))
      if (ids.length) {
        // Through Payload, so the stored files (and their thumbnails) go with the rows.
        const { errors } = await req.payload.delete({
          collection: 'work-order-photos',
          where: { id: { in: ids } },
          overrideAccess: true,
          req,
        })
        if (errors.length) throw new Error(`orphan photos: ${errors.map((e) => e.message).join('; ')}`)
      }
      if (own) await commitTransaction(req)
      return { output: { removedPhotos: ids.length } }
    } catch (err) {
      if (own) await killTransaction(req)
      throw err
    }
  },
}
