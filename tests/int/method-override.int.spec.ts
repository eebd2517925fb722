import * as qs from 'qs-esm'
import { describe, expect, it } from 'vitest'

import { PERSONAS, setupHarness, type Persona } from '../helpers/harness'

// Payload's admin looks up related documents (a promotion's "Created By", any relationship
// or upload field) with a POST that it asks to be read as a GET: the query form-encoded in
// the body, `X-Payload-HTTP-Method-Override: GET` (@payloadcms/ui fields/Relationship/Input.tsx).
// It must answer as the GET of the same query does, to every caller.
const h = setupHarness({ http: true, partner: true })

function readOverride(path: string, query: Record<string, unknown>, persona: Persona) {
  return h.http.post(path, {
    session: h.sessionOf(persona),
    body: qs.stringify(query),
    headers: {
      'Accept-Language': 'en',
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Payload-HTTP-Method-Override': 'GET',
    },
  })
}

describe("Payload's read override (POST with X-Payload-HTTP-Method-Override: GET)", () => {
  it("answers the admin's lookup of a document's author with the account, as Payload's UI sends it", async () => {
    const admin = h.accounts.admin.user
    // What the relationship field sends for the ids it shows (useAsTitle of users is email).
    const query = {
      depth: 0,
      draft: true,
      limit: 1,
      select: { email: true },
      where: { id: { in: [admin.id] } },
    }
    const res = await readOverride('/api/users', query, 'admin')
    expect(res.status).toBe(200)
    expect(res.body.docs).toHaveLength(1)
    expect(res.body.docs[0]).toMatchObject({ id: admin.id, email: admin.email })
  })

  it.each(PERSONAS)(
    'gives %s exactly what a GET of the same query gives, in every collection',
    async (persona) => {
      const query = { depth: 0, draft: true, limit: 50, sort: 'id' }
      const slugs = h.payload.config.collections.map((c) => c.slug)
      expect(slugs).toEqual(
        expect.arrayContaining(['users', 'leads', 'promotions', 'payload-locked-documents']),
      )
      for (const slug of slugs) {
        const get = await h.http.get(`/api/${slug}${qs.stringify(query, { addQueryPrefix: true })}`, {
          session: h.sessionOf(persona),
        })
        const posted = await readOverride(`/api/${slug}`, query, persona)
        expect({ slug, status: posted.status, body: posted.body }).toEqual({
          slug,
          status: get.status,
          body: get.body,
        })
      }
    },
  )

  it('reads, never writes: a sign-up sent with the override creates no account', async () => {
    const before = (await h.payload.count({ collection: 'users' })).totalDocs
    const res = await readOverride(
      '/api/users',
      { email: 'override@example.com', password: 'long-enough-secret' },
      'anonymous',
    )
    const get = await h.http.get('/api/users')
    expect({ status: res.status, body: res.body }).toEqual({ status: get.status, body: get.body })
    expect(res.status).toBe(403)
    expect((await h.payload.count({ collection: 'users' })).totalDocs).toBe(before)
  })

  it('keeps refusing a form-encoded body without the override (a create)', async () => {
    const res = await h.http.post('/api/users', {
      body: 'email=override@example.com&password=long-enough-secret',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(415)
  })
})
