import type { MigrateDownArgs, MigrateUpArgs, PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { migrations } from '../../migrations'

// Steps back over one migration and forward again, with every later one undone first and
// redone after, so the schema ends as the config says (a later migration may have changed
// what this one creates, e.g. the jobs' task enum). Tests the migration's down and up.
export async function migrateDownAndUp(payload: Payload, name: string): Promise<void> {
  const at = migrations.findIndex((m) => m.name.replace(/^\d+_\d+_/, '') === name)
  if (at < 0) throw new Error(`no migration named ${name}`)
  const db = (payload.db as unknown as PostgresAdapter).drizzle
  const args = { db, payload, req: {} } as unknown as MigrateUpArgs & MigrateDownArgs
  for (let i = migrations.length - 1; i >= at; i--) await migrations[i].down(args)
  for (let i = at; i < migrations.length; i++) await migrations[i].up(args)
}
