import { describe, expect, it } from 'vitest'

import { listedLeadIds } from '@/lib/erase-request'

describe('the erase request', () => {
  it('lists distinct positive lead ids, or nothing', () => {
    expect(listedLeadIds({ leads: [3, 1, 3] })).toEqual([3, 1])
    for (const leads of [undefined, [], [0], [1.5], ['2'], 'all', new Array(1001).fill(1)])
      expect(listedLeadIds({ leads }), JSON.stringify(leads)).toBeNull()
  })
})
