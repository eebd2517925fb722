// Only back-office paths, so a crafted link cannot bounce a visitor off-site.
export const ADMIN_HOME = '/admin'
// Where a dealership's partner lands after signing in, whatever the redirect asked.
export const PARTNER_HOME = '/partners'

export function safeAdminRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return ADMIN_HOME
  if (!value.startsWith('/admin')) return ADMIN_HOME
  if (/[\\\s]|%2f|%5c|\/\//i.test(value)) return ADMIN_HOME
  let url: URL
  try {
    url = new URL(value, 'http://site.invalid')
  } catch {
    return ADMIN_HOME
  }
  if (url.origin !== 'http://site.invalid') return ADMIN_HOME
  if (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/')) return ADMIN_HOME
  // Sending someone back to the login or logout screens would loop.
  if (/^\/admin\/(login|logout)(\/|$)/.test(url.pathname)) return ADMIN_HOME
  return `${url.pathname}${url.search}`
}
