import type { NextRequest } from 'next/server'
import { NextResponse } from 'next/server'

import { safeAdminRedirect } from '@/lib/safe-redirect'

// Payload's admin cannot move its login route outside /admin, so that screen forwards to /login.
export function proxy(request: NextRequest) {
  const target = new URL('/login', request.url)
  const redirect = request.nextUrl.searchParams.get('redirect')
  if (redirect) {
    // Payload passes the route without its /admin prefix when it is the admin root.
    const candidate = redirect.startsWith('/admin')
      ? redirect
      : `/admin${redirect.startsWith('/') ? '' : '/'}${redirect}`
    const safe = safeAdminRedirect(candidate)
    if (safe !== '/admin') target.searchParams.set('redirect', safe)
  }
  return NextResponse.redirect(target, 307)
}

export const config = {
  matcher: ['/admin/login', '/admin/login/'],
}
