import fs from 'node:fs'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type pg from 'pg'
import { afterAll, vi } from 'vitest'

import { TEST_DATA_DIR } from './env'
import { testPayload } from './payload'

// Before each file of the `int` project (Vitest setupFiles, after int-setup.ts), whose files
// share one module graph and one Payload per worker (`isolate: false`): Payload boots with the
// worker's first file and is pointed at each file's own database copy in turn. Each file also
// starts with an empty data folder (the worker's DATA_DIR, which the config read once), the
// environment as the file before found it, and real timers.

// pg-pool's own fields: the pool keeps no public way to close its connections and carry on.
type Pool = pg.Pool & {
  options: pg.PoolConfig
  _clients: (pg.PoolClient & { release: (err?: boolean) => void })[]
  _idle: { client: pg.PoolClient }[]
  _remove: (client: pg.PoolClient) => void
}

fs.rmSync(TEST_DATA_DIR, { recursive: true, force: true })
fs.mkdirSync(TEST_DATA_DIR, { recursive: true })

const payload = await testPayload()
const logLevel = payload.logger.level
// Taken once Payload is up: whatever its boot sets stays for every file.
const env = { ...process.env }
// The pool stays the same object (the rate limiters hold it); its next connections go to the
// file's database.
const pool = (payload.db as unknown as PostgresAdapter).pool as Pool
pool.options.connectionString = process.env.DATABASE_URL

afterAll(async () => {
  // Closed before int-setup.ts drops the database. Payload's adapter keeps the first
  // connection it opened checked out for good; released with an error, the pool ends it. A
  // connection still being opened (the rate limiters clear expired rows every five minutes, at
  // any moment of the worker's run) is left to its query, which gives it back to the pool.
  await Promise.all(pool._clients.filter((client) => !client.release).map((client) => givenBack(client)))
  const idle = new Set(pool._idle.map((item) => item.client))
  for (const client of [...pool._clients]) {
    if (idle.has(client)) pool._remove(client)
    else client.release(true)
  }
  payload.logger.level = logLevel
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
  Object.assign(process.env, env)
  vi.useRealTimers()
})

/** Once the query the connection was opened for has given it back, or it failed to open. */
function givenBack(client: pg.PoolClient): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      pool.off('release', released)
      pool.off('remove', released)
      client.off('end', done)
      resolve()
    }
    const released = (...args: unknown[]) => {
      if (args.includes(client)) done()
    }
    pool.on('release', released)
    pool.on('remove', released)
    client.once('end', done)
  })
}
