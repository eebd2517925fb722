import { describe, expect, it } from 'vitest'

import { payFromText } from '@/lib/job-postings'
import { jobPostingJsonLd } from '@/lib/json-ld'
import { DEFAULT_SITE_SETTINGS } from '@/lib/site-settings'

const URL = 'https://curbsiderim.co'

describe('payFromText', () => {
  it.each([
    ['$22-26 an hour', { minValue: 22, maxValue: 26, unitText: 'HOUR' }],
    ['$22–$26/hr', { minValue: 22, maxValue: 26, unitText: 'HOUR' }],
    ['$20 per hour plus tips', { minValue: 20, unitText: 'HOUR' }],
    ['$18.50 hourly', { minValue: 18.5, unitText: 'HOUR' }],
    ['$45,000 a year', { minValue: 45000, unitText: 'YEAR' }],
    ['$45k-$55k per year', { minValue: 45000, maxValue: 55000, unitText: 'YEAR' }],
    ['$45-55k salary', { minValue: 45000, maxValue: 55000, unitText: 'YEAR' }],
    ['$900 to $1,100 a week', { minValue: 900, maxValue: 1100, unitText: 'WEEK' }],
  ])('reads %s', (text, pay) => {
    expect(payFromText(text)).toEqual(pay)
  })

  it.each(['Competitive pay', '$25', 'Up to 40 hours a week', '', null])('names no pay in %s', (text) => {
    expect(payFromText(text)).toBeNull()
  })
})

describe('jobPostingJsonLd', () => {
  const posting = {
    title: 'Weekend Detailer',
    employmentType: 'PART_TIME',
    location: 'Central Austin',
    descriptionHtml: '<p>Saturdays in the van.</p>',
    datePosted: '2026-11-26',
  }

  it('states the pay a posting names, as a range per unit in dollars', () => {
    const ld = jobPostingJsonLd({ ...posting, payText: '$22-26 an hour' }, DEFAULT_SITE_SETTINGS, URL)
    expect(ld.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 22, maxValue: 26, unitText: 'HOUR' },
    })
  })

  it('leaves pay out when the words name none, and says applications go elsewhere', () => {
    const ld = jobPostingJsonLd({ ...posting, payText: 'Competitive pay' }, DEFAULT_SITE_SETTINGS, URL)
    expect(ld).not.toHaveProperty('baseSalary')
    expect(ld).not.toHaveProperty('validThrough')
    expect(ld).toMatchObject({
      directApply: false,
      description: '<p>Saturdays in the van.</p>',
      datePosted: '2026-11-26',
    })
  })

  it('carries the closing date when there is one', () => {
    const validThrough = '2027-01-31T23:59:00.000Z'
    expect(jobPostingJsonLd({ ...posting, validThrough }, DEFAULT_SITE_SETTINGS, URL).validThrough).toBe(
      validThrough,
    )
  })
})
