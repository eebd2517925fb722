import config from '@payload-config'
import { REST_POST } from '@payloadcms/next/routes'

import { invitationErrorCode, isInvitationToken, type InvitationError } from '@/lib/partner-invitation'
import { BodyTooLarge, readCappedBody } from '@/server/read-capped-body'

// The invitation form's POST: Payload's reset-password sets the partner's first password and
// signs it in (its cookie passed on); answered with a redirect, so it works without script.
const MAX_FORM_BYTES = 16 * 1024
const rest = REST_POST(config)
const noStore = { 'Cache-Control': 'no-store, private' }

// Relative Locations, as the login form's: behind a proxy the request's URL may name another host.
const to = (location: string) =>
  new Response(null, { status: 303, headers: { ...noStore, Location: location } })
const back = (token: string, error: InvitationError) =>
  to(isInvitationToken(token) ? `/partners/invitation/${token}?error=${error}` : `/login?error=invitation`)

export async function POST(request: Request) {
  let form: URLSearchParams
  try {
    const bytes = await readCappedBody(request.body, request.headers.get('content-length'), MAX_FORM_BYTES)
    form = new URLSearchParams(Buffer.from(bytes).toString('utf8'))
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error
    return to('/login')
  }
  const token = form.get('token') ?? ''
  const password = form.get('password') ?? ''
  if (!isInvitationToken(token)) return back(token, 'expired')
  if (password !== (form.get('confirm') ?? '')) return back(token, 'mismatch')
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  const slug = ['users', 'reset-password']
  const answer = await rest(
    new Request(new URL('/api/users/reset-password', request.url), {
      method: 'POST',
      headers,
      body: JSON.stringify({ token, password }),
    }),
    { params: Promise.resolve({ slug }) },
  )
  if (!answer.ok) {
    const body = (await answer.json().catch(() => ({}))) as { errors?: { message?: string }[] }
    return back(token, invitationErrorCode(body.errors?.[0]?.message ?? '', answer.status))
  }
  const response = to('/partners')
  for (const cookie of answer.headers.getSetCookie()) response.headers.append('Set-Cookie', cookie)
  return response
}
