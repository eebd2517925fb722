import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// The customer's link to a quote: /quote/<nonce>.<signature>. The nonce names the quote in
// the database (a new one each time it is sent, cleared when it is revised); the signature,
// an HMAC with the server's secret, is never stored, so a copy of the database alone opens
// no quote. Compared in constant time.
const NONCE_BYTES = 18
const SIGNATURE_BYTES = 18
const TOKEN = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{24})$/

const signature = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`quote:${nonce}`).digest().subarray(0, SIGNATURE_BYTES)

export function newQuoteNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64url')
}

export function quoteToken(secret: string, nonce: string): string {
  return `${nonce}.${signature(secret, nonce).toString('base64url')}`
}

/** The nonce a well-formed, genuinely signed token names; null for anything else. */
export function quoteNonceOf(secret: string, token: unknown): string | null {
  if (typeof token !== 'string') return null
  const match = TOKEN.exec(token)
  if (!match) return null
  const [, nonce, sent] = match
  const given = Buffer.from(sent, 'base64url')
  const expected = signature(secret, nonce)
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null
}
