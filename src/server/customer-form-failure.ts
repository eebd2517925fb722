import type { Endpoint, PayloadRequest } from 'payload'

import { REQUEST_FAILED } from '@/lib/request-constants'
import { serverUrl } from '@/lib/server-url'

export const TRY_AGAIN = REQUEST_FAILED
const RETRY_AFTER_SECONDS = '5'

// The quote page's and the unsubscribe page's forms post without any script. When the server
// cannot answer them (the database gone, above all), a browser gets a page that says to try
// again, and a script the same in JSON: a 503 worth retrying, never Payload's 500.
export function answeredWhenFailing(name: string, handler: Endpoint['handler']): Endpoint['handler'] {
  return async (req) => {
    try {
      return await handler(req)
    } catch (err) {
      req.payload.logger.error({ err, msg: `${name}: failed, answered 503` })
      return tryAgain(req)
    }
  }
}

function tryAgain(req: PayloadRequest): Response {
  const headers = { 'Cache-Control': 'no-store, private', 'Retry-After': RETRY_AFTER_SECONDS }
  if (req.headers.get('accept')?.includes('application/json')) {
    return Response.json({ message: TRY_AGAIN }, { status: 503, headers })
  }
  return new Response(page(backPath(req.headers.get('referer'))), {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
  })
}

// Back to the page the form was on, when it is one of this site's.
function backPath(referer: string | null): string {
  try {
    const url = new URL(referer ?? '')
    if (url.origin === new URL(serverUrl()).origin) return `${url.pathname}${url.search}`
  } catch {}
  return '/'
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(back: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Please try again</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<main>
<h1>Please try again</h1>
<p role="alert">${TRY_AGAIN}</p>
<p><a href="${escapeHtml(back)}">Go back</a></p>
</main>
</body>
</html>
`
}
