import type { postgresAdapter } from '@payloadcms/db-postgres'

type AdapterResult = ReturnType<typeof postgresAdapter>

// Production servers apply pending migrations as they start (`prodMigrations`), and so
// does `npm run migrate`. Payload takes no lock for it, so two instances starting together
// (a rolling deploy, two replicas) would run the same migration at once: one fails
// half-way, or both record it. Here every migrate run holds a PostgreSQL advisory lock
// for its whole length: the second waits, then finds nothing left to do.
export const MIGRATION_LOCK_KEY = 7_260_501

export function serialiseMigrations(result: AdapterResult): AdapterResult {
  return {
    ...result,
    init: (args) => {
      const adapter = result.init(args)
      const migrate = adapter.migrate.bind(adapter)
      adapter.migrate = async (migrateArgs) => {
        // A session lock on a connection of its own: the migrations use the pool's others.
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
