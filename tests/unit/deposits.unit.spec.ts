import { describe, expect, it } from 'vitest'

import { NO_DEPOSIT, depositDueCents, depositRule } from '@/lib/deposits'

const percent = (p: number, aboveCents = 0) => ({
  ...NO_DEPOSIT,
  mode: 'percent' as const,
  percent: p,
  aboveCents,
})
const fixed = (cents: number, aboveCents = 0) => ({
  ...NO_DEPOSIT,
  mode: 'fixed' as const,
  fixedCents: cents,
  aboveCents,
})

describe('the deposit due on a quote', () => {
  it('is nothing without a rule, and by default', () => {
    expect(depositDueCents(50_000, NO_DEPOSIT)).toBe(0)
    expect(depositRule(undefined)).toEqual(NO_DEPOSIT)
    expect(depositRule({ mode: 'bogus', percent: 20 }).mode).toBe('none')
  })

  it('takes a percentage to the nearest cent, half a cent up', () => {
    expect(depositDueCents(27_500, percent(20))).toBe(5_500)
    expect(depositDueCents(12_345, percent(20))).toBe(2_469)
    // 15% of $3.33 is 49.95 cents, rounded to 50: just Stripe's minimum; 15% of $3.20 is under it.
    expect(depositDueCents(333, percent(15))).toBe(50)
    expect(depositDueCents(320, percent(15))).toBe(0)
    // 15% of $12.35 is 185.25 cents; 10% of $12.35 is 123.5 cents.
    expect(depositDueCents(1_235, percent(15))).toBe(185)
    expect(depositDueCents(1_235, percent(10))).toBe(124)
    expect(depositDueCents(1_235, percent(100))).toBe(1_235)
    expect(depositDueCents(1_235, percent(250))).toBe(1_235)
  })

  it('takes a fixed amount, never more than the quote', () => {
    expect(depositDueCents(27_500, fixed(5_000))).toBe(5_000)
    expect(depositDueCents(3_000, fixed(5_000))).toBe(3_000)
    expect(depositDueCents(27_500, fixed(0))).toBe(0)
  })

  it('applies only above the threshold the owner sets', () => {
    expect(depositDueCents(20_000, percent(20, 20_000))).toBe(0)
    expect(depositDueCents(20_001, percent(20, 20_000))).toBe(4_000)
    expect(depositDueCents(10_000, fixed(2_500, 20_000))).toBe(0)
    expect(depositDueCents(30_000, fixed(2_500, 20_000))).toBe(2_500)
  })

  it('asks nothing of an empty or malformed total', () => {
    expect(depositDueCents(0, percent(20))).toBe(0)
    expect(depositDueCents(-500, fixed(100))).toBe(0)
    expect(depositDueCents(10.5, percent(20))).toBe(0)
  })
})
