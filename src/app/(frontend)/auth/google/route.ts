import type { NextRequest } from 'next/server'
import { NextResponse } from 'next/server'

import { OIDC_COOKIE, OIDC_COOKIE_MAX_AGE, startGoogleSignIn } from '@/server/oidc'
import { googleOidcSettings } from '@/server/oidc-config'

import { serverUrl } from '@/lib/server-url'

import { callbackUrl, loginErrorUrl } from './urls'

export const dynamic = 'force-dynamic'

export async function GET(request: NextRequest) {
  const settings = googleOidcSettings()
  if (!settings)
    return NextResponse.json({ errors: [{ message: 'Google sign-in is not configured.' }] }, { status: 404 })
  try {
    const { authorizationUrl, cookieValue } = await startGoogleSignIn({
      settings,
      redirectUri: callbackUrl(),
      returnTo: request.nextUrl.searchParams.get('redirect'),
    })
    const response = NextResponse.redirect(authorizationUrl, 303)
    response.cookies.set(OIDC_COOKIE, cookieValue, {
      httpOnly: true,
      sameSite: 'lax',
      secure: serverUrl().startsWith('https://'),
      path: '/auth/google',
      maxAge: OIDC_COOKIE_MAX_AGE,
    })
    return response
  } catch {
    return NextResponse.redirect(
      loginErrorUrl('Google sign-in is unavailable right now. Please try again.'),
      303,
    )
  }
}
