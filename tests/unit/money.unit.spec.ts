import { describe, expect, it } from 'vitest'

import { centsFromInput, dueDay, moneyPeriods, moneyProblem, moneyState, parseDollars } from '@/lib/money'
import { formatMoney } from '@/lib/money'

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
    expect(formatMoney(8_505, 'sheet')).toBe('85.05')
    expect(formatMoney(27_500, 'sheet')).toBe('275.00')
  })
})

describe('a money field in the back office', () => {
  it('stores what is typed in dollars as cents, and nothing when cleared', () => {
    expect(centsFromInput('$125.50')).toBe(12_550)
    expect(centsFromInput('1234.5')).toBe(123_450)
    expect(centsFromInput('$1,234.50')).toBe(123_450)
    expect(centsFromInput('0')).toBe(0)
    expect(centsFromInput('  ')).toBeNull()
  })

  it('keeps a typo as text, which the number field refuses, rather than another amount', () => {
    expect(centsFromInput('12.345')).toBe('12.345')
    expect(centsFromInput('-5')).toBe('-5')
    expect(moneyProblem('12.345', { min: 0 })).toBe('Enter dollars and cents, like 125.50.')
  })

  it('says its range in dollars', () => {
    expect(moneyProblem(12_550, { min: 0, max: 1_000_000 })).toBeNull()
    expect(moneyProblem(null, { min: 1 })).toBeNull()
    expect(moneyProblem(1_000_001, { min: 0, max: 1_000_000 })).toBe(
      'Enter an amount from $0.00 to $10,000.00.',
    )
    expect(moneyProblem(0, { min: 1, max: 1_000_000 })).toBe('Enter an amount from $0.01 to $10,000.00.')
    expect(moneyProblem(10.5, { min: 0 })).toBe('Enter an amount of $0.00 or more.')
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
