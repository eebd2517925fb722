import type { PayloadRequest } from 'payload'

function trustedOrigins(req: PayloadRequest): Set<string> {
  const origins = new Set<string>()
  for (const url of [req.payload.config.serverURL, ...req.payload.config.csrf, req.url]) {
    try {
      if (url) origins.add(new URL(url).origin)
    } catch {
      // Not a URL: trusts nothing.
    }
  }
  return origins
}

// A browser's request made by another site's page (a form or a script there). API clients that
// send neither Origin nor Sec-Fetch-Site are not browsers on another site, and pass.
export function isCrossSite(req: PayloadRequest): boolean {
  if (req.headers.get('sec-fetch-site') === 'cross-site') return true
  const origin = req.headers.get('origin')
  return origin !== null && !trustedOrigins(req).has(origin)
}

// A form the browser posts itself (no script), which expects a page back rather than JSON.
export function isPlainFormPost(headers: Headers): boolean {
  const accept = headers.get('accept') ?? ''
  if (accept.includes('application/json')) return false
  const mode = headers.get('sec-fetch-mode')
  return mode ? mode === 'navigate' : accept.includes('text/html')
}
