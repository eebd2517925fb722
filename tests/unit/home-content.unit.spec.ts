import { describe, expect, it } from 'vitest'

import {
  DEFAULT_HOME_CONTENT,
  homeContent,
  offeredPrice,
  offeredService,
  offeredTitle,
  splitAtPhone,
} from '@/lib/home-content'
import { formatMoney } from '@/lib/money'

describe('home page content', () => {
  it('reads as the spec when nothing was ever saved', () => {
    expect(homeContent({})).toEqual(DEFAULT_HOME_CONTENT)
    expect(homeContent(null)).toEqual(DEFAULT_HOME_CONTENT)
    const { pricing, reviews, hero } = DEFAULT_HOME_CONTENT
    // The spec's four priced offers, as the page prints them.
    expect(pricing.offers.map((o) => [o.key, o.title, formatMoney(o.priceCents, 'price'), o.unit])).toEqual([
      ['rim_rash', 'Rim Rash / Curbed Rim', '$125', 'per rim'],
      ['windshield_repair', 'Cracked Windshield Repair', '$110', ''],
      ['headlight_refresh', 'Headlight Refresh', '$85', ''],
      ['rim_restoration', 'Bent, Powder Coating, or Cracked Rims', '$250', ''],
    ])
    // Six reviews, each as the spec's Review entity has it.
    expect(reviews.items).toHaveLength(6)
    for (const r of reviews.items) {
      expect(r).toMatchObject({
        name: expect.any(String),
        date: expect.any(String),
        text: expect.any(String),
      })
      expect([1, 2, 3, 4, 5]).toContain(r.rating)
    }
    expect(hero.claims.map((c) => `${c.value} ${c.label}`)).toEqual([
      '15+ Years Experience',
      '50K+ Rims Repaired',
      '500+ Dealer Partners',
    ])
  })

  it('takes what the owner saved, prices typed in dollars, and keeps an emptied list empty', () => {
    const content = homeContent({
      pricing: {
        offers: [{ key: 'rim_rash', title: 'Curb rash', price: 135, unit: 'per rim', description: 'x' }],
        note: 'Note',
      },
      reviews: { rating: 4.8, count: 120, label: 'L', items: [] },
    })
    expect(content.pricing.offers).toEqual([
      { key: 'rim_rash', title: 'Curb rash', priceCents: 13500, unit: 'per rim', description: 'x' },
    ])
    expect(content.reviews).toEqual({ rating: 4.8, count: 120, label: 'L', items: [] })
    expect(content.hero).toEqual(DEFAULT_HOME_CONTENT.hero)
  })

  it('drops an offer whose key is unknown or already used: the key is what a lead records', () => {
    const content = homeContent({
      pricing: {
        offers: [
          { key: 'rim_rash', title: 'A', price: 1 },
          { key: 'rim_rash', title: 'B', price: 2 },
          { key: 'tyres', title: 'C', price: 3 },
          { key: 'headlight_refresh', title: 'D', price: 99.5 },
        ],
      },
    })
    expect(content.pricing.offers.map((o) => [o.key, o.title, o.priceCents])).toEqual([
      ['rim_rash', 'A', 100],
      ['headlight_refresh', 'D', 9950],
    ])
  })

  it('writes prices the site way', () => {
    expect(formatMoney(12500, 'price')).toBe('$125')
    expect(formatMoney(9950, 'price')).toBe('$99.50')
    expect(formatMoney(125000, 'price')).toBe('$1,250')
  })

  it('cuts a step around {phone} so the number can be a link', () => {
    expect(splitAtPhone('Text us at {phone}. Thanks')).toEqual(['Text us at ', '. Thanks'])
    expect(splitAtPhone('No number')).toEqual(['No number'])
  })

  it("names a lead's service with the price its visitor saw", () => {
    const lead = {
      serviceType: 'rim_rash',
      offeredTitle: 'Curb rash',
      offeredPriceCents: 13500,
      offeredUnit: 'per rim',
    }
    expect(offeredPrice(lead)).toBe('$135 per rim')
    expect(offeredService(lead)).toBe('Curb rash · $135 per rim')
    // Leads from before the snapshot, and the main form's service, have no price.
    expect(offeredService({ serviceType: 'rim_rash' })).toBe('Rim Rash / Curbed Rim')
    expect(offeredTitle(lead)).toBe('Curb rash')
    expect(offeredTitle({ serviceType: 'headlight_refresh' })).toBe('Headlight Refresh')
    expect(offeredService({ serviceType: 'wheel_restoration', offeredTitle: 'Wheel Restoration' })).toBe(
      'Wheel Restoration',
    )
  })
})
