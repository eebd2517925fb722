import { describe, expect, it } from 'vitest'

import { fieldErrors, quoteFieldsSchema, quoteRequestSchema } from '@/lib/quote-schema'
import { clientAddress } from '@/lib/rate-limit'

const valid = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  phone: '(512) 555-0177',
  email: 'maria@example.com',
  description: 'Curb rash',
  serviceType: 'rim_rash',
}

describe('the quote schema shared by the forms and the server', () => {
  it('accepts a complete request and trims the text', () => {
    const parsed = quoteRequestSchema.parse({ ...valid, firstName: '  Maria ' })
    expect(parsed.firstName).toBe('Maria')
  })

  it.each(['rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration', 'wheel_restoration'])(
    'accepts service type %s',
    (serviceType) => expect(quoteRequestSchema.safeParse({ ...valid, serviceType }).success).toBe(true),
  )

  it.each([
    ['+1 512 555 0177'],
    ['512.555.0177'],
    ['(512) 555-0177'],
  ])('accepts phone %s', (phone) => expect(quoteFieldsSchema.safeParse({ ...valid, phone }).success).toBe(true))

  it.each([
    ['phone', 'abc-defg', 'Enter a valid phone number.'],
    ['phone', '12345', 'Enter a valid phone number.'],
    ['email', 'maria@', 'Enter a valid email address.'],
    ['firstName', ' ', 'First name is required.'],
    ['lastName', 'x'.repeat(101), 'Last name is too long.'],
    ['description', '', 'Description is required.'],
    ['serviceType', 'oil_change', 'Choose one of the offered services.'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    const result = quoteRequestSchema.safeParse({ ...valid, [field]: value })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({ [field]: message })
  })

  it('names every missing field once', () => {
    const result = quoteRequestSchema.safeParse({})
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual(
      ['description', 'email', 'firstName', 'lastName', 'phone', 'serviceType'].sort(),
    )
  })
})

describe('the rate limit key', () => {
  it('is the right-most X-Forwarded-For entry (the one our server or nearest proxy saw)', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '10.0.0.1, 203.0.113.9' }))).toBe('203.0.113.9')
  })

  it('skips the hops of trusted proxies', () => {
    process.env.TRUSTED_PROXY_HOPS = '1'
    try {
      expect(clientAddress(new Headers({ 'x-forwarded-for': '198.51.100.7, 10.0.0.2' }))).toBe('198.51.100.7')
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS
    }
  })

  it('falls back to X-Real-IP, then a shared "unknown" bucket', () => {
    expect(clientAddress(new Headers({ 'x-real-ip': '192.0.2.4' }))).toBe('192.0.2.4')
    expect(clientAddress(new Headers())).toBe('unknown')
  })
})
