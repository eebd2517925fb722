import { describe, expect, it } from 'vitest'

import { counts } from '../helpers/request-fixtures'
import { leadInput } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'

// Bodies of the wrong shape, over real HTTP: each is a 400 that names the field, and
// nothing is written. Before these checks Payload answered them with a 500 (an enum
// insert of a number, toLowerCase of a number, NUL refused by PostgreSQL).
const h = setupHarness({ http: true })

async function userCount() {
  return (await h.payload.count({ collection: 'users' })).totalDocs
}

describe('malformed lead creates (REST)', () => {
  it.each([
    ['a number as service type', { serviceType: 12345 }, 'serviceType'],
    ['an object as service type', { serviceType: { equals: 'x' } }, 'serviceType'],
    ['a boolean as first name', { firstName: true }, 'firstName'],
    ['NUL in the first name', { firstName: 'Ma\u0000ria' }, 'firstName'],
    ['NUL in the description', { description: 'Curb\u0000 rash' }, 'description'],
    ['an escape character in the last name', { lastName: 'Gon\u001bzalez' }, 'lastName'],
  ])('%s: 400 naming the field, no lead', async (_name, overrides, field) => {
    const before = await counts(h.payload)
    const res = await h.http.post('/api/leads', { json: leadInput(overrides) })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain(field)
    expect(await counts(h.payload)).toEqual(before)
  })

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'Maria'],
    ['an array', [leadInput()]],
  ])('a body that is %s: 400, no lead', async (_name, json) => {
    const before = await counts(h.payload)
    const res = await h.http.post('/api/leads', { json })
    expect(res.status).toBe(400)
    expect(await counts(h.payload)).toEqual(before)
  })
})

describe('malformed sign-ups and logins', () => {
  it.each([
    ['a number as e-mail', { email: 12345, password: 'long-enough-secret' }, 'email'],
    ['an object as e-mail', { email: { equals: 'a@b.c' }, password: 'long-enough-secret' }, 'email'],
    ['an object as password', { email: 'shape@example.com', password: { a: 1 } }, 'password'],
    ['NUL in the e-mail', { email: 'sha\u0000pe@example.com', password: 'long-enough-secret' }, 'email'],
    [
      'a 1 MiB e-mail',
      { email: `${'a'.repeat(1024 * 1024)}@example.com`, password: 'long-enough-secret' },
      'email',
    ],
  ])('sign-up with %s: 400, no account', async (_name, json, field) => {
    const before = await userCount()
    const res = await h.http.post('/api/users', { json })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain(field)
    expect(await userCount()).toBe(before)
  })

  it.each([
    ['NUL in the e-mail', { email: 'ad\u0000min@example.com', password: 'whatever-password' }],
    ['a number as e-mail', { email: 42, password: 'whatever-password' }],
    ['an array as password', { email: 'admin@example.com', password: ['a'] }],
  ])('login with %s: 400', async (_name, json) => {
    const res = await h.http.post('/api/users/login', { json })
    expect(res.status).toBe(400)
  })
})

