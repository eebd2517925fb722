import { afterEach, describe, expect, it } from 'vitest'

import { isSetupToken, setupLink, setupToken } from '@/server/setup-token'

afterEach(() => {
  delete process.env.SETUP_TOKEN
})

describe('the first admin setup token', () => {
  it('is the same for every instance with one secret, and differs between secrets', () => {
    expect(setupToken('secret-a')).toBe(setupToken('secret-a'))
    expect(setupToken('secret-a')).not.toBe(setupToken('secret-b'))
    expect(setupToken('secret-a')).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })

  it('is SETUP_TOKEN when that is set', () => {
    process.env.SETUP_TOKEN = ' chosen-by-the-owner '
    expect(setupToken('secret-a')).toBe('chosen-by-the-owner')
    expect(isSetupToken('secret-a', 'chosen-by-the-owner')).toBe(true)
  })

  it('accepts only the exact token', () => {
    const token = setupToken('secret-a')
    expect(isSetupToken('secret-a', token)).toBe(true)
    expect(isSetupToken('secret-a', token.slice(1))).toBe(false)
    expect(isSetupToken('secret-a', `${token}x`)).toBe(false)
    expect(isSetupToken('secret-b', token)).toBe(false)
    expect(isSetupToken('secret-a', '')).toBe(false)
    expect(isSetupToken('secret-a', null)).toBe(false)
  })

  it('is printed as a link to the sign-up page', () => {
    expect(setupLink('https://curbsiderim.co/', 'secret-a')).toBe(
      `https://curbsiderim.co/login?setup=${setupToken('secret-a')}`,
    )
  })
})
