import { describe, expect, it } from 'vitest'

import {
  EMPTY_PROMOTION_FORM,
  backOfficeTab,
  formatDiscount,
  formatLeadDate,
  promotionFormValues,
  promotionRequestBody,
} from '@/lib/admin-format'

describe('formatLeadDate', () => {
  it('shows short month, day, year, hour and minute in Austin time', () => {
    expect(formatLeadDate('2026-03-05T19:07:00.000Z')).toBe('Mar 5, 2026, 1:07 PM')
  })
  it('shows nothing for a broken date', () => {
    expect(formatLeadDate('not a date')).toBe('')
  })
})

describe('backOfficeTab', () => {
  it('accepts the three tabs and falls back to the gallery', () => {
    expect(backOfficeTab('leads')).toBe('leads')
    expect(backOfficeTab('promotions')).toBe('promotions')
    expect(backOfficeTab('gallery')).toBe('gallery')
    expect(backOfficeTab('users')).toBe('gallery')
    expect(backOfficeTab(undefined)).toBe('gallery')
  })
})

describe('promotionRequestBody', () => {
  it('applies the defaults of an empty form: active, 0, 0, no limit, no end date', () => {
    expect(promotionRequestBody({ ...EMPTY_PROMOTION_FORM, title: ' Spring ' })).toEqual({
      title: 'Spring',
      description: null,
      discountCode: null,
      discountType: 'percentage',
      discountValue: 0,
      minimumAmount: 0,
      endDate: null,
      isActive: true,
      bannerText: null,
      bannerColor: 'primary',
      usageLimit: null,
    })
  })

  it('upper-cases the code and converts numbers and the end date', () => {
    const body = promotionRequestBody({
      ...EMPTY_PROMOTION_FORM,
      title: 'Fall',
      discountCode: ' fall15 ',
      discountType: 'fixed_amount',
      discountValue: '25.5',
      minimumAmount: '100',
      usageLimit: '40',
      endDate: '2026-12-31T18:00',
    })
    expect(body.discountCode).toBe('FALL15')
    expect(body.discountValue).toBe(25.5)
    expect(body.minimumAmount).toBe(100)
    expect(body.usageLimit).toBe(40)
    expect(body.endDate).toBe(new Date('2026-12-31T18:00').toISOString())
  })

  it('round-trips a stored promotion through the form', () => {
    const values = promotionFormValues({ title: 'X', discountValue: 10, usageLimit: null, endDate: null })
    expect(values.usageLimit).toBe('')
    expect(values.endDate).toBe('')
    expect(values.isActive).toBe(true)
    expect(promotionRequestBody(values).discountValue).toBe(10)
  })
})

describe('formatDiscount', () => {
  it('reads percentages and fixed amounts', () => {
    expect(formatDiscount('percentage', 15)).toBe('15% off')
    expect(formatDiscount('fixed_amount', 25)).toBe('$25 off')
    expect(formatDiscount('fixed_amount', 12.5)).toBe('$12.50 off')
  })
})
