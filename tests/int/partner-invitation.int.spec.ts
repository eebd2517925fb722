import { describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { snapshot } from '../helpers/fixtures'
import { type Persona, setupHarness } from '../helpers/harness'

import { POST as accept } from '@/app/(frontend)/partners/invitation/accept/route'
import { ACCOUNT_EXISTS, INVITATION_PATH } from '@/collections/Dealerships/invitePartner'
import { invitationFor } from '@/collections/Users/invitation'
import { PASSWORD_TOO_SHORT } from '@/lib/password-policy'

// An admin invites a dealership's partner by e-mail; the link sets its password (Payload's
// reset token, through the invitation page's form) and signs it in, into the portal.

const h = setupHarness({ http: true, partner: true })
const PASSWORD = 'lot-sweep-on-fridays'

const invite = (persona: Persona, email: string, dealership = h.dealerships.own) =>
  h.http.post(`/api/dealerships/${dealership}/invite`, { session: h.sessionOf(persona), json: { email } })

function linkIn(email: string): string {
  const [mail] = capturedMails(email)
  expect(mail).toContain('Subject: Your Curbside Rim Co. partner portal account')
  // A reply reaches the business.
  expect(mail).toMatch(/^Reply-To: service@curbsiderim\.co\r?$/m)
  const href = new RegExp(`https?://[^"\\s]*${INVITATION_PATH}/([0-9a-f]{40})`).exec(mail)
  expect(href).not.toBeNull()
  return href![1]
}

const post = (fields: Record<string, string>) =>
  accept(
    new Request('http://localhost:3000/partners/invitation/accept', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000' },
      body: new URLSearchParams(fields).toString(),
    }),
  )

const userWith = async (email: string) =>
  (await h.payload.find({ collection: 'users', where: { email: { equals: email } }, depth: 0 })).docs[0]

