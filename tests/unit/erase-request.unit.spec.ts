import { describe, expect, it } from 'vitest'

import {
  UNREADABLE_PHONE,
  eraseRequestError,
  leadEraseContact,
  listedLeadIds,
  parseEraseRequest,
} from '@/lib/erase-request'

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

describe("the erasure a lead's page asks for", () => {
  const body = (lead: { email: string; phone: string }) => ({
    ...leadEraseContact(lead),
    leads: [1],
    confirm: true,
  })

  it('goes by the e-mail and the phone when the phone can be read', () => {
    const lead = { email: 'ana@example.com', phone: '(512) 555-0177' }
    expect(leadEraseContact(lead)).toEqual(lead)
    expect(eraseRequestError(body(lead))).toBeNull()
  })

  it('goes by the e-mail alone when the request form took a phone the erasure cannot read', () => {
    for (const phone of ['5125550177 5125550188', '512+555+0177']) {
      const lead = { email: 'ana@example.com', phone }
      // As the lead stores it, the erasure refuses it.
      expect(eraseRequestError({ email: lead.email, phone, leads: [1], confirm: true })).toBe(
        UNREADABLE_PHONE,
      )
      expect(leadEraseContact(lead)).toEqual({ email: 'ana@example.com', phone: null })
      expect(eraseRequestError(body(lead))).toBeNull()
    }
  })
})
