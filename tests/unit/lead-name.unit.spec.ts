import { describe, expect, it } from 'vitest'

import { leadName } from '@/lib/lead-name'
import { noEmailAddress } from '@/lib/staff-lead'
import { textLeadFields } from '@/lib/text-messages'

describe("a lead's name in Payload's lists and pickers", () => {
  it('is the first and last name, never the e-mail', () => {
    expect(
      leadName({ firstName: 'Maria ', lastName: 'Gonzalez', email: 'maria@example.com', phone: '512' }),
    ).toBe('Maria Gonzalez')
  })

  it("is a texted lead's placeholder name with the number it texted from", () => {
    const lead = textLeadFields('+15125550188', 'Curb rash')
    expect(leadName(lead)).toBe('Name not given (texted) · +15125550188')
  })

  it('is the phone, else the e-mail, of a lead typed in without a name', () => {
    const phone = '(512) 555-0142'
    expect(leadName({ firstName: '', lastName: '', phone, email: noEmailAddress(phone) })).toBe(phone)
    expect(leadName({ firstName: '', lastName: '', phone: '', email: 'rosa@example.com' })).toBe(
      'rosa@example.com',
    )
  })
})
