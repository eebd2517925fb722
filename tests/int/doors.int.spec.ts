// Must come first: points DATA_DIR at this test file's own folder before the config loads.
import '../helpers/env'

import { describe, expect, it } from 'vitest'

import { SIGN_UP_ON_THE_SITE } from '@/collections/Users/hooks/answerSignUpAlike'
import { CROSS_SITE_LOGIN } from '@/collections/Users/hooks/guardLogin'
import { AUTH_DOORS } from '@/collections/Users/hooks/limitAuthAttempts'
import { CURRENT_PASSWORD_NEEDED } from '@/collections/Users/hooks/requireCurrentPassword'
import { ONLY_LEADS } from '@/plugins'
import { PRIVATE } from '@/server/patches/payload-cache-control'

import { capturedMails } from '../helpers/captured-mail'
import { setupHarness } from '../helpers/harness'
import type { Session } from '../helpers/http-client'
import { createUser } from '../helpers/payload'

// The public doors a stranger leans on: guessing cannot lock an account from everywhere,
// answers do not tell which e-mails have accounts, a foreign site cannot sign a browser in,
// the export reaches leads only, and private answers are never cached.
const h = setupHarness({ http: true })

let seq = 0
const client = () => `192.0.2.${++seq}`
const fresh = (what: string) => `${what}-${++seq}-${Date.now()}@curbside.test`
const WRONG = { status: 401, message: 'The email or password provided is incorrect.' }

const login = (email: string, password: string, from = client(), headers: Record<string, string> = {}) =>
  h.http.post('/api/users/login', {
    json: { email, password },
    headers: { 'X-Forwarded-For': from, ...headers },
  })

describe('failed sign-ins', () => {
  it("are limited per account and client: the attacker's client is refused, the owner's is not", async () => {
    const owner = await createUser(h.payload, 'staff')
    const attacker = client()
    for (let i = 0; i < AUTH_DOORS.login.perEmail.max; i++) {
      expect((await login(owner.email, `guess-${i}-wrong`, attacker)).status).toBe(401)
    }
    const refused = await login(owner.email, owner.password, attacker)
    expect(refused.status).toBe(429)
    expect(refused.body.errors[0].message).toBe(AUTH_DOORS.login.message)
    expect((await login(owner.email, owner.password)).status).toBe(200)
  })

  it('never lock the account itself, however many clients guess', async () => {
    const owner = await createUser(h.payload, 'staff')
    for (let c = 0; c < 6; c++) {
      const from = client()
      for (let i = 0; i < AUTH_DOORS.login.perEmail.max; i++)
        await login(owner.email, `wrong-${c}-${i}`, from)
    }
    expect((await login(owner.email, owner.password)).status).toBe(200)
  })
})

describe('which e-mails have accounts', () => {
  it('a wrong password and an unknown address get the same answer', async () => {
    const known = await login(h.accounts.staff.email, 'not-the-password-at-all')
    const unknown = await login(fresh('nobody'), 'not-the-password-at-all')
    for (const res of [known, unknown]) {
      expect(res.status).toBe(WRONG.status)
      expect(res.body.errors[0].message).toBe(WRONG.message)
    }
    expect(unknown.body).toEqual(known.body)
  })

  it('a sign-up answers alike for a new and a known address; the known one is told by e-mail', async () => {
    const signUp = (email: string) =>
      h.http.post('/api/users', { json: { email, password: 'rim-repair-on-lamar' }, origin: null })
    const newAddress = fresh('new')
    const known = h.accounts.staff.email
    const before = await h.payload.count({ collection: 'users' })
    const created = await signUp(newAddress)
    const repeated = await signUp(known)
    expect(created.status).toBe(201)
    expect(repeated.status).toBe(201)
    expect(created.body).toEqual({ doc: { email: newAddress }, message: 'User successfully created.' })
    expect(repeated.body).toEqual({ doc: { email: known }, message: 'User successfully created.' })
    expect((await h.payload.count({ collection: 'users' })).totalDocs).toBe(before.totalDocs + 1)
    const told = capturedMails(known).filter((m) => m.includes('Someone tried to create'))
    expect(told).toHaveLength(1)
    expect(told[0]).toContain('nothing was changed')
  })

  it('GraphQL takes no public sign-ups (it could only answer a known address with an error)', async () => {
    const res = await h.http.graphql(
      'mutation ($data: mutationUserInput!) { createUser(data: $data) { email } }',
      { data: { email: fresh('gql'), password: 'rim-repair-on-lamar', role: 'staff' } },
    )
    expect(res.body.errors?.[0].message).toBe(SIGN_UP_ON_THE_SITE)
  })
})

