import { describe, expect, it } from 'vitest'

import { LEAD_SERVICE_TYPES, MAIN_FORM_SERVICE, serviceTitle } from '@/lib/catalog'
import { homeContent } from '@/lib/home-content'
import { fieldErrors, submittedRequestSchema } from '@/lib/request-schema'

const request = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  phone: '(512) 555-0177',
  email: 'maria@example.com',
  description: 'Curb rash on the front left rim',
}

// What a visitor can ask for on a site nobody has edited yet: a button per priced offer on
// the home page, and the main form below them. Each sends its key as the lead's service type.
const offered = [
  ...homeContent(null).pricing.offers.map(({ key, title }) => ({ key, title })),
  { key: MAIN_FORM_SERVICE.key, title: MAIN_FORM_SERVICE.title },
]

describe('the services a visitor can ask for', () => {
  // Each case below runs once per service: an empty list would pass them all unseen.
  it('are the four priced offers and the main form', () => {
    expect(offered).toHaveLength(5)
    expect(new Set(offered.map((o) => o.key)).size).toBe(5)
  })

  it.each(offered)('a lead request for $title is accepted as $key', ({ key }) => {
    const parsed = submittedRequestSchema.safeParse({ ...request, serviceType: key })
    expect(parsed.success && parsed.data.serviceType).toBe(key)
  })

  it.each(offered)('$key is named $title, as the site shows it', ({ key, title }) => {
    expect(serviceTitle(key)).toBe(title)
  })

  it('the main form is Wheel Restoration', () => {
    expect(serviceTitle('wheel_restoration')).toBe('Wheel Restoration')
  })

  it('a service the site does not offer is refused with its message, and keeps its own name', () => {
    const result = submittedRequestSchema.safeParse({ ...request, serviceType: 'oil_change' })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({ serviceType: 'Choose one of the offered services.' })
    expect(serviceTitle('oil_change')).toBe('oil_change')
  })

  it('a dealership partnership is a lead’s service that no quote form accepts', () => {
    expect(LEAD_SERVICE_TYPES).toContain('dealership_partnership')
    expect(serviceTitle('dealership_partnership')).toBe('Dealership Partnership')
    const result = submittedRequestSchema.safeParse({ ...request, serviceType: 'dealership_partnership' })
    expect(result.success).toBe(false)
  })
})
