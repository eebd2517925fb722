import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { TaskConfig } from 'payload'

import { RETENTION_MONTHS } from '@/lib/erase-request'
import { dbOf } from '@/server/db'
import { eraseLeads } from '@/collections/Leads/eraseLeads'

// At most this many leads a run, so one transaction stays short; the next day takes the rest.
const BATCH = 200

// The privacy policy's "quote requests that do not lead to a job are deleted after 12 months":
// a lead is erased, as on the customer's request, once it is that old, was never completed and
// never had a visit that was not called off. Scheduled daily by Payload (handleSchedules, from the
// queue's cron or the worker); one job at a time in the whole deployment (src/server/db-schema.ts).
export const eraseStaleLeads: TaskConfig<'eraseStaleLeads'> = {
  slug: 'eraseStaleLeads',
  label: 'Erase quote requests that led to no job within 12 months',
  schedule: [{ cron: '0 9 * * *', queue: 'default' }],
  outputSchema: [{ name: 'erasedLeads', type: 'number' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 60_000 } },
  handler: async ({ req }) => {
    // Payload runs a task outside any transaction: the rows are locked and erased in one.
    const own = await initTransaction(req)
    try {
      const db = await dbOf(req.payload, req)
      // SKIP LOCKED: a run at the same moment (or a staff erasure) takes other rows.
      const stale = (await db.execute(sql`
        SELECT id FROM leads l
        WHERE l.erased_at IS NULL AND l.status <> 'completed'
          AND l.created_at < now() - ${`${RETENTION_MONTHS} months`}::interval
          AND NOT EXISTS (SELECT 1 FROM visits v WHERE v.lead_id = l.id AND v.cancelled_at IS NULL)
        ORDER BY l.id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`)) as unknown as { rows: { id: number | string }[] }
      const ids = stale.rows.map((r) => Number(r.id))
      const erased = ids.length ? (await eraseLeads(req, ids, { by: null, reason: 'retention' })).leads : 0
      if (own) await commitTransaction(req)
      return { output: { erasedLeads: erased } }
    } catch (err) {
      if (own) await killTransaction(req)
      throw err
    }
  },
}