describe('bodies Payload cannot parse (REST and GraphQL)', () => {
  it.each([
    ['/api/leads', 'application/json', '{"firstName":', 400],
    ['/api/leads', 'application/json', '['.repeat(5000) + ']'.repeat(5000), 400],
    ['/api/leads', 'application/x-www-form-urlencoded', 'firstName=Maria', 415],
    ['/api/leads', 'application/xml', '<lead><firstName>Maria</firstName></lead>', 415],
    [
      '/api/leads',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{',
      400,
    ],
    ['/api/users', 'application/json', '{"email": "a@b.c", "password": ', 400],
    ['/api/users/login', 'multipart/form-data; boundary=y', 'garbage', 400],
    ['/api/graphql', 'application/json', '{"query": "mutation {', 400],
    ['/api/graphql', 'multipart/form-data; boundary=z', '--z\r\ngarbage', 400],
  ])('POST %s as %s: refused with its status, nothing written', async (path, type, body, status) => {
    const before = { ...(await counts(h.payload)), users: await userCount() }
    const res = await fetch(`${h.http.baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': type, origin: 'http://localhost:3000' },
      body,
    })
    expect(res.status).toBe(status)
    // Broken JSON to REST is Payload's own 400 ("Invalid JSON"); the rest are the guard's.
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).toMatch(
      /^(The|Send|Invalid JSON$)/,
    )
    expect({ ...(await counts(h.payload)), users: await userCount() }).toEqual(before)
  })
})

describe('empty bodies', () => {
  it.each([
    ['/api/leads', null],
    ['/api/leads', 'text/plain'],
    ['/api/leads', 'application/json'],
    ['/api/users', null],
    ['/api/users', 'text/plain'],
    ['/api/users', 'application/json'],
  ])('POST %s with Content-Length: 0 (type %s): a 4xx that says why, nothing written', async (path, type) => {
    const before = { ...(await counts(h.payload)), users: await userCount() }
    const res = await fetch(`${h.http.baseURL}${path}`, {
      method: 'POST',
      headers: {
        ...(type ? { 'content-type': type } : {}),
        origin: 'http://localhost:3000',
      },
      // Empty bytes go out as Content-Length: 0 with no type of their own.
      body: new Uint8Array(0),
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).not.toBe(
      'Something went wrong.',
    )
    expect({ ...(await counts(h.payload)), users: await userCount() }).toEqual(before)
  })
})

describe('ids past the database’s integer range', () => {
  const huge = '99999999999'
  it.each([
    ['GET', `/api/leads/${huge}`],
    ['GET', `/api/work-orders/${huge}`],
    ['GET', `/api/statements/${huge}`],
    ['GET', `/api/statements/${huge}/pdf`],
    ['PATCH', `/api/leads/${huge}`],
    ['DELETE', `/api/leads/${huge}`],
    ['POST', `/api/quotes/${huge}/send`],
  ] as const)('%s %s as the owner: 404 Not Found, nothing written', async (method, path) => {
    const before = await counts(h.payload)
    const res = await h.http.request(method, path, {
      session: h.sessionOf('admin'),
      ...(method === 'PATCH' ? { json: { notes: 'x' } } : {}),
    })
    expect(res.status).toBe(404)
    expect(res.body.errors[0].message).toBe('Not Found')
    expect(await counts(h.payload)).toEqual(before)
  })

  it('in a query: 400 saying so', async () => {
    const res = await h.http.get(`/api/leads?where[id][equals]=${huge}`, { session: h.sessionOf('admin') })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toBe('A number in this request is out of range.')
  })
})

describe('ids that are not whole numbers', () => {
  // Every collection's ids are PostgreSQL integers: "abc" or "1.5" names no record. Payload's
  // preferences are read by key, and its migrations have no REST reads (501 for any id).
  const slugs = () =>
    h.payload.config.collections
      .map((c) => c.slug)
      .filter((slug) => !['payload-preferences', 'payload-migrations'].includes(slug))

  it.each(['abc', '1.5', '-1', '0x10', 'NaN'])(
    'GET /api/<every collection>/%s as staff and as the owner: 404 (or 403 where refused anyway)',
    async (id) => {
      const answers: Record<string, string> = {}
      for (const persona of ['staff', 'admin'] as const) {
        for (const slug of slugs()) {
          const res = await h.http.get(`/api/${slug}/${id}`, { session: h.sessionOf(persona) })
          answers[`${persona} ${slug}`] =
            res.status === 404 || res.status === 403 ? '4xx' : String(res.status)
        }
      }
      const refused = Object.fromEntries(Object.keys(answers).map((key) => [key, '4xx']))
      expect(answers).toEqual(refused)
    },
  )

  it("GET /api/<a collection without versions>/versions as staff: 404, not the version list's 500", async () => {
    for (const slug of ['invoices', 'payments', 'work-orders', 'statements', 'text-messages']) {
      const res = await h.http.get(`/api/${slug}/versions`, { session: h.sessionOf('staff') })
      expect({ slug, status: res.status, body: res.body }).toEqual({
        slug,
        status: 404,
        body: { errors: [{ message: 'Not Found' }] },
      })
      const one = await h.http.get(`/api/${slug}/versions/1`, { session: h.sessionOf('staff') })
      expect({ slug, status: one.status }).toEqual({ slug, status: 404 })
    }
  })

  it.each([
    ['PATCH', '/api/leads/abc', 404, 'Not Found'],
    ['PATCH', '/api/work-orders/1.5', 404, 'Not Found'],
    ['DELETE', '/api/leads/1.5', 404, 'Not Found'],
    ['DELETE', '/api/invoices/abc', 404, 'Not Found'],
    ['POST', '/api/leads/abc/duplicate', 404, 'Not Found'],
    ['GET', '/api/quotes/versions/1.5', 404, 'Not Found'],
    // Payload's own answer for a version id that is not a number.
    ['GET', '/api/quotes/versions/abc', 400, 'Missing ID of version.'],
  ] as const)('%s %s as the owner: %i, nothing written', async (method, path, status, message) => {
    const before = await counts(h.payload)
    const res = await h.http.request(method, path, {
      session: h.sessionOf('admin'),
      ...(method === 'PATCH' ? { json: { notes: 'x' } } : {}),
    })
    expect([res.status, res.body]).toEqual([status, { errors: [{ message }] }])
    expect(await counts(h.payload)).toEqual(before)
  })

  it('GraphQL by id: an error answer, no 500', async () => {
    for (const id of ['"abc"', '"1.5"', '1.5']) {
      const res = await h.http.graphql(
        `{ Lead(id: ${id}) { id } WorkOrder(id: ${id}) { id } }`,
        {},
        h.sessionOf('admin'),
      )
      expect(res.status).toBeLessThan(500)
      expect(res.body.errors?.length).toBeGreaterThan(0)
    }
  })
})
