import config from '@payload-config'
import { REST_POST } from '@payloadcms/next/routes'

import { safeAdminRedirect } from '@/lib/safe-redirect'
import { SETUP_TOKEN_HEADER } from '@/lib/setup-header'
import { loginErrorCode } from '@/server/login-messages'
import { BodyTooLarge, readCappedBody } from '@/server/read-capped-body'

// Where the login form posts before its script has loaded (a slow phone, a password manager
// filling in at once); answered with a redirect instead of JSON.
const MAX_FORM_BYTES = 16 * 1024
const rest = REST_POST(config)

const noStore = { 'Cache-Control': 'no-store, private' }

// A relative Location: behind a proxy the request's own URL may name another host than the
// visitor's, and the page's CSP (form-action 'self') would block the redirect.
function back(params: Record<string, string>): Response {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value))
  const location = `/login${query.size ? `?${query}` : ''}`
  return new Response(null, { status: 303, headers: { ...noStore, Location: location } })
}

async function firstMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { errors?: { message?: string }[] }
    return body.errors?.[0]?.message ?? ''
  } catch {
    return ''
  }
}

export async function POST(request: Request) {
  let form: URLSearchParams
  try {
    const bytes = await readCappedBody(request.body, request.headers.get('content-length'), MAX_FORM_BYTES)
    form = new URLSearchParams(Buffer.from(bytes).toString('utf8'))
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error
    return back({ error: 'sign-in-failed' })
  }
  const signUp = form.get('mode') === 'signup'
  const redirectTo = safeAdminRedirect(form.get('redirect') ?? undefined)
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  const setup = form.get('setup')
  if (setup) headers.set(SETUP_TOKEN_HEADER, setup)
  const slug = signUp ? ['users'] : ['users', 'login']
  const answer = await rest(
    new Request(new URL(`/api/${slug.join('/')}`, request.url), {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: form.get('email') ?? '', password: form.get('password') ?? '' }),
    }),
    { params: Promise.resolve({ slug }) },
  )
  const keep = redirectTo === '/admin' ? '' : redirectTo
  if (!answer.ok) {
    const fallback = signUp ? 'sign-up-failed' : 'sign-in-failed'
    const error = loginErrorCode(await firstMessage(answer), fallback)
    return back({ error, mode: signUp ? 'signup' : '', redirect: keep })
  }
  if (signUp) return back({ notice: 'signed-up', redirect: keep })
  const response = back({ notice: 'signed-in', redirect: keep })
  for (const cookie of answer.headers.getSetCookie()) response.headers.append('Set-Cookie', cookie)
  return response
}
