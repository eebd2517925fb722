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