describe('inviting a partner', () => {
  it('is for admins only: staff, partners and strangers are refused and nothing is made', async () => {
    const before = await snapshot(h.payload, 'users')
    for (const persona of ['anonymous', 'unapproved', 'staff', 'partner'] as const) {
      const res = await invite(persona, `refused-${persona}@dealer.test`)
      expect({ persona, status: res.status }).toEqual({ persona, status: 403 })
    }
    expect(await snapshot(h.payload, 'users')).toEqual(before)
    expect(capturedMails('refused-')).toEqual([])
  })

  it('opens the account and mails a link that sets the password and signs the partner in', async () => {
    const email = `manager-${Date.now()}@dealer.test`
    const res = await invite('admin', ` ${email.toUpperCase()} `)
    expect([res.status, res.body]).toEqual([200, { message: 'Invitation sent.' }])
    expect(await userWith(email)).toMatchObject({
      role: 'partner',
      approved: true,
      _verified: true,
      dealership: h.dealerships.own,
    })
    const token = linkIn(email)
    // Its page names the account and the dealership; a made-up token names nobody.
    const { name } = await h.payload.findByID({ collection: 'dealerships', id: h.dealerships.own, depth: 0 })
    expect(await invitationFor(h.payload, token)).toEqual({ email, dealershipName: name })
    expect(await invitationFor(h.payload, '0'.repeat(40))).toBeNull()
    // An invitation waits a week, not the hour of a forgotten password.
    const { id } = await userWith(email)
    const stored = await h.payload.findByID({ collection: 'users', id, showHiddenFields: true })
    const expires = Date.parse(stored.invitationExpiresAt ?? '')
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000)

    // Not yet: nobody knows the account's password before the link sets it.
    expect((await h.http.post('/api/users/login', { json: { email, password: PASSWORD } })).status).toBe(401)

    const mismatch = await post({ token, password: PASSWORD, confirm: `${PASSWORD}!` })
    expect([mismatch.status, mismatch.headers.get('location')]).toEqual([
      303,
      `${INVITATION_PATH}/${token}?error=mismatch`,
    ])
    const short = await post({ token, password: 'short', confirm: 'short' })
    expect(short.headers.get('location')).toBe(`${INVITATION_PATH}/${token}?error=short`)
    expect(PASSWORD_TOO_SHORT).toMatch(/at least/)

    const set = await post({ token, password: PASSWORD, confirm: PASSWORD })
    expect([set.status, set.headers.get('location')]).toEqual([303, '/partners'])
    expect(await invitationFor(h.payload, token)).toBeNull()
    expect(set.headers.getSetCookie().join(';')).toMatch(/payload-token=[^;]+/)

    const login = await h.http.post('/api/users/login', { json: { email, password: PASSWORD } })
    expect(login.status).toBe(200)
    expect(login.body.user).toMatchObject({ email, role: 'partner', dealership: { id: h.dealerships.own } })

    // The link is used up.
    const again = await post({ token, password: `${PASSWORD}-2`, confirm: `${PASSWORD}-2` })
    expect(again.headers.get('location')).toBe(`${INVITATION_PATH}/${token}?error=expired`)
  })

  it("renews a partner's invitation; refuses an address that belongs to another account", async () => {
    const email = `renewed-${Date.now()}@dealer.test`
    expect((await invite('admin', email)).status).toBe(200)
    const first = linkIn(email)
    const renewed = await invite('admin', email)
    expect([renewed.status, renewed.body]).toEqual([200, { message: 'Invitation sent again.' }])
    expect(linkIn(email)).not.toBe(first)

    const before = await snapshot(h.payload, 'users')
    for (const [address, dealership] of [
      [h.accounts.staff.email, h.dealerships.own],
      [email, h.dealerships.other],
    ] as const) {
      const res = await invite('admin', address, dealership)
      expect([res.status, res.body]).toEqual([409, { errors: [{ message: ACCOUNT_EXISTS }] }])
    }
    expect(await snapshot(h.payload, 'users')).toEqual(before)
  })

  it("survives a stranger's forgot-password for the invited address", async () => {
    const email = `forgotten-${Date.now()}@dealer.test`
    expect((await invite('admin', email)).status).toBe(200)
    const token = linkIn(email)
    const forgot = await h.http.post('/api/users/forgot-password', { json: { email } })
    expect(forgot.status).toBe(200)
    expect(capturedMails(email)).toHaveLength(2)

    const set = await post({ token, password: PASSWORD, confirm: PASSWORD })
    expect([set.status, set.headers.get('location')]).toEqual([303, '/partners'])
    expect((await h.http.post('/api/users/login', { json: { email, password: PASSWORD } })).status).toBe(200)
  })

  it('ends the invitation once the password is set with a forgot-password link', async () => {
    const email = `reset-first-${Date.now()}@dealer.test`
    expect((await invite('admin', email)).status).toBe(200)
    const token = linkIn(email)
    expect((await h.http.post('/api/users/forgot-password', { json: { email } })).status).toBe(200)
    const { id } = await userWith(email)
    const { resetPasswordToken } = await h.payload.findByID({
      collection: 'users',
      id,
      showHiddenFields: true,
    })
    const reset = await h.http.post('/api/users/reset-password', {
      json: { token: resetPasswordToken, password: PASSWORD },
    })
    expect(reset.status).toBe(200)
    const late = await post({ token, password: `${PASSWORD}-2`, confirm: `${PASSWORD}-2` })
    expect(late.headers.get('location')).toBe(`${INVITATION_PATH}/${token}?error=expired`)
    expect((await h.http.post('/api/users/login', { json: { email, password: PASSWORD } })).status).toBe(200)
  })

  it("takes over a stranger's unconfirmed sign-up with the address, which then opens nothing", async () => {
    const email = `squatted-${Date.now()}@dealer.test`
    const stranger = 'stranger-knows-this-one'
    const signUp = await h.http.post('/api/users', { json: { email, password: stranger }, origin: null })
    expect(signUp.status).toBe(201)
    const { id } = await userWith(email)
    const { _verificationToken: confirm } = await h.payload.findByID({
      collection: 'users',
      id,
      showHiddenFields: true,
    })
    expect(confirm).toBeTruthy()

    const res = await invite('admin', email)
    expect([res.status, res.body]).toEqual([200, { message: 'Invitation sent.' }])
    expect(await userWith(email)).toMatchObject({
      id,
      role: 'partner',
      approved: true,
      _verified: true,
      dealership: h.dealerships.own,
    })
    // The stranger's password and confirmation link open nothing.
    expect((await h.http.post('/api/users/login', { json: { email, password: stranger } })).status).toBe(401)
    expect((await h.http.post(`/api/users/verify/${confirm}`, {})).status).toBeGreaterThanOrEqual(400)

    const set = await post({ token: linkIn(email), password: PASSWORD, confirm: PASSWORD })
    expect([set.status, set.headers.get('location')]).toEqual([303, '/partners'])
    expect((await h.http.post('/api/users/login', { json: { email, password: PASSWORD } })).status).toBe(200)
  })

  it('answers a missing address and an unknown dealership clearly', async () => {
    const empty = await invite('admin', ' ')
    expect([empty.status, empty.body]).toEqual([
      400,
      { errors: [{ message: 'Enter the partner’s e-mail address.' }] },
    ])
    const bad = await invite('admin', 'not-an-address')
    expect(bad.status).toBe(400)
    const unknown = await invite('admin', 'someone@dealer.test', 999_999)
    expect(unknown.status).toBe(404)
    expect(await userWith('someone@dealer.test')).toBeUndefined()
  })
})
