import type pg from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { testPayload } from '../helpers/payload'

// The pool that Payload's adapter opens gets a listener for errors of idle connections
// when Payload starts: without one, a database restart is an uncaught exception.
let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
  payload.logger.level = 'silent'
})

afterAll(async () => {
  await payload?.destroy()
})

describe('errors of idle database connections', () => {
  it('are taken by a listener on the pool, and the next query still works', async () => {
    const pool = (payload.db as unknown as { pool: NodeJS.EventEmitter }).pool
    expect(pool.listenerCount('error')).toBeGreaterThan(0)
    expect(() =>
      pool.emit('error', new Error('terminating connection due to administrator command')),
    ).not.toThrow()
    expect((await payload.count({ collection: 'leads' })).totalDocs).toBeGreaterThanOrEqual(0)
  })
})

describe('a connection closed while a request holds it between two queries', () => {
  it('is no uncaught exception: the next query on it fails, the client is dropped and the next query works', async () => {
    const pool = (payload.db as unknown as { pool: pg.Pool }).pool
    const uncaught: unknown[] = []
    let sawUncaught!: () => void
    const uncaughtSeen = new Promise<void>((resolve) => (sawUncaught = resolve))
    const onUncaught = (err: unknown) => {
      uncaught.push(err)
      sawUncaught()
    }
    process.on('uncaughtException', onUncaught)
    try {
      // As a quote's transaction is while its photos are worked on: open, between queries.
      const client = await pool.connect()
      await client.query('BEGIN')
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      const closed = new Promise((resolve) => client.once('end', resolve))
      // Another connection closes it, as a restart or a failover does.
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0].pid])
      // Closed, or its error reached the process.
      await Promise.race([closed, uncaughtSeen])
      expect(uncaught).toEqual([])
      await expect(client.query('SELECT 1')).rejects.toThrow()
      client.release()
      expect((await payload.count({ collection: 'leads' })).totalDocs).toBeGreaterThanOrEqual(0)
      expect(pool.totalCount).toBeGreaterThan(0)
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })
})
