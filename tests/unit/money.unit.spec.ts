import { describe, expect, it } from 'vitest'

import { centsAsDollars, dueDay, moneyPeriods, moneyState, parseDollars } from '@/lib/money'

const CHICAGO = 'America/Chicago'

describe('an amount typed at the van', () => {
  it('is read in dollars and cents as whole cents', () => {
    expect(parseDollars('85')).toBe(8_500)
    expect(parseDollars(' 85.5 ')).toBe(8_550)
    expect(parseDollars('85.05')).toBe(8_505)
    expect(parseDollars('$1,234.50')).toBe(123_450)
    expect(parseDollars('0.01')).toBe(1)
    expect(parseDollars('0')).toBe(0)
  })

  it('is refused when it is not plainly dollars and cents', () => {
    for (const bad of [
      '',
      ' ',
      'abc',
      '-5',
      '+5',
      '1.234',
      '1,23',
      '12,3456',
      '1e3',
      '.5',
      '5.',
      '0x10',
      null,
    ]) {
      expect(parseDollars(bad)).toBeNull()
    }
  })

  it('is shown back as the owner types it', () => {
    expect(centsAsDollars(8_505)).toBe('85.05')
    expect(centsAsDollars(27_500)).toBe('275.00')
  })
})

describe("an invoice's state for the owner", () => {
  it('is paid, part paid or owing once sent; nothing for a draft or a void one', () => {
    expect(moneyState({ status: 'paid' })).toBe('paid')
    expect(moneyState({ status: 'part_paid' })).toBe('part_paid')
    expect(moneyState({ status: 'sent' })).toBe('owing')
    expect(moneyState({ status: 'draft' })).toBeNull()
    expect(moneyState({ status: 'void' })).toBeNull()
  })

  it("is due a week after the business's day it was sent", () => {
    // 23:30 in Chicago on the 2nd is already the 3rd in UTC.
    expect(dueDay(new Date('2026-03-03T05:30:00Z'), CHICAGO)).toBe('2026-03-09')
    expect(dueDay(new Date('2026-12-28T18:00:00Z'), CHICAGO)).toBe('2027-01-04')
  })
})

describe('the periods the back office sums', () => {
  it("start on the business's Monday and first of the month, at its midnight", () => {
    // Sunday 1 March 2026, 23:30 in Chicago (05:30 UTC on Monday the 2nd).
    const p = moneyPeriods(new Date('2026-03-02T05:30:00Z'), CHICAGO)
    expect(p.today).toBe('2026-03-01')
    expect(p.monthFirstDay).toBe('2026-03-01')
    expect(p.weekStart.toISOString()).toBe('2026-02-23T06:00:00.000Z')
    expect(p.monthStart.toISOString()).toBe('2026-03-01T06:00:00.000Z')
    expect(p.end.toISOString()).toBe('2026-03-02T06:00:00.000Z')
  })

  it('follow daylight saving time', () => {
    // Monday 9 March 2026, after the clocks went forward on Sunday the 8th.
    const p = moneyPeriods(new Date('2026-03-09T12:00:00Z'), CHICAGO)
    expect(p.weekStart.toISOString()).toBe('2026-03-09T05:00:00.000Z')
    expect(p.monthStart.toISOString()).toBe('2026-03-01T06:00:00.000Z')
  })
})
