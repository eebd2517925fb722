// The callback must match the address registered with Google exactly, so it is built
// from the configured site address, never from request headers.
export function siteUrl(): string {
  return (process.env.SERVER_URL || 'http://localhost:3000').replace(/\/$/, '')
}

export function callbackUrl(): string {
  return `${siteUrl()}/auth/google/callback`
}

export function loginErrorUrl(message: string): URL {
  const url = new URL('/login', siteUrl())
  url.searchParams.set('error', message)
  return url
}
