// The path part a redirect is looked up by: no query, no trailing slash, lower case (old
// sites' addresses were often case-insensitive).
export function redirectKey(path: string): string {
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '')
  return (bare || '/').toLowerCase()
}

const RESERVED = /^\/(admin|api|_next|login)(\/|$)/i

export function redirectSourceError(from: string): string | null {
  if (!from.startsWith('/') || from.startsWith('//')) return 'Start the old address with a single /.'
  if (/[\s\u0000-\u001f\u007f]/.test(from))
    return 'The old address may not contain spaces or control characters.'
  if (from === '/') return 'The home page cannot be redirected.'
  if (RESERVED.test(from)) return 'The back office, API and login addresses cannot be redirected.'
  return null
}

export function redirectTargetError(to: string): string | null {
  if (/[\s\u0000-\u001f\u007f]/.test(to))
    return 'The new address may not contain spaces or control characters.'
  // Browsers read a backslash as a slash: "/\evil.example" is "//evil.example", another site.
  if (to.includes('\\')) return 'The new address may not contain a backslash (\\).'
  if (to.startsWith('/') && !to.startsWith('//')) return null
  try {
    const url = new URL(to)
    if (url.protocol === 'https:' || url.protocol === 'http:') return null
  } catch {}
  return 'Give a page of this site (starting with /) or a full http(s):// address.'
}
