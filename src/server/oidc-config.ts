// The issuer is overridable so tests (or a staging identity provider) can stand in for Google.
export const GOOGLE_ISSUER_DEFAULT = 'https://accounts.google.com'

export type GoogleOidcSettings = { clientId: string; clientSecret: string; issuer: string }

export function googleOidcSettings(
  env: Record<string, string | undefined> = process.env,
): GoogleOidcSettings | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim()
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim()
  if (!clientId || !clientSecret) return null
  return { clientId, clientSecret, issuer: env.GOOGLE_ISSUER_URL?.trim() || GOOGLE_ISSUER_DEFAULT }
}
