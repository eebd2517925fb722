import { describe, expect, it } from 'vitest'

import {
  bannerColor,
  discountValueError,
  normalizeDiscountCode,
  toDateOrNull,
  toNumberOr,
} from '@/lib/promotions'

describe('promotion rules', () => {
  it('upper-cases and trims discount codes; empty means none', () => {
    expect(normalizeDiscountCode(' fall15 ')).toBe('FALL15')
    expect(normalizeDiscountCode('')).toBeNull()
    expect(normalizeDiscountCode(null)).toBeNull()
    expect(normalizeDiscountCode(42)).toBe('42')
  })

  it('reads an unknown banner colour as primary', () => {
    expect(bannerColor('gold')).toBe('gold')
    expect(bannerColor('secondary')).toBe('secondary')
    expect(bannerColor('purple')).toBe('primary')
    expect(bannerColor(undefined)).toBe('primary')
  })

  it('turns form strings into numbers, empty into the default', () => {
    expect(toNumberOr('25', 0)).toBe(25)
    expect(toNumberOr(' 12.5 ', 0)).toBe(12.5)
    expect(toNumberOr('', 0)).toBe(0)
    expect(toNumberOr('', null)).toBeNull()
    expect(toNumberOr(null, null)).toBeNull()
    expect(toNumberOr(7, null)).toBe(7)
    // not a number: left as is for validation to refuse
    expect(toNumberOr('ten', 0)).toBe('ten')
  })

  it('stores an empty end date as null', () => {
    expect(toDateOrNull('')).toBeNull()
    expect(toDateOrNull(undefined)).toBeNull()
    expect(toDateOrNull('2026-12-31T00:00:00.000Z')).toBe('2026-12-31T00:00:00.000Z')
  })

  it('keeps percentage discounts between 0 and 100', () => {
    expect(discountValueError('percentage', 100)).toBeNull()
    expect(discountValueError('percentage', 0)).toBeNull()
    expect(discountValueError('percentage', 101)).toBe('A percentage discount must be between 0 and 100.')
    expect(discountValueError('percentage', -1)).toBe('Discount value cannot be negative.')
    expect(discountValueError('fixed_amount', 250)).toBeNull()
    expect(discountValueError('fixed_amount', Number.NaN)).toBe('Discount value must be a number.')
  })
})
