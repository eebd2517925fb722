import { describe, expect, it } from 'vitest'

import { FORBIDDEN, seedLead, snapshot } from '../helpers/fixtures'
import { SITE_ORIGIN } from '../helpers/http-client'
import { type Doc, setupHarness } from '../helpers/harness'

// How an HTTP client is recognised, over real HTTP: the session cookie from
// POST /api/users/login counts only for requests from the site itself (payload.config.ts:
// csrf: [serverURL]); Payload 3.90 ignores it when the Origin is foreign, and when there
// is no Origin unless Sec-Fetch-Site says same-origin/same-site/none. The JWT in an
// Authorization header is not a cookie and counts from anywhere. An ignored session
// means the request is anonymous: staff-only data answers 403.

const h = setupHarness({ http: true })

type Case = {
  name: string
  auth: 'cookie' | 'jwt'
  origin: string | null
  headers?: Record<string, string>
  signedIn: boolean
}

// prettier-ignore
const CASES: Case[] = [
  { name: 'cookie, Origin of the site',                  auth: 'cookie', origin: SITE_ORIGIN,            signedIn: true },
  { name: 'cookie, foreign Origin',                      auth: 'cookie', origin: 'http://evil.example',  signedIn: false },
  { name: 'cookie, no Origin, no Sec-Fetch-Site',        auth: 'cookie', origin: null,                   signedIn: false },
  { name: 'cookie, no Origin, Sec-Fetch-Site same-origin', auth: 'cookie', origin: null, headers: { 'Sec-Fetch-Site': 'same-origin' }, signedIn: true },
  { name: 'cookie, no Origin, Sec-Fetch-Site cross-site',  auth: 'cookie', origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' },  signedIn: false },
  { name: 'JWT header, no Origin',                       auth: 'jwt',    origin: null,                   signedIn: true },
  { name: 'JWT header, foreign Origin',                  auth: 'jwt',    origin: 'http://evil.example',  signedIn: true },
]

describe('which requests count as signed in', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.signedIn ? 'staff' : 'anonymous'}`, async () => {
      const session = h.sessionOf('staff')
      const opts = { session, authWith: c.auth, origin: c.origin, headers: c.headers }
      const me = await h.http.get('/api/users/me', opts)
      expect(me.status).toBe(200)
      expect((me.body as Doc).user?.id ?? null).toBe(c.signedIn ? h.accounts.staff.user.id : null)

      const leads = await h.http.get('/api/leads?depth=0', opts)
      if (c.signedIn) expect(leads.status).toBe(200)
      else
        expect({ status: leads.status, body: leads.body }).toEqual({
          status: 403,
          body: { errors: [{ message: FORBIDDEN.message }] },
        })
    })
  }

  it('a write with a foreign Origin is anonymous too: refused, nothing created', async () => {
    const before = await snapshot(h.payload, 'promotions')
    const res = await h.http.post('/api/promotions', {
      session: h.sessionOf('admin'),
      origin: 'http://evil.example',
      json: { title: 'Cross-site', discountType: 'percentage', discountValue: 90 },
    })
    expect({ status: res.status, body: res.body }).toEqual({
      status: 403,
      body: { errors: [{ message: FORBIDDEN.message }] },
    })
    expect(await snapshot(h.payload, 'promotions')).toEqual(before)
  })

  it('a delete with a foreign Origin is refused, the lead stays', async () => {
    const lead = await seedLead(h.payload)
    const before = await snapshot(h.payload, 'leads')
    const res = await h.http.delete(`/api/leads/${lead.id}`, {
      session: h.sessionOf('admin'),
      origin: 'http://evil.example',
    })
    expect(res.status).toBe(403)
    expect(await snapshot(h.payload, 'leads')).toEqual(before)
  })

  it('after logout the session no longer counts', async () => {
    const account = h.accounts.staff
    const session = await h.http.login(account.email, account.password)
    expect((await h.http.get('/api/leads', { session })).status).toBe(200)
    expect((await h.http.post('/api/users/logout', { session })).status).toBe(200)
    expect((await h.http.get('/api/leads', { session })).status).toBe(403)
    expect((await h.http.get('/api/leads', { session, authWith: 'jwt' })).status).toBe(403)
  })
})

// src/app/(payload)/api/graphql/route.ts serves GET with the same handler: queries work
// (for the caller's access), mutations are refused by graphql-http.
describe('GraphQL over GET', () => {
  it("a query is answered with the caller's access", async () => {
    const query = encodeURIComponent('{ Leads { totalDocs } }')
    const anon = await h.http.get(`/api/graphql?query=${query}`)
    expect(anon.status).toBe(200)
    expect(anon.body.data).toEqual({ Leads: null })
    expect(anon.body.errors.map((e: Doc) => e.message)).toEqual([FORBIDDEN.message])
    const staff = await h.http.get(`/api/graphql?query=${query}`, { session: h.sessionOf('staff') })
    expect(staff.status).toBe(200)
    expect(staff.body).toEqual({
      data: { Leads: { totalDocs: (await snapshot(h.payload, 'leads')).length } },
    })
  })

  it('a mutation is refused and creates nothing', async () => {
    const before = await snapshot(h.payload, 'promotions')
    const mutation = encodeURIComponent('mutation { createPromotion(data: { title: "Over GET" }) { id } }')
    const res = await h.http.get(`/api/graphql?query=${mutation}`, { session: h.sessionOf('admin') })
    expect(res.status).toBe(405)
    expect(await snapshot(h.payload, 'promotions')).toEqual(before)
  })
})
