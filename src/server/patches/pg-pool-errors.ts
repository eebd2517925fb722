import type { Payload } from 'payload'

type Client = NodeJS.EventEmitter & { [WATCHED]?: true; [IN_USE]?: boolean }
const WATCHED = Symbol('closedConnectionsLogged')
const IN_USE = Symbol('inUse')

// Workaround: @payloadcms/db-postgres 3.90 opens its pg Pool with no 'error' listener, so a
// connection closed by a database restart or failover emits an unhandled 'error' and ends the
// process. The pool drops an idle client itself; one in use fails its next query and is
// dropped on release. Installed from payload.config.ts's onInit.
// Upstream: https://github.com/payloadcms/payload/blob/main/packages/db-postgres/src/connect.ts#L64
// (3.90.x), no issue filed. Remove when the adapter listens itself: tests/int/patches.int.spec.ts says when.
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
      // Idle again: the pool's own listener has it.
      if (!client[IN_USE]) return
      payload.logger.warn(
        `database: a connection in use was closed (${err.message}); the request using it fails, the next one opens a new connection`,
      )
    })
  })
}
