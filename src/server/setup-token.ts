import { createHmac, timingSafeEqual } from 'node:crypto'

// Guards a fresh database's first sign-up; derived from the secret so all instances agree without shared state.
export function setupToken(secret: string): string {
  const configured = process.env.SETUP_TOKEN?.trim()
  if (configured) return configured
  return createHmac('sha256', secret).update('curbside first-admin setup').digest('base64url').slice(0, 32)
}

export function isSetupToken(secret: string, offered: string | null | undefined): boolean {
  if (!offered) return false
  const expected = Buffer.from(setupToken(secret))
  const given = Buffer.from(offered)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function setupLink(serverURL: string, secret: string): string {
  return `${serverURL.replace(/\/$/, '')}/login?setup=${encodeURIComponent(setupToken(secret))}`
}
