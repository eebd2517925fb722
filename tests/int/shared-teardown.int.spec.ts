import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { afterAll, expect, it } from 'vitest'

import { testPayload } from '../helpers/payload'

// The worker's shared Payload outlives each file, and so do its timers: the rate limiters clear
// expired rows every five minutes, and a clean-up may be opening a connection just as a file
// ends. The file's teardown (int-shared-setup.ts) must then let that query finish instead of
// failing the file on a connection without its release, as it once did in CI. This file ends
// with four queries on connections still being opened.

type Pool = { query: (text: string) => Promise<unknown>; _clients: { release?: unknown }[] }

afterAll(async () => {
  const pool = (await testPayload()).db as unknown as PostgresAdapter
  const shared = pool.pool as unknown as Pool
  for (let i = 0; i < 4; i++) void shared.query('SELECT 1').catch(() => {})
  // The pool opens them on the next turn; the file ends while they connect.
  await new Promise((resolve) => setImmediate(resolve))
  expect(shared._clients.some((client) => typeof client.release !== 'function')).toBe(true)
})

it('shares the worker’s Payload, whose timers outlive the file', async () => {
  expect((await testPayload()).db.name).toBe('postgres')
})
