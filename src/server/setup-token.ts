import { createHmac, timingSafeEqual } from 'node:crypto'

// The one-time token that lets the owner create the first account of a fresh production
// database: without it, whoever reached the sign-up first would become the admin. It is
// SETUP_TOKEN when set, else derived from the server's secret, so every instance of one
// deployment prints and accepts the same token without sharing any state. It opens
// nothing once an account exists.
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
