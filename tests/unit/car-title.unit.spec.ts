import { describe, expect, it } from 'vitest'

import { carTitle } from '@/lib/work-order-number'

// A car's heading on the portal and the technician's page.
describe('a car’s title', () => {
  it('names the stock number, then the year, make and model it has', () => {
    expect(carTitle({ stockNumber: 'B201', year: 2019, make: 'Honda', model: 'Accord' })).toBe(
      'B201 · 2019 Honda Accord',
    )
    expect(carTitle({ stockNumber: 'B201', make: 'Honda' }, 'Silver')).toBe('B201 · Honda Silver')
  })

  it('is the stock number alone, with no dangling dot, for a car pasted without them', () => {
    expect(carTitle({ stockNumber: 'B201' })).toBe('B201')
    expect(carTitle({ stockNumber: 'B201', year: null, make: '', model: null }, null)).toBe('B201')
  })
})
