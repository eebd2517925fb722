import { beforeAll, describe, expect, it } from 'vitest'

import { SIGN_UP_ON_THE_SITE } from '@/collections/Users/hooks/answerSignUpAlike'
import { FIRST_ACCOUNT_NEEDS_TOKEN } from '@/collections/Users/hooks/assignRoleOnCreate'
import { SETUP_TOKEN_HEADER } from '@/lib/setup-header'
import { setupToken } from '@/server/setup-token'

import { type Channel, type ChannelName, channelFor, expectOk, expectRefused } from '../helpers/channels'
import { FORBIDDEN, row, snapshot } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { createUser, resetDatabase } from '../helpers/payload'

// Accounts: the first account is the business's admin; sign-ups wait for approval and
// e-mail verification; repeated failed logins lock an account; admins manage accounts
// but can neither drop their own admin rights nor remove the last admin. Over REST
// (real HTTP), GraphQL and the Local API (overrideAccess: false) where it applies.

const h = setupHarness({ http: true, personas: false })
const CHANNELS = ['local', 'rest', 'graphql'] as const
const channels = {} as Record<ChannelName, Channel>

beforeAll(() => {
  for (const name of CHANNELS) channels[name] = channelFor(name, h)
})

const UNVERIFIED = { status: 403, message: 'Please verify your email before logging in.' }
const WRONG_PASSWORD = { status: 401, message: 'The email or password provided is incorrect.' }
const OWN_ADMIN = {
  status: 400,
  name: 'APIError',
  message: 'You cannot remove your own admin role or approval.',
}
const LAST_ADMIN_CHANGE = {
  status: 400,
  name: 'APIError',
  message: 'The last admin cannot be demoted or unapproved.',
}
const LAST_ADMIN_DELETE = { status: 400, name: 'APIError', message: 'The last admin cannot be removed.' }

// The raw users row, hidden fields included (verification token, login attempts, lock).
async function dbUser(email: string): Promise<Doc> {
  const found: Doc | null = await h.payload.db.findOne({
    collection: 'users',
    where: { email: { equals: email } },
  })
  if (!found) throw new Error(`no user ${email}`)
  return found
}

async function login(email: string, password: string) {
  return h.http.post('/api/users/login', { json: { email, password } })
}

function expectRestError(res: { status: number; body: Doc }, expected: { status: number; message: string }) {
  expect({ status: res.status, body: res.body }).toEqual({
    status: expected.status,
    body: { errors: [{ message: expected.message }] },
  })
}

let n = 0
const fresh = (prefix: string) => ({
  email: `${prefix}-${++n}-${Date.now()}@curbside.test`,
  password: `pw-${prefix}-${n}-long`,
})

describe('the first account ever created', () => {
  const owner = fresh('owner')

  it('is refused over REST, GraphQL and first-register without the setup token, and nothing is created', async () => {
    expect(await snapshot(h.payload, 'users')).toEqual([])
    for (const headers of [{}, { [SETUP_TOKEN_HEADER]: 'not-the-token' }] as Record<string, string>[]) {
      // A stranger's own address each time (sign-ups per address are limited too).
      const res = await h.http.post('/api/users', { json: { ...fresh('stranger') }, headers })
      expectRestError(res, { status: 403, message: FIRST_ACCOUNT_NEEDS_TOKEN })
    }
    expectRestError(await h.http.post('/api/users/first-register', { json: { ...fresh('stranger') } }), {
      status: 403,
      message: FIRST_ACCOUNT_NEEDS_TOKEN,
    })
    // GraphQL's input type asks for a role; the first account's role is never the caller's.
    const viaGraphql = await channels.graphql.create('users', 'anonymous', {
      ...fresh('stranger'),
      role: 'staff',
    })
    expect(viaGraphql).toMatchObject({ ok: false, error: { message: SIGN_UP_ON_THE_SITE } })
    expect(await snapshot(h.payload, 'users')).toEqual([])
  })

  it('is an approved admin when signed up with the setup token, whatever else it asks for', async () => {
    expect(await snapshot(h.payload, 'users')).toEqual([])
    const res = await h.http.post('/api/users', {
      json: { ...owner, role: 'staff', approved: false },
      headers: { [SETUP_TOKEN_HEADER]: setupToken(h.payload.secret) },
    })
    expect(res.status).toBe(201)
    expect(res.body.doc).toMatchObject({ email: owner.email, role: 'admin', approved: true })
    expect(await dbUser(owner.email)).toMatchObject({
      role: 'admin',
      approved: true,
      _verified: false,
      signUpMethod: 'email',
    })
  })

  it('cannot log in before verifying its e-mail (no session is created)', async () => {
    expectRestError(await login(owner.email, owner.password), UNVERIFIED)
    expect((await dbUser(owner.email)).sessions ?? []).toEqual([])
  })

  it('logs in once verified through POST /api/users/verify/<token>', async () => {
    const { _verificationToken: token } = await dbUser(owner.email)
    expect(typeof token).toBe('string')
    const verified = await h.http.post(`/api/users/verify/${token}`)
    expect(verified.status).toBe(200)
    expect((await login(owner.email, owner.password)).status).toBe(200)
  })

  it('the first-register endpoint is closed once an account exists', async () => {
    const before = await snapshot(h.payload, 'users')
    const res = await h.http.post('/api/users/first-register', { json: { ...fresh('second-owner') } })
    expectRestError(res, FORBIDDEN)
    expect(await snapshot(h.payload, 'users')).toEqual(before)
  })
})

