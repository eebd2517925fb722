import { sql } from '@payloadcms/db-postgres'
import type { MigrateDownArgs, MigrateUpArgs, PostgresAdapter } from '@payloadcms/db-postgres'
import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type { Payload } from 'payload'
import pg from 'pg'

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

// A database of its own built by the migrations up to and including `upTo`, each in its
// transaction and recorded as a first `payload migrate` records it (batch 1): a site that
// has not yet taken the later ones. The migrations use only `db`.
export async function migrateDatabaseTo(databaseUrl: string, upTo: string): Promise<void> {
  const end = migrations.findIndex((m) => m.name === upTo) + 1
  if (!end) throw new Error(`no migration named ${upTo}`)
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    const db = drizzle({ client: pool })
    for (const migration of migrations.slice(0, end)) {
      await db.transaction(async (tx) => {
        await migration.up({ db: tx, payload: undefined, req: {} } as unknown as MigrateUpArgs)
        await tx.execute(sql`INSERT INTO payload_migrations (name, batch) VALUES (${migration.name}, 1)`)
      })
    }
  } finally {
    await pool.end()
  }
}
