import { describe, expect, it } from 'vitest'

import {
  bannerColor,
  discountValueError,
  normalizeDiscountCode,
  pickBannerPromotion,
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

  it('picks the newest active promotion whose end date is empty or in the future', () => {
    const now = new Date('2026-06-01T12:00:00Z')
    const promos = [
      { id: 1, isActive: true, endDate: null, createdAt: '2026-01-01T00:00:00Z' },
      { id: 2, isActive: true, endDate: '2026-07-01T00:00:00Z', createdAt: '2026-03-01T00:00:00Z' },
      { id: 3, isActive: false, endDate: null, createdAt: '2026-05-01T00:00:00Z' },
      { id: 4, isActive: true, endDate: '2026-05-31T00:00:00Z', createdAt: '2026-05-15T00:00:00Z' },
    ]
    expect(pickBannerPromotion(promos, now)?.id).toBe(2)
    expect(pickBannerPromotion(promos.filter((p) => p.id !== 2), now)?.id).toBe(1)
    expect(pickBannerPromotion([promos[2], promos[3]], now)).toBeNull()
  })
})
