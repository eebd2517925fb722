import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// The customer's link to a quote: /quote/<nonce>.<signature>. The nonce names the quote in
// the database (a new one each time it is sent, cleared when it is revised); the signature,
// an HMAC with the server's secret, is never stored, so a copy of the database alone opens
// no quote. Compared in constant time. An invoice's pay link (/pay/<token>) is made the same
// way with a signature of its own purpose, so neither kind of link opens the other; so is the
// link to a visit booked without a quote (/visit/<token>, src/collections/Visits/customerLinks.ts).
const NONCE_BYTES = 18
const SIGNATURE_BYTES = 18
const TOKEN = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{24})$/

export type LinkPurpose = 'quote' | 'pay' | 'visit'

const signature = (secret: string, nonce: string, purpose: LinkPurpose) =>
  createHmac('sha256', secret).update(`${purpose}:${nonce}`).digest().subarray(0, SIGNATURE_BYTES)

export function newLinkNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64url')
}

export function customerLinkToken(secret: string, nonce: string, purpose: LinkPurpose = 'quote'): string {
  return `${nonce}.${signature(secret, nonce, purpose).toString('base64url')}`
}

/** The nonce a well-formed, genuinely signed token names; null for anything else. */
export function linkNonceOf(secret: string, token: unknown, purpose: LinkPurpose = 'quote'): string | null {
  if (typeof token !== 'string') return null
  const match = TOKEN.exec(token)
  if (!match) return null
  const [, nonce, sent] = match
  const given = Buffer.from(sent, 'base64url')
  const expected = signature(secret, nonce, purpose)
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null
}
