import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '@/lib/password-policy'

import { type Channel, type ChannelName, channelFor, expectOk } from '../helpers/channels'
import { type Doc, setupHarness } from '../helpers/harness'
import { createUser } from '../helpers/payload'

// Who an account is: an address stays confirmed only while its owner keeps it, passwords
// are long and uncommon, and the admin sees how each account was made.
const h = setupHarness({ http: true })
const channels = {} as Record<ChannelName, Channel>
const CHANNELS = ['local', 'rest', 'graphql'] as const

beforeAll(() => {
  for (const name of CHANNELS) channels[name] = channelFor(name, h)
})

async function dbUser(id: number | string): Promise<Doc> {
  const found: Doc | null = await h.payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })
  if (!found) throw new Error(`no user ${id}`)
  return found
}

// Captured e-mails (DATA_DIR/mail) addressed to one recipient, decoded enough to read.
function mailTo(address: string): string[] {
  const dir = path.join(process.env.DATA_DIR || '.data', 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .map((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text))
}

let seq = 0
const address = (what: string) => `${what}-${++seq}-${Date.now()}@curbside.test`

describe("changing an account's e-mail", () => {
  for (const persona of ['unapproved', 'staff'] as const) {
    it(`${persona}: the new address must be confirmed, the old one is told, and sessions end until then`, async () => {
      const account = await createUser(h.payload, persona)
      const session = await h.http.login(account.email, account.password)
      const colleague = address('colleague')
      const res = await h.http.patch(`/api/users/${account.user.id}`, { session, json: { email: colleague } })
      expect(res.status).toBe(200)

      const stored = await dbUser(account.user.id)
      expect(stored).toMatchObject({ email: colleague, _verified: false })
      expect(typeof stored._verificationToken).toBe('string')
      expect(mailTo(colleague).join()).toContain(`/verify/${stored._verificationToken}`)
      expect(mailTo(account.email).join()).toContain(`now uses ${colleague}`)

      // The session that made the change no longer passes, and no login does.
      expect((await h.http.get('/api/users/me', { session })).body).toMatchObject({ user: null })
      const login = await h.http.post('/api/users/login', {
        json: { email: colleague, password: account.password },
      })
      expect(login.status).toBe(403)

      // Whoever reads the new mailbox confirms it; then the account signs in again.
      expect((await h.http.post(`/api/users/verify/${stored._verificationToken}`)).status).toBe(200)
      expect(
        (await h.http.post('/api/users/login', { json: { email: colleague, password: account.password } }))
          .status,
      ).toBe(200)
    })
  }

  it('over GraphQL too', async () => {
    const account = await createUser(h.payload, 'unapproved')
    h.accounts.unapproved = { ...account, session: await h.http.login(account.email, account.password) }
    const next = address('graphql-new')
    expectOk(await channels.graphql.update('users', 'unapproved', account.user.id, { email: next }))
    expect(await dbUser(account.user.id)).toMatchObject({ email: next, _verified: false })
  })

  it("an admin changing someone's address keeps it confirmed and sends nothing", async () => {
    const account = await createUser(h.payload, 'staff')
    const next = address('admin-set')
    expectOk(await channels.rest.update('users', 'admin', account.user.id, { email: next }))
    expect(await dbUser(account.user.id)).toMatchObject({ email: next, _verified: true })
    expect(mailTo(next)).toEqual([])
  })

  it('saving the same address (any case) changes nothing', async () => {
    const account = await createUser(h.payload, 'staff')
    const session = await h.http.login(account.email, account.password)
    const res = await h.http.patch(`/api/users/${account.user.id}`, {
      session,
      json: { email: account.email.toUpperCase() },
    })
    expect(res.status).toBe(200)
    expect(await dbUser(account.user.id)).toMatchObject({ _verified: true })
  })
})

describe('passwords', () => {
  const cases = [
    ['abc', PASSWORD_TOO_SHORT],
    ['nine-char', PASSWORD_TOO_SHORT],
    ['password123', PASSWORD_TOO_COMMON],
    ['QwertyUiop', PASSWORD_TOO_COMMON],
  ] as const

  for (const [password, message] of cases) {
    it(`sign-up with "${password}" is refused: ${message}`, async () => {
      const email = address('weak')
      const res = await h.http.post('/api/users', { json: { email, password } })
      expect(res.status).toBe(400)
      expect(res.body.errors[0].message).toBe(message)
      expect(
        (await h.payload.count({ collection: 'users', where: { email: { equals: email } } })).totalDocs,
      ).toBe(0)
    })
  }

  it('a password change and a reset are held to the same rules', async () => {
    const account = await createUser(h.payload, 'staff')
    const session = await h.http.login(account.email, account.password)
    const change = await h.http.patch(`/api/users/${account.user.id}`, {
      session,
      json: { password: 'short' },
    })
    expect(change.status).toBe(400)
    expect(change.body.errors[0].message).toBe(PASSWORD_TOO_SHORT)

    const token = await h.payload.forgotPassword({
      collection: 'users',
      data: { email: account.email },
      disableEmail: true,
    })
    const reset = await h.http.post('/api/users/reset-password', { json: { token, password: 'password123' } })
    expect(reset.status).toBe(400)
    expect(reset.body.errors[0].message).toBe(PASSWORD_TOO_COMMON)
    expect(
      (await h.http.post('/api/users/login', { json: { email: account.email, password: account.password } }))
        .status,
    ).toBe(200)
  })

  it('a long, uncommon password is accepted', async () => {
    const res = await h.http.post('/api/users', {
      json: { email: address('strong'), password: 'rim-repair-on-lamar' },
    })
    expect(res.status).toBe(201)
  })
})

describe('how an account was made', () => {
  it('sign-up, an admin, and the server each leave their mark, which no caller can set', async () => {
    const self = address('self')
    const signUp = await h.http.post('/api/users', {
      json: { email: self, password: 'rim-repair-on-lamar', signUpMethod: 'google' },
    })
    expect(signUp.status).toBe(201)
    const made = await h.payload.find({ collection: 'users', where: { email: { equals: self } } })
    expect(await dbUser(made.docs[0].id)).toMatchObject({ signUpMethod: 'email' })

    const byAdmin = await channels.rest.create('users', 'admin', {
      email: address('by-admin'),
      password: 'rim-repair-on-lamar',
      signUpMethod: 'server',
    })
    expectOk(byAdmin)
    expect(await dbUser(byAdmin.doc!.id as number)).toMatchObject({ signUpMethod: 'admin' })

    const { user } = await createUser(h.payload, 'staff')
    expect(await dbUser(user.id)).toMatchObject({ signUpMethod: 'server' })

    // Admins read it (the approval view); nobody changes it.
    expectOk(await channels.rest.update('users', 'admin', user.id, { signUpMethod: 'google' }))
    expect(await dbUser(user.id)).toMatchObject({ signUpMethod: 'server' })
    const read = await channels.rest.findByID('users', 'admin', user.id)
    expectOk(read)
    expect(read.doc).toMatchObject({ signUpMethod: 'server', _verified: true })
  })
})
