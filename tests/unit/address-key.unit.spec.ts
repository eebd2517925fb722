import { describe, expect, it } from 'vitest'

import { addressKey } from '@/server/rate-limit'

describe('the rate-limit key of a client address', () => {
  it('keeps IPv4 as it is, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('keys IPv6 by its /64, whatever the notation', () => {
    const key = '2001:db8:1:2::/64'
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:abcd',
      '[2001:db8:1:2::9]',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1'),
    ]) {
      expect(addressKey(address)).toBe(key)
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('leaves what is no address as it came, capped', () => {
    expect(addressKey('unknown')).toBe('unknown')
    expect(addressKey('not:an:address:zz')).toBe('not:an:address:zz')
    expect(addressKey(`${'a:'.repeat(200)}`).length).toBeLessThanOrEqual(100)
  })
})
