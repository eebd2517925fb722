import { NextRequest } from 'next/server'
import { OAuth2Server } from 'oauth2-mock-server'
import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { GET as callback } from '@/app/(frontend)/auth/google/callback/route'
import { GET as start } from '@/app/(frontend)/auth/google/route'
import { OIDC_COOKIE } from '@/server/oidc'

import { createUser, resetDatabase, testPayload } from '../helpers/payload'

// The two Google routes as Next serves them, against a real local OpenID provider: the
// start route sets the short-lived PKCE/state cookie and sends the browser to the
// provider; the callback checks it, signs in with Payload's own session cookie, clears
// the PKCE cookie and goes to the back office, or to /login with the error.
const SITE = 'http://localhost:3000'
let payload: Payload
let provider: OAuth2Server
const saved: Record<string, string | undefined> = {}
const ENV = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER_URL', 'SERVER_URL'] as const

beforeAll(async () => {
  payload = await testPayload()
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(0, '127.0.0.1')
  for (const key of ENV) saved[key] = process.env[key]
})

afterAll(async () => {
  await provider?.stop()
})

beforeEach(async () => {
  await resetDatabase(payload)
  await createUser(payload, 'admin')
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: 'curbside-test',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_ISSUER_URL: provider.issuer.url!,
    SERVER_URL: SITE,
  })
  provider.service.removeAllListeners('beforeTokenSigning')
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: 'google-sub-routes',
      email: 'newcomer@gmail.test',
      email_verified: true,
    })
  })
})

afterEach(() => {
  for (const key of ENV) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
})

function cookieFrom(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
}

async function throughProvider(redirect = '/admin?tab=leads') {
  const begin = await start(new NextRequest(`${SITE}/auth/google?redirect=${encodeURIComponent(redirect)}`))
  expect(begin.status).toBe(303)
  const authorize = new URL(begin.headers.get('location')!)
  expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin)
  const pkce = cookieFrom(begin, OIDC_COOKIE)!
  expect(pkce).toMatch(/HttpOnly/i)
  expect(pkce).toMatch(/Path=\/auth\/google/i)
  expect(pkce).toMatch(/SameSite=lax/i)
  const back = await fetch(authorize, { redirect: 'manual' })
  expect(back.status).toBe(302)
  return { callbackUrl: new URL(back.headers.get('location')!), pkce: pkce.split(';')[0] }
}

describe('the Google routes', () => {
  it('answer 404 when Google is not configured', async () => {
    delete process.env.GOOGLE_CLIENT_ID
    expect((await start(new NextRequest(`${SITE}/auth/google`))).status).toBe(404)
    expect((await callback(new NextRequest(`${SITE}/auth/google/callback?code=x&state=y`))).status).toBe(404)
  })

  it('sign a new Google account in as an unapproved user and land in the back office', async () => {
    const { callbackUrl, pkce } = await throughProvider()
    const done = await callback(new NextRequest(callbackUrl, { headers: { cookie: pkce } }))
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`${SITE}/admin?tab=leads`)
    const session = cookieFrom(done, 'payload-token')
    expect(session).toMatch(/HttpOnly/i)
    expect(cookieFrom(done, OIDC_COOKIE)).toMatch(/Max-Age=0/i)
    const { user } = await payload.auth({
      headers: new Headers({ cookie: session!.split(';')[0], 'Sec-Fetch-Site': 'same-origin' }),
    })
    expect(user).toMatchObject({ email: 'newcomer@gmail.test', approved: false })
  })

  it('send a provider error to /login as a known error code', async () => {
    provider.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      redirect.url.searchParams.delete('code')
      redirect.url.searchParams.set('error', 'access_denied')
      redirect.url.searchParams.set('error_description', 'The user denied access.')
    })
    const { callbackUrl, pkce } = await throughProvider()
    const done = await callback(new NextRequest(callbackUrl, { headers: { cookie: pkce } }))
    expect(done.status).toBe(303)
    const location = new URL(done.headers.get('location')!)
    expect(location.pathname).toBe('/login')
    // A code from the fixed list /login shows, never the provider's own text.
    expect(location.searchParams.get('error')).toBe('google-denied')
    expect(cookieFrom(done, 'payload-token')).toBeUndefined()
  })

  it('refuse a callback without the PKCE cookie and sign nobody in', async () => {
    const { callbackUrl } = await throughProvider()
    const done = await callback(new NextRequest(callbackUrl))
    expect(new URL(done.headers.get('location')!).searchParams.get('error')).toBe('google-expired')
    expect(cookieFrom(done, 'payload-token')).toBeUndefined()
    expect(
      (await payload.count({ collection: 'users', where: { email: { equals: 'newcomer@gmail.test' } } }))
        .totalDocs,
    ).toBe(0)
  })

  it('send the browser to /login with a message when the provider cannot be reached', async () => {
    process.env.GOOGLE_ISSUER_URL = 'http://127.0.0.1:9/unreachable'
    const begin = await start(new NextRequest(`${SITE}/auth/google`))
    expect(begin.status).toBe(303)
    expect(new URL(begin.headers.get('location')!).searchParams.get('error')).toBe('google-unavailable')
  })
})
