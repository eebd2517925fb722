import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { TRY_AGAIN } from '@/server/customer-form-failure'
import { unsubscribePath } from '@/collections/ReviewOptOuts/reviewRequests'
import { newLinkNonce, customerLinkToken } from '@/server/customer-link-token'

import { setupHarness } from '../helpers/harness'

// The forms a customer posts from an e-mail's link (the quote's answer, the visit, the
// unsubscribe) while the database is gone: a 503 with Retry-After, a page that says to try
// again for a browser and JSON for a script, never a 500.
const h = setupHarness({ http: true, personas: false })

// Closes the test database to every connection, the app's pool included, until `reopen`.
async function databaseOutage() {
  const url = new URL(process.env.DATABASE_URL!)
  const name = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`)
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name])
  return async () => {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`)
    await admin.end()
  }
}

describe("the customer's forms with the database gone", () => {
  it('answer 503 with Retry-After: a page for a browser, JSON for a script', async () => {
    // Links whose signatures hold, so each form gets as far as the database.
    const token = customerLinkToken(h.payload.secret, newLinkNonce())
    const unsubscribe = new URL(unsubscribePath(h.payload.secret, 'maria@example.com'), 'http://x')
    const forms: [string, Record<string, string>][] = [
      ['/api/quote-links/accept', { token }],
      ['/api/quote-links/changes', { token, message: 'Front wheels only, please.' }],
      ['/api/quote-links/book', { token, start: new Date().toISOString() }],
      ['/api/quote-links/cancel-visit', { token }],
      [
        '/api/review-requests/unsubscribe',
        { e: unsubscribe.searchParams.get('e')!, t: unsubscribe.searchParams.get('t')! },
      ],
    ]
    const reopen = await databaseOutage()
    try {
      for (const [path, fields] of forms) {
        for (const accept of ['text/html', 'application/json']) {
          const res = await h.http.post(path, {
            body: new URLSearchParams(fields).toString(),
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Accept: accept,
              Referer: `${h.http.baseURL}/quote/${token}`,
            },
          })
          expect([path, accept, res.status, res.headers.get('retry-after')]).toEqual([path, accept, 503, '5'])
          if (accept === 'application/json') {
            expect(res.body).toEqual({ message: TRY_AGAIN })
          } else {
            expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
            expect(res.text).toContain(TRY_AGAIN)
          }
        }
      }
    } finally {
      await reopen()
    }
    // Back again: the next request is answered as usual.
    const res = await h.http.post('/api/quote-links/accept', {
      body: new URLSearchParams({ token }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    })
    expect([res.status, res.body]).toEqual([409, { message: 'This quote cannot be answered any more.' }])
  })
})
