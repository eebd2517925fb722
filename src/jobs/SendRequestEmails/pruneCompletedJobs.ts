import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

// Kept a week (see src/jobs/index.ts), then removed a few at a time.
export async function pruneCompletedJobs(payload: Payload): Promise<void> {
  await (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`
    DELETE FROM payload_jobs WHERE id IN (
      SELECT id FROM payload_jobs WHERE completed_at < now() - interval '7 days' LIMIT 50
      FOR UPDATE SKIP LOCKED)
  `)
}