describe.each(CHANNELS)('a later sign-up over %s', (name) => {
  it('starts as unapproved staff and unverified, whatever it sends, and cannot log in yet', async () => {
    const account = fresh(`signup-${name}`)
    // GraphQL's input type has no _verified; the others get to try it
    const extra = name === 'graphql' ? {} : { _verified: true }
    const res = await channels[name].create('users', 'anonymous', {
      ...account,
      role: 'admin',
      approved: true,
      ...extra,
    })
    // Public sign-ups are the site's (REST): GraphQL could not answer a known address alike.
    if (name === 'graphql') {
      expect(res).toMatchObject({ ok: false, error: { status: 403, message: SIGN_UP_ON_THE_SITE } })
      expect(
        await h.payload.count({ collection: 'users', where: { email: { equals: account.email } } }),
      ).toMatchObject({ totalDocs: 0 })
      return
    }
    expectOk(res)
    // Over HTTP only the address: the same answer an address with an account gets.
    if (name === 'rest') expect(res.doc).toEqual({ email: account.email })
    else expect(res.doc).toMatchObject({ email: account.email, role: 'staff', approved: false })
    expect(await dbUser(account.email)).toMatchObject({ role: 'staff', approved: false, _verified: false })
    expectRestError(await login(account.email, account.password), UNVERIFIED)
  })
})

