import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Migration, Payload } from 'payload'

import { migrations } from '../../migrations'

import type { RestoreMigrations } from './backup'

// The repository's migrations applied by Payload's own `migrate` (each in its transaction,
// recorded in payload_migrations, under the migration lock) to the database restored into.
// Payload starts only when a migration is to run: a database already at the backup's
// migrations needs none.
export function payloadMigrations(databaseUrl: string): RestoreMigrations & { close: () => Promise<void> } {
  let started: Promise<Payload> | null = null
  const start = async () => {
    // As `payload migrate` starts it: no schema push, no onInit.
    process.env.PAYLOAD_MIGRATING = 'true'
    const [{ default: config }, { default: payload }] = await Promise.all([
      import('@payload-config'),
      import('payload'),
    ])
    await payload.init({ config: await config, disableDBConnect: true, disableOnInit: true })
    const adapter = payload.db as unknown as PostgresAdapter
    adapter.poolOptions = { ...adapter.poolOptions, connectionString: databaseUrl }
    // Not every migration on connecting, as a production start does: restore stops at the
    // backup's own to load its rows first.
    adapter.prodMigrations = undefined
    await adapter.connect!()
    return payload
  }
  return {
    names: migrations.map((m) => m.name),
    async up(upTo) {
      const payload = await (started ??= start())
      const end = upTo === undefined ? migrations.length : migrations.findIndex((m) => m.name === upTo) + 1
      if (end === 0) throw new Error(`No migration ${upTo} in this version of the code.`)
      await payload.db.migrate({ migrations: migrations.slice(0, end) as Migration[] })
    },
    async close() {
      if (started) await (await started).destroy()
    },
  }
}
