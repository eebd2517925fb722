import { describe, expect, it } from 'vitest'

import { UNREADABLE_PHONE, eraseRequestError, listedLeadIds, parseEraseRequest } from '@/lib/erase-request'

describe('the erase request', () => {
  it('lists distinct positive lead ids, or nothing', () => {
    expect(listedLeadIds({ leads: [3, 1, 3] })).toEqual([3, 1])
    for (const leads of [undefined, [], [0], [1.5], ['2'], 'all', new Array(1001).fill(1)])
      expect(listedLeadIds({ leads }), JSON.stringify(leads)).toBeNull()
  })

  it("reads a phone's digits and its E.164 form, however it is typed", () => {
    for (const phone of ['(512) 555-0188', '512.555.0188', '+1 512 555 0188', '1-512-555-0188'])
      expect(parseEraseRequest({ phone }).phoneE164, phone).toBe('+15125550188')
    expect(parseEraseRequest({ phone: '555-0188' })).toEqual({
      email: null,
      phoneDigits: '5550188',
      phoneE164: null,
    })
  })

  it('refuses a phone it cannot read, even beside an e-mail', () => {
    for (const phone of ['512-555-01BB', '55-01', '1234567890123456', 7, 'call me'])
      expect(eraseRequestError({ email: 'a@b.test', phone, confirm: true }), String(phone)).toBe(
        UNREADABLE_PHONE,
      )
    expect(eraseRequestError({ email: 'a@b.test', phone: ' ', confirm: true })).toBeNull()
    expect(eraseRequestError({ phone: '(512) 555-0188', confirm: true })).toBeNull()
  })
})