describe('with an admin, staff and an unapproved account', () => {
  beforeAll(async () => {
    await resetDatabase(h.payload)
    for (const persona of ['admin', 'staff', 'unapproved'] as const) {
      const account = await createUser(h.payload, persona)
      h.accounts[persona] = { ...account, session: await h.http.login(account.email, account.password) }
    }
  })

  // No account-wide lock: a stranger's guesses must never keep the owner out. Failed logins
  // are limited per account and client instead (tests/int/doors.int.spec.ts).
  describe('after 5 failed logins', () => {
    it('the right password still signs in, and the account records no lock', async () => {
      const { email, password } = await createUser(h.payload, 'staff')
      for (let attempt = 1; attempt <= 5; attempt++)
        expectRestError(await login(email, 'wrong password'), WRONG_PASSWORD)
      const account = await dbUser(email)
      expect(account).not.toHaveProperty('lockUntil')
      expect(account).not.toHaveProperty('loginAttempts')
      expect((await login(email, password)).status).toBe(200)
    })
  })

  // The owner's phone and laptop signing in together: each gets a session that works.
  describe('sign-ins to one account at the same moment', () => {
    it('each keep their session: every cookie signs requests in, over REST and GraphQL', async () => {
      const { email, password } = await createUser(h.payload, 'staff')
      for (let round = 0; round < 3; round++) {
        const sessions = await Promise.all([1, 2, 3].map(() => h.http.login(email, password)))
        for (const session of sessions) {
          const me = await h.http.get('/api/users/me', { session })
          expect(me.body.user?.email).toBe(email)
          const gql = await h.http.graphql('{ meUser { user { email } } }', {}, session)
          expect(gql.body.data?.meUser?.user?.email).toBe(email)
        }
      }
      // Signing out of one ends that one only.
      const [phone, laptop] = await Promise.all([1, 2].map(() => h.http.login(email, password)))
      expect((await h.http.post('/api/users/logout', { session: phone })).status).toBe(200)
      expect((await h.http.get('/api/users/me', { session: phone })).body.user).toBeNull()
      expect((await h.http.get('/api/users/me', { session: laptop })).body.user?.email).toBe(email)
    })
  })

  // Unlocking is still an admin's operation, though there is no lock left to lift.
  describe('POST /api/users/unlock', () => {
    for (const persona of ['anonymous', 'unapproved', 'staff'] as const) {
      it(`${persona}: refused (403)`, async () => {
        const { email } = await createUser(h.payload, 'staff')
        const before = await dbUser(email)
        const res = await h.http.post('/api/users/unlock', { session: h.sessionOf(persona), json: { email } })
        expectRestError(res, FORBIDDEN)
        expect(await dbUser(email)).toEqual(before)
      })
    }

    it('admin: answered, and the account signs in as before', async () => {
      const { email, password } = await createUser(h.payload, 'staff')
      const res = await h.http.post('/api/users/unlock', { session: h.sessionOf('admin'), json: { email } })
      expect(res.status).toBe(200)
      expect((await login(email, password)).status).toBe(200)
    })
  })

  // A verified account can log in the moment an admin approves it, without ever having
  // confirmed its e-mail: marking one verified is an admin's decision. (GraphQL's input
  // types have no _verified.)
  describe.each(['local', 'rest'] as const)('e-mail verification over %s', (name) => {
    for (const persona of ['unapproved', 'staff'] as const) {
      it(`${persona}: creating an account with _verified true stores it unverified`, async () => {
        const account = fresh(`verified-by-${persona}-${name}`)
        const res = await channels[name].create('users', persona, { ...account, _verified: true })
        expectOk(res)
        expect(await dbUser(account.email)).toMatchObject({
          role: 'staff',
          approved: false,
          _verified: false,
        })
        expectRestError(await login(account.email, account.password), UNVERIFIED)
      })

      it(`${persona}: _verified of their own account does not change`, async () => {
        const { user, email } = h.accounts[persona]
        try {
          const res = await channels[name].update('users', persona, user.id, { _verified: false })
          expectOk(res)
          expect(await dbUser(email)).toMatchObject({ _verified: true })
        } finally {
          // Payload ignores the sessions of unverified accounts: keep the persona usable.
          await h.payload.update({ collection: 'users', id: user.id, data: { _verified: true } })
        }
      })
    }

    it('admin: may create a verified account and verify an existing one', async () => {
      const account = fresh(`verified-by-admin-${name}`)
      const created = await channels[name].create('users', 'admin', { ...account, _verified: true })
      expectOk(created)
      expect(await dbUser(account.email)).toMatchObject({ _verified: true })
      expect((await login(account.email, account.password)).status).toBe(200)

      const pending = fresh(`pending-${name}`)
      const signUp = await h.http.post('/api/users', { json: pending })
      expect(signUp.status).toBe(201)
      const pendingId = (await dbUser(pending.email)).id
      expectOk(await channels[name].update('users', 'admin', pendingId, { _verified: true }))
      expect(await dbUser(pending.email)).toMatchObject({ _verified: true, _verificationToken: null })
      expect((await login(pending.email, pending.password)).status).toBe(200)
    })
  })

  describe.each(CHANNELS)('an admin cannot remove their own admin role or approval, over %s', (name) => {
    for (const change of [{ role: 'staff' }, { approved: false }, { role: 'staff', approved: false }]) {
      it(JSON.stringify(change), async () => {
        const id = h.accounts.admin.user.id
        const before = await row(h.payload, 'users', id)
        expectRefused(await channels[name].update('users', 'admin', id, change), OWN_ADMIN)
        expect(await row(h.payload, 'users', id)).toEqual(before)
      })
    }
  })

  describe('the last admin', () => {
    it('cannot be demoted or unapproved, not even by a script (Local API, overrideAccess)', async () => {
      const id = h.accounts.admin.user.id
      const before = await row(h.payload, 'users', id)
      for (const change of [{ role: 'staff' as const }, { approved: false }]) {
        await expect(h.payload.update({ collection: 'users', id, data: change })).rejects.toMatchObject(
          LAST_ADMIN_CHANGE,
        )
      }
      expect(await row(h.payload, 'users', id)).toEqual(before)
    })

    it('cannot be deleted by a script', async () => {
      const id = h.accounts.admin.user.id
      const before = await snapshot(h.payload, 'users')
      await expect(h.payload.delete({ collection: 'users', id })).rejects.toMatchObject(LAST_ADMIN_DELETE)
      expect(await snapshot(h.payload, 'users')).toEqual(before)
    })

    for (const name of CHANNELS) {
      it(`cannot delete their own account over ${name}`, async () => {
        const before = await snapshot(h.payload, 'users')
        expectRefused(
          await channels[name].delete('users', 'admin', h.accounts.admin.user.id),
          LAST_ADMIN_DELETE,
        )
        expect(await snapshot(h.payload, 'users')).toEqual(before)
      })
    }

    it('an unapproved account with role admin does not count as an admin', async () => {
      const { user } = await createUser(h.payload, 'unapproved')
      await h.payload.update({ collection: 'users', id: user.id, data: { role: 'admin' } })
      const before = await snapshot(h.payload, 'users')
      await expect(
        h.payload.delete({ collection: 'users', id: h.accounts.admin.user.id }),
      ).rejects.toMatchObject(LAST_ADMIN_DELETE)
      expect(await snapshot(h.payload, 'users')).toEqual(before)
    })
  })

  describe('with a second admin', () => {
    let second: { id: number; email: string; password: string }

    beforeAll(async () => {
      const account = await createUser(h.payload, 'admin')
      second = { id: account.user.id, email: account.email, password: account.password }
    })

    // Each step over a different channel; each checked in the database.
    const steps: [ChannelName, Doc, Doc][] = [
      ['rest', { role: 'staff' }, { role: 'staff', approved: true }],
      ['graphql', { role: 'admin' }, { role: 'admin', approved: true }],
      ['local', { approved: false }, { role: 'admin', approved: false }],
      ['rest', { approved: true }, { role: 'admin', approved: true }],
    ]
    for (const [name, change, stored] of steps) {
      it(`the admin changes the other admin ${JSON.stringify(change)} over ${name}`, async () => {
        const res = await channels[name].update('users', 'admin', second.id, change)
        expectOk(res)
        expect(await row(h.payload, 'users', second.id)).toMatchObject(stored)
      })
    }

    it('an admin may delete their own account while another admin remains; then the other is the last', async () => {
      const first = h.accounts.admin.user.id
      const before = await snapshot(h.payload, 'users')
      const res = await channels.rest.delete('users', 'admin', first)
      expectOk(res)
      expect(await snapshot(h.payload, 'users')).toEqual(before.filter((u) => u.id !== first))

      const session = await h.http.login(second.email, second.password)
      const own = await h.http.delete(`/api/users/${second.id}`, { session })
      expectRestError(own, LAST_ADMIN_DELETE)
      expect(await row(h.payload, 'users', second.id)).toMatchObject({ role: 'admin', approved: true })
    })
  })
})