describe('login from another site', () => {
  it('is refused (403) with a foreign Origin or Sec-Fetch-Site cross-site, and sets no cookie', async () => {
    const { email, password } = h.accounts.staff
    for (const headers of [
      { Origin: 'http://evil.example' } as Record<string, string>,
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]) {
      const res = await h.http.post('/api/users/login', { json: { email, password }, origin: null, headers })
      expect(res.status).toBe(403)
      expect(res.body.errors[0].message).toBe(CROSS_SITE_LOGIN)
      expect(res.headers.getSetCookie()).toEqual([])
    }
    const viaGraphql = await h.http.post('/api/graphql', {
      origin: 'http://evil.example',
      json: {
        query: 'mutation ($e: String!, $p: String!) { loginUser(email: $e, password: $p) { token } }',
        variables: { e: email, p: password },
      },
    })
    expect(viaGraphql.body.errors[0].message).toBe(CROSS_SITE_LOGIN)
  })

  it('API clients that send no Origin, and the site itself, still sign in', async () => {
    const { email, password } = h.accounts.staff
    expect((await h.http.post('/api/users/login', { json: { email, password }, origin: null })).status).toBe(
      200,
    )
    expect((await h.http.post('/api/users/login', { json: { email, password } })).status).toBe(200)
  })
})

describe('changing a password', () => {
  it('asks for the current one; an admin may set another account’s', async () => {
    const account = await createUser(h.payload, 'staff')
    const session = await h.http.login(account.email, account.password)
    const change = (json: Record<string, string>, as: Session = session) =>
      h.http.patch(`/api/users/${account.user.id}`, { session: as, json })
    for (const json of [
      { password: 'a-new-rim-password' } as Record<string, string>,
      { password: 'a-new-rim-password', currentPassword: 'not-my-password' },
    ]) {
      const res = await change(json)
      expect(res.status).toBe(400)
      expect(res.body.errors[0].message).toBe(CURRENT_PASSWORD_NEEDED)
    }
    expect((await login(account.email, account.password)).status).toBe(200)
    const done = await change({ password: 'a-new-rim-password', currentPassword: account.password })
    expect(done.status).toBe(200)
    expect(done.body.doc.currentPassword).toBeUndefined()
    expect((await login(account.email, 'a-new-rim-password')).status).toBe(200)
    const byAdmin = await change({ password: 'set-by-the-admin-1' }, h.sessionOf('admin'))
    expect(byAdmin.status).toBe(200)
    expect((await login(account.email, 'set-by-the-admin-1')).status).toBe(200)
  })
})

describe('the export', () => {
  for (const slug of ['users', 'rate-limits', 'payload-jobs', 'customer-uploads', 'no-such-thing']) {
    it(`refuses ${slug} for approved staff, on every route, and keeps nothing`, async () => {
      const data = { collectionSlug: slug, format: 'csv', name: 'x' }
      for (const route of ['/api/exports/download', '/api/exports/export-preview']) {
        const res = await h.http.post(route, { session: h.sessionOf('admin'), json: { data } })
        expect(res.status).toBe(400)
        expect(res.body.errors[0].message).toBe(ONLY_LEADS)
      }
      const saved = await h.http.post('/api/exports', { session: h.sessionOf('admin'), json: data })
      expect(saved.status).toBe(400)
      expect((await h.payload.count({ collection: 'exports' })).totalDocs).toBe(0)
    })
  }

  it('still exports leads for approved staff', async () => {
    const res = await h.http.post('/api/exports/download', {
      session: h.sessionOf('staff'),
      json: { data: { collectionSlug: 'leads', format: 'csv' } },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(PRIVATE)
  })
})

describe('private answers', () => {
  it('carry Cache-Control: no-store, private (leads, the account, a login, GraphQL)', async () => {
    const staff = h.sessionOf('staff')
    const answers = [
      await h.http.get('/api/leads', { session: staff }),
      await h.http.get('/api/users/me', { session: staff }),
      await login(h.accounts.staff.email, h.accounts.staff.password),
      await h.http.graphql('{ Leads { totalDocs } }', {}, staff),
    ]
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe(PRIVATE)
    }
  })
})

describe('GraphQL Access', () => {
  it('answers every account without an error, approved or not', async () => {
    for (const persona of ['anonymous', 'unapproved', 'staff'] as const) {
      const res = await h.http.graphql('{ Access { canAccessAdmin } }', {}, h.sessionOf(persona))
      expect(res.status).toBe(200)
      expect(res.body.errors).toBeUndefined()
      expect(res.body.data.Access.canAccessAdmin).toBe(persona === 'staff')
    }
  })
})

describe('GraphQL introspection', () => {
  const QUERY = '{ __schema { queryType { name } } }'
  it('answers approved staff, for code generators', async () => {
    for (const persona of ['staff', 'admin'] as const) {
      const res = await h.http.graphql(QUERY, undefined, h.sessionOf(persona))
      expect(res.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } })
    }
  })

  it('is refused to a visitor and to an account not yet approved', async () => {
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const res = await h.http.graphql(
        '{ __type(name: "Lead") { fields { name } } }',
        undefined,
        h.sessionOf(persona),
      )
      // Payload answers a query refused by validation with its list of errors alone.
      expect(res.body).toEqual([
        expect.objectContaining({ message: 'GraphQL introspection is for approved staff only.' }),
      ])
    }
  })
})
