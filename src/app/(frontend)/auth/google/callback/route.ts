import type { NextRequest } from 'next/server'
import { NextResponse } from 'next/server'

import { OIDC_COOKIE, completeGoogleSignIn } from '@/server/oidc'
import { googleOidcSettings } from '@/server/oidc-config'

import { serverUrl } from '@/lib/server-url'

import { callbackUrl, loginErrorUrl } from '../urls'

export const dynamic = 'force-dynamic'

export async function GET(request: NextRequest) {
  const settings = googleOidcSettings()
  if (!settings)
    return NextResponse.json({ errors: [{ message: 'Google sign-in is not configured.' }] }, { status: 404 })
  // openid-client compares the response against the registered redirect URI.
  const currentUrl = new URL(callbackUrl())
  currentUrl.search = request.nextUrl.search
  const result = await completeGoogleSignIn({
    settings,
    currentUrl,
    cookieValue: request.cookies.get(OIDC_COOKIE)?.value,
  })
  const response = result.ok
    ? NextResponse.redirect(new URL(result.returnTo, serverUrl()), 303)
    : NextResponse.redirect(loginErrorUrl(result.message), 303)
  response.cookies.set(OIDC_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/auth/google', maxAge: 0 })
  // After cookies.set: each set rewrites every Set-Cookie header from NextResponse's own
  // cookie store, which would drop a session cookie appended before it.
  if (result.ok) response.headers.append('Set-Cookie', result.cookie)
  response.headers.set('Cache-Control', 'no-store, private')
  return response
}
