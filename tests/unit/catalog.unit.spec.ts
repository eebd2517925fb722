import { describe, expect, it } from 'vitest'

import { OFFERS, SERVICE_TYPES, serviceTitle } from '@/lib/catalog'

describe('offers', () => {
  it('are the four priced offers of the spec', () => {
    expect(OFFERS.map((o) => [o.key, o.title, o.price])).toEqual([
      ['rim_rash', 'Rim Rash / Curbed Rim', '$125'],
      ['windshield_repair', 'Cracked Windshield Repair', '$110'],
      ['headlight_refresh', 'Headlight Refresh', '$85'],
      ['rim_restoration', 'Bent, Powder Coating, or Cracked Rims', '$250'],
    ])
  })

  it('name each service type by its display title; the main form is Wheel Restoration', () => {
    expect(SERVICE_TYPES).toEqual([
      'rim_rash',
      'windshield_repair',
      'headlight_refresh',
      'rim_restoration',
      'wheel_restoration',
    ])
    expect(serviceTitle('wheel_restoration')).toBe('Wheel Restoration')
    expect(serviceTitle('headlight_refresh')).toBe('Headlight Refresh')
  })
})
