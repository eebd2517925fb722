import type { Payload } from 'payload'

// An idle connection of the database pool that PostgreSQL closes (a restart, a failover,
// Ctrl-C reaching the development cluster) makes the pool emit 'error'. Payload's adapter
// adds no listener, so Node reports an uncaught exception with the whole client object.
// The pool drops such a client by itself and the next query opens a new one: a warning
// is all it needs.
export function logIdlePoolErrors(payload: Payload): void {
  const pool = (payload.db as { pool?: NodeJS.EventEmitter }).pool
  if (!pool || pool.listenerCount('error') > 0) return
  pool.on('error', (err: Error) => {
    payload.logger.warn(
      `database: an idle connection was closed (${err.message}); the next query opens a new one`,
    )
  })
}
