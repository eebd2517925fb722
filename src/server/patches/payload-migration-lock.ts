import type { postgresAdapter } from '@payloadcms/db-postgres'

type AdapterResult = ReturnType<typeof postgresAdapter>

// Workaround: Payload 3.90 takes no lock around `migrate`, so two instances starting
// together (a rolling deploy) run the same migration at once. Every run here holds a
// PostgreSQL advisory lock: the second waits, then finds nothing left to do.
// Upstream: @payloadcms/db-postgres migrate (3.90.x), no issue filed.
// Remove when Payload locks migrations itself; tests/int/patches.int.spec.ts says when.
export const MIGRATION_LOCK_KEY = 7_260_501

export function serialiseMigrations(result: AdapterResult): AdapterResult {
  return {
    ...result,
    init: (args) => {
      const adapter = result.init(args)
      const migrate = adapter.migrate.bind(adapter)
      adapter.migrate = async (migrateArgs) => {
        // A session lock on a connection of its own: the migrations use the others.
        const client = await adapter.pool.connect()
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
          return await migrate(migrateArgs)
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
          client.release()
        }
      }
      return adapter
    },
  }
}
