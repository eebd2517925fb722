import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import { uniqueIndex } from '@payloadcms/db-postgres/drizzle/pg-core'

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

// Payload queues a scheduled task when it counts none waiting or running, which two instances
// can both find at once. The database takes one waiting or running scheduled job per task and
// queue; the other instance's insert is refused, and Payload counts that schedule as skipped.
export const declareOneScheduledJob: SchemaHook = ({ schema, extendTable }) => {
  const jobs = schema.tables.payload_jobs
  if (!jobs) return schema
  extendTable({
    table: jobs,
    extraConfig: (t) => ({
      payload_jobs_one_scheduled_idx: uniqueIndex('payload_jobs_one_scheduled_idx')
        .on(t.taskSlug, t.queue)
        .where(sql`completed_at IS NULL AND NOT has_error AND (meta->>'scheduled') = 'true'`),
    }),
  })
  return schema
}
