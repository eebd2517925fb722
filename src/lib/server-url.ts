// The address people use to reach the site (SERVER_URL), without a trailing slash: the
// one place it is read. Links in e-mails, the Google callback, absolute URLs in page
// metadata, the sitemap and JSON-LD, CSRF and CORS origins, and whether session cookies
// are `Secure` all come from here. Unset, it is this machine on the port the server
// listens on (PORT, as `next dev`, `next start` and the standalone server read it).
export function serverUrl(): string {
  return (process.env.SERVER_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')
}

export const servedOverHttps = () => serverUrl().startsWith('https://')
