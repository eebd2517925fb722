import { describe, expect, it } from 'vitest'

import {
  type BusinessHours,
  businessHours,
  contactHoursLines,
  DEFAULT_HOURS,
  footerHoursLines,
  openingHoursSpecification,
  shortTime,
  TIME_OPTIONS,
  timeLabel,
} from '@/lib/business-hours'

const hours = (over: Partial<BusinessHours>): BusinessHours => ({ ...DEFAULT_HOURS, ...over })

describe('opening hours: the defaults are the spec', () => {
  it('the contact card: Mon-Fri 8AM-6PM and Sat 9AM-4PM, no Sunday line', () => {
    expect(contactHoursLines(DEFAULT_HOURS)).toEqual(['Mon-Fri 8AM-6PM', 'Sat 9AM-4PM'])
  })

  it('the footer: Saturday from 8AM there, its own reading, and Sunday closed', () => {
    expect(footerHoursLines(DEFAULT_HOURS)).toEqual(['Mon-Fri: 8AM - 6PM', 'Sat: 8AM - 4PM', 'Sun: Closed'])
  })

  it('schema.org: weekdays and Saturday with the contact card hours, Sunday left out', () => {
    expect(openingHoursSpecification(DEFAULT_HOURS)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '16:00' },
    ])
  })
})

describe('opening hours: times', () => {
  it('on the hour without minutes, on the half hour with them', () => {
    expect(shortTime('08:00')).toBe('8AM')
    expect(shortTime('08:30')).toBe('8:30AM')
    expect(shortTime('17:30')).toBe('5:30PM')
  })

  it('noon is 12PM and midnight 12AM', () => {
    expect(shortTime('12:00')).toBe('12PM')
    expect(shortTime('12:30')).toBe('12:30PM')
    expect(shortTime('00:00')).toBe('12AM')
    expect(shortTime('00:30')).toBe('12:30AM')
  })

  it('the admin lists 48 times in 30-minute steps, labelled 8:00 AM', () => {
    expect(TIME_OPTIONS).toHaveLength(48)
    expect(TIME_OPTIONS[0]).toEqual({ value: '00:00', label: '12:00 AM' })
    expect(TIME_OPTIONS[17]).toEqual({ value: '08:30', label: '8:30 AM' })
    expect(TIME_OPTIONS[24]).toEqual({ value: '12:00', label: '12:00 PM' })
    expect(TIME_OPTIONS.at(-1)).toEqual({ value: '23:30', label: '11:30 PM' })
    expect(timeLabel('18:00')).toBe('6:00 PM')
  })

  it('edited hours with minutes read the same way everywhere', () => {
    const h = hours({
      weekdays: { closed: false, opens: '07:30', closes: '17:00' },
      saturday: { closed: false, opens: '10:00', closes: '12:30', footerOpens: null },
      sunday: { closed: false, opens: '10:00', closes: '14:00' },
    })
    expect(contactHoursLines(h)).toEqual(['Mon-Fri 7:30AM-5PM', 'Sat 10AM-12:30PM'])
    expect(footerHoursLines(h)).toEqual(['Mon-Fri: 7:30AM - 5PM', 'Sat: 10AM - 12:30PM', 'Sun: 10AM - 2PM'])
    expect(openingHoursSpecification(h).map((s) => [s.dayOfWeek[0], s.opens, s.closes])).toEqual([
      ['Monday', '07:30', '17:00'],
      ['Saturday', '10:00', '12:30'],
      ['Sunday', '10:00', '14:00'],
    ])
  })
})

describe("opening hours: Saturday's footer reading", () => {
  it("the footer opens at its own time, the card and schema.org at Saturday's", () => {
    const h = hours({ saturday: { closed: false, opens: '10:00', closes: '15:00', footerOpens: '09:30' } })
    expect(footerHoursLines(h)[1]).toBe('Sat: 9:30AM - 3PM')
    expect(contactHoursLines(h)[1]).toBe('Sat 10AM-3PM')
    expect(openingHoursSpecification(h)[1]).toMatchObject({ opens: '10:00', closes: '15:00' })
  })

  it('without it, the footer agrees with the card', () => {
    const h = hours({ saturday: { ...DEFAULT_HOURS.saturday, footerOpens: null } })
    expect(footerHoursLines(h)[1]).toBe('Sat: 9AM - 4PM')
  })

  it('a closed Saturday is closed in both places, whatever the footer reading', () => {
    const h = hours({ saturday: { ...DEFAULT_HOURS.saturday, closed: true } })
    expect(contactHoursLines(h)).toEqual(['Mon-Fri 8AM-6PM', 'Sat closed'])
    expect(footerHoursLines(h)).toEqual(['Mon-Fri: 8AM - 6PM', 'Sat: Closed', 'Sun: Closed'])
    expect(openingHoursSpecification(h).map((s) => s.dayOfWeek[0])).toEqual(['Monday'])
  })
})

describe('opening hours: what the settings hold', () => {
  it('nothing saved reads as the defaults', () => {
    expect(businessHours(null)).toEqual(DEFAULT_HOURS)
    expect(businessHours({})).toEqual(DEFAULT_HOURS)
  })

  it("the owner's hours, and an emptied footer reading stays empty", () => {
    expect(
      businessHours({
        weekdays: { closed: false, opens: '07:30', closes: '17:00' },
        saturday: { closed: true, opens: '10:00', closes: '13:00', footerOpens: null },
        sunday: { closed: false, opens: '10:00', closes: '14:00' },
      }),
    ).toEqual({
      weekdays: { closed: false, opens: '07:30', closes: '17:00' },
      saturday: { closed: true, opens: '10:00', closes: '13:00', footerOpens: null },
      sunday: { closed: false, opens: '10:00', closes: '14:00' },
    })
  })

  it('a day with missing, unknown or reversed times reads as its default', () => {
    const read = businessHours({
      weekdays: { closed: false, opens: null, closes: '17:00' },
      saturday: { closed: false, opens: '08:15', closes: '16:00' },
      sunday: { closed: false, opens: '14:00', closes: '10:00' },
    })
    expect(read.weekdays).toEqual(DEFAULT_HOURS.weekdays)
    expect(read.saturday).toEqual(DEFAULT_HOURS.saturday)
    expect(read.sunday).toEqual(DEFAULT_HOURS.sunday)
  })

  it('a footer reading at or after closing time is dropped', () => {
    const read = businessHours({
      saturday: { closed: false, opens: '09:00', closes: '12:00', footerOpens: '12:00' },
    })
    expect(read.saturday.footerOpens).toBeNull()
  })
})
