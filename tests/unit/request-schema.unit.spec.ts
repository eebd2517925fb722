import fs from 'node:fs'
import { createRequire } from 'node:module'

import { email as payloadEmail } from 'payload/shared'
import { describe, expect, it } from 'vitest'

import {
  PAYLOAD_EMAIL_PATTERN,
  fieldErrors,
  requestFieldsSchema,
  requestFormSchema,
  submittedRequestSchema,
  visitAddressSchema,
} from '@/lib/request-schema'
import { clientAddress } from '@/server/rate-limit'

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
    const parsed = submittedRequestSchema.parse({ ...valid, firstName: '  Maria ' })
    expect(parsed.firstName).toBe('Maria')
  })

  it.each(['rim_rash', 'windshield_repair', 'headlight_refresh', 'rim_restoration', 'wheel_restoration'])(
    'accepts service type %s',
    (serviceType) => expect(submittedRequestSchema.safeParse({ ...valid, serviceType }).success).toBe(true),
  )

  it.each([['+1 512 555 0177'], ['512.555.0177'], ['(512) 555-0177']])('accepts phone %s', (phone) =>
    expect(requestFieldsSchema.safeParse({ ...valid, phone }).success).toBe(true),
  )

  it.each([
    ['phone', 'abc-defg', 'Enter a valid phone number.'],
    ['phone', '12345', 'Enter a valid phone number.'],
    ['email', 'maria@', 'Enter a valid email address.'],
    ['email', 'maria@ex-.com', 'Enter a valid email address.'],
    ['email', 'maria@example..com', 'Enter a valid email address.'],
    ['firstName', ' ', 'First name is required.'],
    ['lastName', 'x'.repeat(101), 'Last name is too long.'],
    ['description', '', 'Description is required.'],
    ['serviceType', 'oil_change', 'Choose one of the offered services.'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    const result = submittedRequestSchema.safeParse({ ...valid, [field]: value })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({ [field]: message })
  })

  it.each([
    ['firstName', 'Ma\u0000ria', 'First name contains characters that are not allowed.'],
    ['lastName', 'Gon\u001bzalez', 'Last name contains characters that are not allowed.'],
    ['email', 'maria\u0007@example.com', 'Email contains characters that are not allowed.'],
    ['description', 'Curb\u0000 rash', 'Description contains characters that are not allowed.'],
    ['description', 'Curb\u007f rash', 'Description contains characters that are not allowed.'],
    ['firstName', 'Maria\r\nBcc: x@example.com', 'First name contains characters that are not allowed.'],
  ])('refuses control characters in %s (%j)', (field, value, message) => {
    const result = submittedRequestSchema.safeParse({ ...valid, [field]: value })
    expect(result.success).toBe(false)
    if (!result.success) expect(fieldErrors(result.error)[field]).toBe(message)
  })

  it('keeps tabs and line breaks in a description', () => {
    const description = 'Front left:\tcurb rash\r\nRear right: scratch'
    expect(submittedRequestSchema.parse({ ...valid, description }).description).toBe(description)
  })

  it('names every missing field once', () => {
    const result = submittedRequestSchema.safeParse({})
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual(
      ['description', 'email', 'firstName', 'lastName', 'phone', 'serviceType'].sort(),
    )
  })
})

describe('the street address', () => {
  const address = (value: unknown) => submittedRequestSchema.safeParse({ ...valid, address: value })

  it('is optional on the forms, trimmed, and kept as typed (commas and all)', () => {
    expect(address(undefined).success).toBe(true)
    expect(submittedRequestSchema.parse({ ...valid, address: '' }).address).toBe('')
    expect(
      submittedRequestSchema.parse({ ...valid, address: '  1234 S Congress Ave, Austin ' }).address,
    ).toBe('1234 S Congress Ave, Austin')
  })

  it.each([
    ['x'.repeat(201), 'Street address is too long.'],
    ['1234 S Congress\nAve', 'Street address contains characters that are not allowed.'],
    ['1234 S Congress\u0000Ave', 'Street address contains characters that are not allowed.'],
  ])('refuses %j with "%s"', (value, message) => {
    const result = address(value)
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({ address: message })
  })

  it('accepts 200 characters, the most the forms let in', () => {
    expect(requestFormSchema.shape.address.safeParse('x'.repeat(200)).success).toBe(true)
  })

  it('is required to book a visit: blank is refused as missing', () => {
    expect(visitAddressSchema.safeParse('   ').error?.issues[0]?.message).toBe('Street address is required.')
    expect(visitAddressSchema.parse(' 1234 S Congress Ave, Austin ')).toBe('1234 S Congress Ave, Austin')
    expect(visitAddressSchema.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe(
      'Street address is too long.',
    )
  })
})

describe("the e-mail rule agrees with Payload's email field", () => {
  // Payload's validator, called as the leads collection's email field calls it.
  const payloadAccepts = (value: string) =>
    payloadEmail(value, {
      req: { payload: { collections: {}, config: { collections: [] } }, t: (key: string) => key },
      required: true,
    } as unknown as Parameters<typeof payloadEmail>[1]) === true

  it("is Payload 3.90's own pattern, as Payload's source has it today", () => {
    const source = fs.readFileSync(
      createRequire(import.meta.url)
        .resolve('payload')
        .replace(/index\.js$/, 'fields/validations.js'),
      'utf8',
    )
    const match = /const emailRegex = (\/.*\/[a-z]*);/.exec(source)
    expect(match?.[1]).toBe(String(PAYLOAD_EMAIL_PATTERN))
  })

  it.each([
    'maria@example.com',
    'Maria.O.Neil+quotes@sub.example.co.uk',
    'maria@ex--ample.com',
    'maria@ex-.com',
    'maria@-ex.com',
    'maria.@example.com',
    'maria@example..com',
    'maria!@example.com',
    '"maria"@example.com',
    'maria@example',
    'maria@localhost',
    'maria@1.2.3.4',
    'ma ria@example.com',
  ])('%s: whatever the form accepts, Payload accepts', (value) => {
    const formAccepts = requestFieldsSchema.shape.email.safeParse(value).success
    expect(formAccepts && !payloadAccepts(value)).toBe(false)
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
