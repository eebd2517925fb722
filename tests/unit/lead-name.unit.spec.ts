import { describe, expect, it } from 'vitest'

import { leadName } from '@/lib/lead-name'
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
})
