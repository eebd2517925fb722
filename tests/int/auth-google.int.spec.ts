import { OAuth2Server } from 'oauth2-mock-server'
import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { completeGoogleSignIn, startGoogleSignIn } from '@/server/oidc'
import type { GoogleOidcSettings } from '@/server/oidc-config'

import { createUser, resetDatabase, testPayload } from '../helpers/payload'

// Google sign-in against a real local OpenID provider: authorization code + PKCE, state
// and nonce checked by openid-client, the session issued by Payload's own helpers.

const REDIRECT_URI = 'http://localhost:3000/auth/google/callback'
let payload: Payload
let provider: OAuth2Server
let settings: GoogleOidcSettings
let nextClaims: Record<string, unknown> = {}

beforeAll(async () => {
  payload = await testPayload()
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(0, '127.0.0.1')
  settings = { clientId: 'curbside-test', clientSecret: 'test-secret', issuer: provider.issuer.url! }
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, nextClaims)
  })
})

afterAll(async () => {
  await provider?.stop()
})

beforeEach(async () => {
  await resetDatabase(payload)
  await createUser(payload, 'admin')
  nextClaims = { sub: 'google-sub-1', email: 'owner@gmail.test', email_verified: true }
})

// Runs the browser's part: our start URL -> provider's authorize endpoint -> the
// provider's redirect back to our callback, which is returned untouched.
async function authorize(returnTo: unknown = '/admin') {
  const { authorizationUrl, cookieValue } = await startGoogleSignIn({
    settings,
    redirectUri: REDIRECT_URI,
    returnTo,
  })
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorizationUrl.searchParams.get('state')).toBeTruthy()
  expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy()
  const response = await fetch(authorizationUrl, { redirect: 'manual' })
  expect(response.status).toBe(302)
  return { callback: new URL(response.headers.get('location')!), cookieValue }
}

async function sessionUser(cookie: string) {
  const token = cookie.split(';')[0]
  const { user } = await payload.auth({
    headers: new Headers({ cookie: token, 'Sec-Fetch-Site': 'same-origin' }),
  })
  return user
}

