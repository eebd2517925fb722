import type { NextRequest } from 'next/server'
import { NextResponse } from 'next/server'

import { safeAdminRedirect } from '@/lib/safe-redirect'
import { NOT_FOUND_PAGE_PATH } from '@/lib/seo'
import {
  checkCustomerLinkRequest,
  type CustomerLinkKind,
  CUSTOMER_LINK_HEADER,
} from '@/server/customer-link-gate'

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  if (pathname.startsWith('/quote/')) return quoteLink(request, 'quote')
  if (pathname.startsWith('/pay/')) return quoteLink(request, 'pay')
  if (pathname.startsWith('/visit/')) return quoteLink(request, 'visit')
  // The 404 page's own address is a 404 too (src/server/patches/not-found-page.ts).
  if (pathname === NOT_FOUND_PAGE_PATH) return NextResponse.next({ status: 404 })
  return adminLogin(request)
}

// A page cannot set its status, a proxy's answer can: a quote link over the customer links'
// limit is answered 429 with Retry-After, one that opens no quote 404, each with the page
// saying so (src/server/customer-link-gate.ts). An invoice's pay link and a visit's link follow
// the same rules.
async function quoteLink(request: NextRequest, kind: CustomerLinkKind) {
  const headers = new Headers(request.headers)
  // Only this proxy says what the check found.
  headers.delete(CUSTOMER_LINK_HEADER)
  let token: string
  try {
    token = decodeURIComponent(request.nextUrl.pathname.slice(`/${kind}/`.length))
  } catch {
    return NextResponse.next({ request: { headers } })
  }
  const checked = await checkCustomerLinkRequest(request.headers, token, kind)
  if (!checked) return NextResponse.next({ request: { headers } })
  headers.set(CUSTOMER_LINK_HEADER, checked.header)
  if (checked.verdict === 'allowed') return NextResponse.next({ request: { headers } })
  if (checked.verdict === 'missing') return NextResponse.next({ request: { headers }, status: 404 })
  const response = NextResponse.next({ request: { headers }, status: 429 })
  response.headers.set('Retry-After', String(checked.retryAfterSeconds))
  return response
}

// Payload's admin cannot move its login route outside /admin, so that screen forwards to /login.
function adminLogin(request: NextRequest) {
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
  matcher: [
    '/admin/login',
    '/admin/login/',
    '/quote/:token',
    '/pay/:token',
    '/visit/:token',
    '/page-not-found',
  ],
}
