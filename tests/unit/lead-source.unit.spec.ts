import { describe, expect, it } from 'vitest'

import {
  capSource,
  cleanSource,
  normalizePromoInput,
  promoLabel,
  sourceLabel,
  usageText,
  visitSource,
} from '@/lib/lead-source'

describe('promo codes', () => {
  it('compares codes trimmed and in upper case', () => {
    expect(normalizePromoInput('  fall15 ')).toBe('FALL15')
    expect(normalizePromoInput(undefined)).toBe('')
    expect(normalizePromoInput(42)).toBe('')
  })

  it('labels the offer as the owner reads it', () => {
    const base = {
      promoCode: 'FALL15',
      promoDiscountType: 'percentage',
      promoDiscountValue: 15,
      promoMinimumAmount: 0,
    }
    expect(promoLabel(base)).toBe('FALL15 · 15% off')
    expect(
      promoLabel({ ...base, promoCode: 'W20', promoDiscountType: 'fixed_amount', promoDiscountValue: 20 }),
    ).toBe('W20 · $20 off')
    expect(promoLabel({ ...base, promoMinimumAmount: 250 })).toBe('FALL15 · 15% off orders of $250 or more')
    expect(promoLabel({ promoCode: null })).toBeNull()
  })

  it('shows the usage against the limit', () => {
    expect(usageText(3, 10)).toBe('used 3 of 10')
    expect(usageText(null, null)).toBe('used 0')
    expect(usageText(7, undefined)).toBe('used 7')
  })
})

describe('the visit source', () => {
  it('keeps utm_* of the first page and the host of another site that sent the visitor', () => {
    expect(
      visitSource(
        'https://curbside.test/gallery?utm_source=flyer&utm_medium=print&utm_campaign=fall-2026&x=1',
        'https://www.google.com/search?q=rims',
      ),
    ).toEqual({
      utmSource: 'flyer',
      utmMedium: 'print',
      utmCampaign: 'fall-2026',
      referrerHost: 'www.google.com',
    })
  })

  it('ignores its own site, non-web and malformed referrers', () => {
    expect(visitSource('https://curbside.test/', 'https://curbside.test/gallery')).toEqual({})
    expect(visitSource('https://curbside.test/', 'android-app://com.x')).toEqual({})
    expect(visitSource('https://curbside.test/', 'not a url')).toEqual({})
  })

  it('caps each value at 100 characters without control characters; empty is null', () => {
    expect(capSource('a'.repeat(150))).toBe('a'.repeat(100))
    expect(capSource(' x\u0000y\n ')).toBe('xy')
    expect(capSource('   ')).toBeNull()
    expect(capSource(['a'])).toBeNull()
    expect(cleanSource({ utmSource: 'ad', referrerHost: 'WWW.X.COM' })).toEqual({
      utmSource: 'ad',
      utmMedium: null,
      utmCampaign: null,
      referrerHost: 'www.x.com',
    })
  })

  it('names a source for people', () => {
    expect(sourceLabel({ utmSource: 'flyer', utmMedium: 'print', utmCampaign: 'fall' })).toBe(
      'flyer / print / fall',
    )
    expect(sourceLabel({ utmSource: 'fb', referrerHost: 'm.facebook.com' })).toBe('fb (via m.facebook.com)')
    expect(sourceLabel({})).toBe('(direct)')
  })
})

describe('the privacy policy', () => {
  it('says which source fields are kept, where, and that they go nowhere else', async () => {
    const { plainText } = await import('@/lib/lexical')
    const { PRIVACY_POLICY_DEFAULT } = await import('@/globals/SitePages/defaults')
    const text = plainText(PRIVACY_POLICY_DEFAULT)
    for (const phrase of [
      'promo code',
      'utm_source, utm_medium and utm_campaign',
      'session storage',
      'to no one else',
    ]) {
      expect(text).toContain(phrase)
    }
  })
})
