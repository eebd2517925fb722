import { describe, expect, it } from 'vitest'

import { newLinkNonce, linkNonceOf, customerLinkToken } from '@/server/customer-link-token'

const SECRET = 'a-long-test-secret'

describe("a quote's link token", () => {
  it('names its nonce when signed with the secret', () => {
    const nonce = newLinkNonce()
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(linkNonceOf(SECRET, customerLinkToken(SECRET, nonce))).toBe(nonce)
  })

  it('is refused when tampered with, signed with another secret, or malformed', () => {
    const nonce = newLinkNonce()
    const token = customerLinkToken(SECRET, nonce)
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(linkNonceOf(SECRET, flipped)).toBeNull()
    expect(linkNonceOf(SECRET, customerLinkToken('another-secret', nonce))).toBeNull()
    expect(linkNonceOf(SECRET, `${newLinkNonce()}.${token.split('.')[1]}`)).toBeNull()
    for (const bad of ['', nonce, `${nonce}.`, `${token}x`, '../../etc/passwd', 42, null]) {
      expect(linkNonceOf(SECRET, bad)).toBeNull()
    }
  })

  it('is new each time', () => {
    expect(newLinkNonce()).not.toBe(newLinkNonce())
  })
})
