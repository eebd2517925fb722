import type { Payload } from 'payload'

type Client = NodeJS.EventEmitter & { [WATCHED]?: true; [IN_USE]?: boolean }
const WATCHED = Symbol('closedConnectionsLogged')
const IN_USE = Symbol('inUse')

// PostgreSQL closing a connection (a restart, a failover, Ctrl-C reaching the development
// cluster) makes its client emit 'error'. Payload's adapter adds no listener, so Node
// reports an uncaught exception with the whole client object, and a plain Node process
// would stop. Two cases:
// - An idle connection of the pool: the pool emits the error; it drops that client by
//   itself and the next query opens a new one.
// - A connection a request holds between two queries (a quote's transaction, open while
//   its photos are worked on): the pool listens to idle clients only. The request's next
//   query fails on the closed client and is answered as any database failure; released,
//   the client is dropped because it can no longer be queried.
// A warning is all either needs.
export function logClosedConnections(payload: Payload): void {
  const pool = (payload.db as { pool?: NodeJS.EventEmitter }).pool
  if (!pool || pool.listenerCount('error') > 0) return
  pool.on('error', (err: Error) => {
    payload.logger.warn(
      `database: an idle connection was closed (${err.message}); the next query opens a new one`,
    )
  })
  pool.on('release', (_err: unknown, client: Client) => void (client[IN_USE] = false))
  pool.on('acquire', (client: Client) => {
    client[IN_USE] = true
    if (client[WATCHED]) return
    client[WATCHED] = true
    client.on('error', (err: Error) => {
      // Idle again: the pool's own listener (above) has it.
      if (!client[IN_USE]) return
      payload.logger.warn(
        `database: a connection in use was closed (${err.message}); the request using it fails, the next one opens a new connection`,
      )
    })
  })
}
