import type { PostgresAdapter, sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll } from 'vitest'

import { STRIPE_WEBHOOK_PATH } from '@/payments/stripe'

import type { Doc, Harness } from './harness'
import { type FakeStripe, startFakeStripe } from './stripe-server'

// A test file's fake Stripe (tests/helpers/stripe-server.ts), its keys in the environment the
// app reads them from, and its webhook deliveries signed as Stripe signs them.
export function withFakeStripe(h: Harness) {
  let fake: FakeStripe
  beforeAll(async () => {
    fake = await startFakeStripe()
    Object.assign(process.env, fake.env)
  })
  afterAll(async () => {
    for (const name of Object.keys(fake.env)) delete process.env[name]
    await fake.close()
  })
  return {
    get fake() {
      return fake
    },
    /** POST /api/stripe/webhooks as Stripe sends it; `signature: null` sends none. */
    deliver: (body: string, signature: string | null = fake.sign(body)) =>
      h.http.post(STRIPE_WEBHOOK_PATH, {
        body,
        headers: {
          'Content-Type': 'application/json',
          ...(signature ? { 'Stripe-Signature': signature } : {}),
        },
        origin: null,
      }),
  }
}

/** The rows of a raw query on the test database. */
export const rowsOf =
  (h: Harness) =>
  async <T = Doc>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await (h.payload.db as unknown as PostgresAdapter).drizzle.execute(query)) as unknown as { rows: T[] })
      .rows