// Sign-ups that arrive together on an empty table: the first-account check and the
// insert are separate statements, so without serialising them every one of them would
// count zero users and become an approved admin.
describe.each(['rest', 'local'] as const)('simultaneous first sign-ups over %s', (name) => {
  beforeAll(async () => {
    await resetDatabase(h.payload)
  })

  it('exactly one becomes the approved admin; the others wait for approval', async () => {
    const accounts = Array.from({ length: 4 }, () => fresh(`race-${name}`))
    // Over HTTP every one of them brings the setup token, as the owner's link would.
    const token = { [SETUP_TOKEN_HEADER]: setupToken(h.payload.secret) }
    const statuses = await Promise.all(
      accounts.map(async (a) => {
        if (name === 'rest') return (await h.http.post('/api/users', { json: a, headers: token })).status
        const res = await channels.local.create('users', 'anonymous', a)
        expectOk(res)
        return 201
      }),
    )
    expect(statuses).toEqual([201, 201, 201, 201])
    const users = await snapshot(h.payload, 'users')
    expect(users.map((u) => u.email).sort()).toEqual(accounts.map((a) => a.email).sort())
    expect(users.filter((u) => u.role === 'admin' && u.approved === true)).toHaveLength(1)
    expect(users.filter((u) => u.role === 'staff' && u.approved === false)).toHaveLength(3)
  })
})