describe('Google sign-in', () => {
  it('signs in an existing user whose verified e-mail matches, with a cookie Payload accepts', async () => {
    const { user: staff } = await createUser(payload, 'staff')
    nextClaims.email = staff.email.toUpperCase()
    const { callback, cookieValue } = await authorize('/admin?tab=leads')
    const result = await completeGoogleSignIn({ payload, settings, currentUrl: callback, cookieValue })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.user.id).toBe(staff.id)
    expect(result.returnTo).toBe('/admin?tab=leads')
    expect(result.cookie).toMatch(/HttpOnly/i)
    expect(result.cookie).toMatch(/SameSite=Lax/i)
    const user = await sessionUser(result.cookie)
    expect(user?.id).toBe(staff.id)
    // Approved staff read business data with that session.
    const leads = await payload.find({ collection: 'leads', user: user!, overrideAccess: false })
    expect(leads.totalDocs).toBe(0)
  })

  it('creates an unapproved account for a new Google user, refused any data', async () => {
    const { callback, cookieValue } = await authorize()
    const result = await completeGoogleSignIn({ payload, settings, currentUrl: callback, cookieValue })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.user).toMatchObject({
      email: 'owner@gmail.test',
      approved: false,
      role: 'staff',
      googleSubject: 'google-sub-1',
      signUpMethod: 'google',
    })
    const user = await sessionUser(result.cookie)
    expect(user?.id).toBe(result.user.id)
    await expect(
      payload.find({ collection: 'leads', user: user!, overrideAccess: false }),
    ).rejects.toMatchObject({
      status: 403,
    })
    // A second sign-in finds the same account by its Google subject.
    const again = await authorize()
    const second = await completeGoogleSignIn({
      payload,
      settings,
      currentUrl: again.callback,
      cookieValue: again.cookieValue,
    })
    expect(second.ok && second.user.id).toBe(result.user.id)
    expect(
      (await payload.count({ collection: 'users', where: { email: { equals: 'owner@gmail.test' } } }))
        .totalDocs,
    ).toBe(1)
  })

  it('never links to an account whose address was not confirmed by its owner', async () => {
    // Someone signed up with the owner's address and a password of their own, and never
    // confirmed it (they cannot read the owner's mail).
    const squatter = await payload.create({
      collection: 'users',
      data: {
        email: 'owner@gmail.test',
        password: 'squatters-own-password',
        role: 'staff',
        approved: false,
        _verified: false,
      },
      disableVerificationEmail: true,
    })
    const { callback, cookieValue } = await authorize()
    const result = await completeGoogleSignIn({ payload, settings, currentUrl: callback, cookieValue })
    expect(result).toEqual({
      ok: false,
      message:
        'An account with this e-mail address exists but its address was never confirmed. Ask an admin to remove it, then sign in with Google again.',
    })
    const after = await payload.findByID({ collection: 'users', id: squatter.id, depth: 0 })
    expect(after.googleSubject ?? null).toBeNull()
    expect(after._verified).toBe(false)
  })

  it('linking a confirmed account ends its other sessions', async () => {
    const { user: staff, password } = await createUser(payload, 'staff')
    const { token } = await payload.login({ collection: 'users', data: { email: staff.email, password } })
    const bearer = () => payload.auth({ headers: new Headers({ Authorization: `JWT ${token}` }) })
    expect((await bearer()).user?.id).toBe(staff.id)

    nextClaims.email = staff.email
    const { callback, cookieValue } = await authorize()
    const result = await completeGoogleSignIn({ payload, settings, currentUrl: callback, cookieValue })
    expect(result.ok && result.user.id).toBe(staff.id)
    if (!result.ok) return
    expect((await bearer()).user).toBeNull()
    expect((await sessionUser(result.cookie))?.id).toBe(staff.id)
    expect(await payload.findByID({ collection: 'users', id: staff.id, depth: 0 })).toMatchObject({
      googleSubject: 'google-sub-1',
      signUpMethod: 'server',
    })
  })

  it('refuses a callback whose state does not match and creates nothing', async () => {
    const { callback } = await authorize()
    const other = await startGoogleSignIn({ settings, redirectUri: REDIRECT_URI, returnTo: '/admin' })
    const result = await completeGoogleSignIn({
      payload,
      settings,
      currentUrl: callback,
      cookieValue: other.cookieValue,
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toBe('Google sign-in could not be verified. Please try again.')
    expect(
      (await payload.count({ collection: 'users', where: { email: { equals: 'owner@gmail.test' } } }))
        .totalDocs,
    ).toBe(0)
  })

  it('refuses a callback without its cookie', async () => {
    const { callback } = await authorize()
    const result = await completeGoogleSignIn({
      payload,
      settings,
      currentUrl: callback,
      cookieValue: undefined,
    })
    expect(result).toEqual({ ok: false, message: 'Your Google sign-in expired. Please try again.' })
  })

  it("shows the provider's own error message", async () => {
    provider.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      redirect.url.searchParams.delete('code')
      redirect.url.searchParams.set('error', 'access_denied')
      redirect.url.searchParams.set('error_description', 'The user denied access.')
    })
    const { callback, cookieValue } = await authorize()
    const result = await completeGoogleSignIn({ payload, settings, currentUrl: callback, cookieValue })
    expect(result).toEqual({ ok: false, message: 'The user denied access.' })
  })

  it('refuses a Google account without a verified e-mail', async () => {
    nextClaims.email_verified = false
    const { callback, cookieValue } = await authorize()
    const result = await completeGoogleSignIn({ payload, settings, currentUrl: callback, cookieValue })
    expect(result).toEqual({ ok: false, message: 'Your Google account has no verified e-mail address.' })
    expect(
      (await payload.count({ collection: 'users', where: { email: { equals: 'owner@gmail.test' } } }))
        .totalDocs,
    ).toBe(0)
  })

  it('never returns anywhere but the back office', async () => {
    const { callback, cookieValue } = await authorize('https://evil.example/admin')
    const result = await completeGoogleSignIn({ payload, settings, currentUrl: callback, cookieValue })
    expect(result.ok && result.returnTo).toBe('/admin')
  })
})
