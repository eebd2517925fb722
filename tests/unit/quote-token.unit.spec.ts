import { describe, expect, it } from 'vitest'

import { newQuoteNonce, quoteNonceOf, quoteToken } from '@/server/quote-token'

const SECRET = 'a-long-test-secret'

describe("a quote's link token", () => {
  it('names its nonce when signed with the secret', () => {
    const nonce = newQuoteNonce()
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(quoteNonceOf(SECRET, quoteToken(SECRET, nonce))).toBe(nonce)
  })

  it('is refused when tampered with, signed with another secret, or malformed', () => {
    const nonce = newQuoteNonce()
    const token = quoteToken(SECRET, nonce)
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(quoteNonceOf(SECRET, flipped)).toBeNull()
    expect(quoteNonceOf(SECRET, quoteToken('another-secret', nonce))).toBeNull()
    expect(quoteNonceOf(SECRET, `${newQuoteNonce()}.${token.split('.')[1]}`)).toBeNull()
    for (const bad of ['', nonce, `${nonce}.`, `${token}x`, '../../etc/passwd', 42, null]) {
      expect(quoteNonceOf(SECRET, bad)).toBeNull()
    }
  })

  it('is new each time', () => {
    expect(newQuoteNonce()).not.toBe(newQuoteNonce())
  })
})
