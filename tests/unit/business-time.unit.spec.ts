import { describe, expect, it, vi } from 'vitest'

import { formatDiscount } from '@/lib/promotions'
import { backOfficeTab } from '@/lib/back-office-tabs'
import {
  formatBusinessDate,
  formatCalendarDate,
  formatLeadDate,
  fromZonedInput,
  isTimeZone,
  shiftZone,
  toZonedInput,
  wallTime,
} from '@/lib/business-time'
import { recentWeeks } from '@/lib/lead-query'
import { copyrightLine } from '@/lib/copyright'

describe('formatLeadDate', () => {
  it('shows short month, day, year, hour and minute in Austin time', () => {
    expect(formatLeadDate('2026-03-05T19:07:00.000Z')).toBe('Mar 5, 2026, 1:07 PM')
  })
  it('shows nothing for a broken date', () => {
    expect(formatLeadDate('not a date')).toBe('')
  })
})

describe('the business time zone', () => {
  const instant = '2026-11-23T04:27:00.000Z'
  it('shows one instant in the zone given, whatever the machine runs in', () => {
    expect(formatBusinessDate(instant, 'America/Chicago')).toBe('Nov 22, 2026, 10:27 PM')
    expect(formatBusinessDate(instant, 'America/New_York')).toBe('Nov 22, 2026, 11:27 PM')
    expect(formatBusinessDate(instant, 'America/Chicago', { time: false })).toBe('Nov 22, 2026')
    expect(formatBusinessDate(null, 'America/Chicago')).toBe('')
  })
  it('shows a day-only date (a due date, stored as UTC midnight) as that day, not the evening before', () => {
    // What a partner's "2026-12-01" due date becomes once stored.
    expect(formatCalendarDate('2026-12-01T00:00:00.000Z')).toBe('Dec 1, 2026')
    expect(formatBusinessDate('2026-12-01T00:00:00.000Z', 'America/Chicago', { time: false })).toBe(
      'Nov 30, 2026',
    )
    expect(formatCalendarDate(null)).toBe('')
  })
  it('falls back to Austin for an unknown zone', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(formatBusinessDate(instant, 'Mars/Olympus')).toBe('Nov 22, 2026, 10:27 PM')
  })
  it('reads and writes datetime-local inputs as wall time in the zone', () => {
    expect(toZonedInput(instant, 'America/Chicago')).toBe('2026-11-22T22:27')
    expect(fromZonedInput('2026-11-22T22:27', 'America/Chicago')).toBe(instant)
    expect(fromZonedInput('2026-07-04T12:00', 'America/Chicago')).toBe('2026-07-04T17:00:00.000Z')
    expect(fromZonedInput('', 'America/Chicago')).toBeNull()
    expect(toZonedInput(null, 'America/Chicago')).toBe('')
  })
  it("shifts an instant so another zone's clocks show the same wall time, and back", () => {
    // 10:27 PM in Austin; a browser in Tokyo must be handed 10:27 PM Tokyo time.
    const inTokyo = shiftZone(instant, 'America/Chicago', 'Asia/Tokyo')
    expect(inTokyo).toBe('2026-11-22T13:27:00.000Z')
    expect(toZonedInput(inTokyo, 'Asia/Tokyo')).toBe('2026-11-22T22:27')
    expect(shiftZone(inTokyo, 'Asia/Tokyo', 'America/Chicago')).toBe(instant)
    // Across a daylight-saving change: July in Austin is UTC-5.
    expect(shiftZone('2026-07-04T17:00:00.000Z', 'America/Chicago', 'UTC')).toBe('2026-07-04T12:00:00.000Z')
    expect(shiftZone('not a date', 'America/Chicago', 'UTC')).toBe('not a date')
  })
})

describe('copyrightLine', () => {
  it('ends with one period whatever the business name', () => {
    expect(copyrightLine(2026, 'Curbside Rim Co.')).toBe('© 2026 Curbside Rim Co. All rights reserved.')
    expect(copyrightLine(2026, 'Rim Doctors')).toBe('© 2026 Rim Doctors. All rights reserved.')
    expect(copyrightLine(2026, ' Wheels Inc... ')).toBe('© 2026 Wheels Inc. All rights reserved.')
  })
})

describe('backOfficeTab', () => {
  it('accepts the three tabs and falls back to the gallery', () => {
    expect(backOfficeTab('leads')).toBe('leads')
    expect(backOfficeTab('promotions')).toBe('promotions')
    expect(backOfficeTab('gallery')).toBe('gallery')
    expect(backOfficeTab('users')).toBe('gallery')
    expect(backOfficeTab(undefined)).toBe('gallery')
    // Without one in the URL, the tab used last (its cookie) wins; a made-up one does not.
    expect(backOfficeTab(undefined, 'theme=dark; cbo-tab=leads')).toBe('leads')
    expect(backOfficeTab('promotions', 'cbo-tab=leads')).toBe('promotions')
    expect(backOfficeTab(undefined, 'cbo-tab=users')).toBe('gallery')
    expect(backOfficeTab(undefined, 'xcbo-tab=leads')).toBe('gallery')
  })
})

describe('formatDiscount', () => {
  it('reads percentages and fixed amounts', () => {
    expect(formatDiscount('percentage', 15)).toBe('15% off')
    expect(formatDiscount('fixed_amount', 25)).toBe('$25 off')
    expect(formatDiscount('fixed_amount', 12.5)).toBe('$12.50 off')
  })
})

describe('wall times', () => {
  it('read a zone through one formatter, however many a page asks for', () => {
    const Original = Intl.DateTimeFormat
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Original(...args)
    } as typeof Intl.DateTimeFormat)
    try {
      for (let day = 1; day <= 28; day++) {
        expect(wallTime(new Date(Date.UTC(2026, 1, day, 12)), 'Asia/Kolkata')).toMatchObject({
          day,
          hour: 17,
          minute: 30,
        })
      }
      expect(recentWeeks(new Date('2026-11-26T12:00:00Z'), 8, 'Asia/Kolkata')).toHaveLength(8)
      // The zone's check and its wall-time formatter, made once each.
      expect(made.mock.calls.length).toBeLessThanOrEqual(2)
    } finally {
      made.mockRestore()
    }
  })
})
