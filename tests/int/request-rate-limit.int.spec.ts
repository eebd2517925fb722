import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { setupHarness } from '../helpers/harness'
import { REQUEST_FIELDS, requestForm, submitRequest } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// The per-client limit keyed by the address the request really came from. The server
// appends each request's socket address to X-Forwarded-For from Node's
// 'http.server.request.start' channel (src/instrumentation.ts installs it; Next itself
// passes a client's header on untouched); the test server installs the same appender as
// it starts, and every request comes from 127.0.0.1 while claiming a different
// X-Forwarded-For.

const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle

beforeEach(async () => {
  // Each test says how many proxies it stands behind.
  delete process.env.TRUSTED_PROXY_HOPS
  await emptyCollections(h.payload, ['lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM rate_limit_points`)
})
afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS
})

// The quote limit's counters, by client address.
async function limitRows(): Promise<{ client: string; hits: number }[]> {
  const result = await db().execute(
    sql`SELECT key, points AS hits FROM rate_limit_points WHERE key LIKE 'quote:address:%' ORDER BY key`,
  )
  return (result as unknown as { rows: { key: string; hits: unknown }[] }).rows.map((r) => ({
    client: r.key.slice('quote:address:'.length),
    hits: Number(r.hits),
  }))
}

describe('with no proxy in front (TRUSTED_PROXY_HOPS unset)', () => {
  it('a new made-up X-Forwarded-For on every request does not escape the limit', async () => {
    const spoofed = Array.from({ length: 6 }, (_, i) => `198.51.100.${i + 1}`)
    const statuses = []
    for (const client of spoofed)
      statuses.push((await submitRequest(h.http, requestForm(), { client })).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    expect(await limitRows()).toEqual([{ client: '127.0.0.1', hits: 6 }])
    expect(await h.payload.count({ collection: 'leads' })).toMatchObject({ totalDocs: 5 })
  })

  it('the same holds for REST creates of leads, which share the limit', async () => {
    for (let i = 0; i < 5; i++) expect((await submitRequest(h.http, requestForm())).status).toBe(201)
    // the HTTP client sends a fresh X-Forwarded-For with every request
    const rest = await h.http.post('/api/leads', { json: { ...REQUEST_FIELDS, serviceType: 'rim_rash' } })
    expect(rest.status).toBe(429)
    expect(await limitRows()).toEqual([{ client: '127.0.0.1', hits: 6 }])
  })

  it('without any X-Forwarded-For, the socket address alone is the client', async () => {
    const res = await h.http.post('/api/quote-requests', {
      form: requestForm(),
      headers: { 'X-Forwarded-For': '' },
    })
    expect(res.status).toBe(201)
    expect(await limitRows()).toEqual([{ client: '127.0.0.1', hits: 1 }])
  })
})

describe('behind one proxy of ours (TRUSTED_PROXY_HOPS=1)', () => {
  it('the address our proxy appended is the client; what the client wrote left of it is not', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1'
    // The test client plays the proxy: it appends the address it "saw", after whatever
    // the client itself claimed.
    const statuses = []
    for (let i = 0; i < 6; i++) {
      const res = await submitRequest(h.http, requestForm(), { client: `10.9.9.${i}, 203.0.113.50` })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    // another client behind the same proxy is not affected
    expect((await submitRequest(h.http, requestForm(), { client: '203.0.113.51' })).status).toBe(201)
    expect(await limitRows()).toEqual([
      { client: '203.0.113.50', hits: 6 },
      { client: '203.0.113.51', hits: 1 },
    ])
  })
})
