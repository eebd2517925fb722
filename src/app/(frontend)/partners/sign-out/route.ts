import config from '@payload-config'
import { REST_POST } from '@payloadcms/next/routes'

const rest = REST_POST(config)

// The portal's sign-out button, a plain form: Payload's logout (which clears the cookie and
// the session), then back to the login page.
export async function POST(request: Request) {
  const slug = ['users', 'logout']
  const answer = await rest(
    new Request(new URL('/api/users/logout', request.url), { method: 'POST', headers: request.headers }),
    { params: Promise.resolve({ slug }) },
  )
  const response = new Response(null, {
    status: 303,
    headers: { 'Cache-Control': 'no-store, private', Location: '/login' },
  })
  for (const cookie of answer.headers.getSetCookie()) response.headers.append('Set-Cookie', cookie)
  return response
}
