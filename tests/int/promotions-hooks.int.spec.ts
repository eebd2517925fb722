import { beforeAll, describe, expect, it } from 'vitest'

import {
  type Channel,
  type ChannelName,
  channelFor,
  expectInvalid,
  expectOk,
  expectRefused,
  expectSchemaRefusal,
} from '../helpers/channels'
import { FUTURE, PROMOTION_DEFAULTS, row, seedPromotion, snapshot } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

// The promotion hooks (normalizePromotion, usageCount's access, createdBy, the discount value
// rule) through the Local API (overrideAccess: false), REST and GraphQL, each case
// checked against the row in the database.

const h = setupHarness({ http: true })
const CHANNELS = ['local', 'rest', 'graphql'] as const
const channels = {} as Record<ChannelName, Channel>

beforeAll(() => {
  for (const name of CHANNELS) channels[name] = channelFor(name, h)
})

const BASE = { title: 'Spring special', discountType: 'percentage', discountValue: 10 }
const ALL: readonly ChannelName[] = CHANNELS
// GraphQL's schema types numbers as Float and bannerColor as an enum: strings and unknown
// colours never reach the hooks there (see "what GraphQL's schema refuses" below).
const NOT_GRAPHQL: readonly ChannelName[] = ['local', 'rest']

// sent → stored, on create (on top of BASE) and on update (of a promotion with every field set)
// prettier-ignore
const NORMALISATION: { name: string; sent: Doc; stored: Doc; channels: readonly ChannelName[] }[] = [
  { name: 'code upper-cased and trimmed', sent: { discountCode: ' spring20 ' }, stored: { discountCode: 'SPRING20' }, channels: ALL },
  { name: 'blank code means none', sent: { discountCode: '   ' }, stored: { discountCode: null }, channels: ALL },
  { name: 'discountValue string → number', sent: { discountValue: ' 12.5 ' }, stored: { discountValue: 12.5 }, channels: NOT_GRAPHQL },
  { name: 'minimumAmount string → number', sent: { minimumAmount: '35.50' }, stored: { minimumAmount: 35.5 }, channels: NOT_GRAPHQL },
  { name: 'usageLimit string → number', sent: { usageLimit: '100' }, stored: { usageLimit: 100 }, channels: NOT_GRAPHQL },
  { name: 'empty usageLimit → null (unlimited)', sent: { usageLimit: '' }, stored: { usageLimit: null }, channels: NOT_GRAPHQL },
  { name: 'null usageLimit → null (unlimited)', sent: { usageLimit: null }, stored: { usageLimit: null }, channels: ALL },
  { name: 'empty endDate → null', sent: { endDate: '' }, stored: { endDate: null }, channels: ALL },
  { name: 'empty discountValue → 0', sent: { discountValue: '' }, stored: { discountValue: 0 }, channels: NOT_GRAPHQL },
  { name: 'null discountValue → 0', sent: { discountValue: null }, stored: { discountValue: 0 }, channels: ALL },
  { name: 'empty minimumAmount → 0', sent: { minimumAmount: '' }, stored: { minimumAmount: 0 }, channels: NOT_GRAPHQL },
  { name: 'null minimumAmount → 0', sent: { minimumAmount: null }, stored: { minimumAmount: 0 }, channels: ALL },
  { name: "unknown bannerColor → 'primary'", sent: { bannerColor: 'purple' }, stored: { bannerColor: 'primary' }, channels: NOT_GRAPHQL },
  { name: 'known bannerColor kept', sent: { bannerColor: 'gold' }, stored: { bannerColor: 'gold' }, channels: ALL },
]

// discountType, discountValue → the validation message (null: accepted)
// prettier-ignore
const DISCOUNT_VALUES: { discountType: string; discountValue: number; error: string | null }[] = [
  { discountType: 'percentage', discountValue: 101, error: 'A percentage discount must be between 0 and 100.' },
  { discountType: 'percentage', discountValue: 150, error: 'A percentage discount must be between 0 and 100.' },
  { discountType: 'percentage', discountValue: -1, error: 'Discount value cannot be negative.' },
  { discountType: 'fixed_amount', discountValue: -5, error: 'Discount value cannot be negative.' },
  { discountType: 'percentage', discountValue: 0, error: null },
  { discountType: 'percentage', discountValue: 100, error: null },
  { discountType: 'fixed_amount', discountValue: 150, error: null },
]

// Every field set, none of them at its normalised or default value.
const FULL = {
  title: 'Fall special',
  description: 'Internal note',
  discountCode: 'FALL15',
  discountType: 'percentage',
  discountValue: 15,
  minimumAmount: 50,
  endDate: FUTURE,
  isActive: true,
  bannerText: 'Fifteen percent off',
  bannerColor: 'secondary',
  usageLimit: 40,
}

describe.each(CHANNELS)('promotion hooks over %s', (name) => {
  const ch = () => channels[name]

  describe('normalisation on create', () => {
    for (const c of NORMALISATION.filter((n) => n.channels.includes(name))) {
      it(c.name, async () => {
        const res = await ch().create('promotions', 'staff', { ...BASE, ...c.sent })
        expectOk(res)
        expect(await row(h.payload, 'promotions', res.doc!.id)).toMatchObject(c.stored)
        expect(res.doc).toMatchObject(c.stored)
      })
    }
  })

  describe('normalisation on update', () => {
    for (const c of NORMALISATION.filter((n) => n.channels.includes(name))) {
      it(c.name, async () => {
        const promo = await seedPromotion(h.payload, FULL)
        const res = await ch().update('promotions', 'staff', promo.id, c.sent)
        expectOk(res)
        // the normalised field changed, nothing else did
        const stored = await row(h.payload, 'promotions', promo.id)
        expect(stored).toEqual({ ...promo, ...c.stored, updatedAt: stored!.updatedAt })
      })
    }
  })

  it('fills the defaults: discountValue 0, minimumAmount 0, usageLimit null, isActive true, usageCount 0', async () => {
    const res = await ch().create('promotions', 'staff', { title: 'Bare' })
    expectOk(res)
    expect(await row(h.payload, 'promotions', res.doc!.id)).toMatchObject({
      title: 'Bare',
      ...PROMOTION_DEFAULTS,
    })
  })

  describe('the discount value rule', () => {
    for (const { discountType, discountValue, error } of DISCOUNT_VALUES) {
      it(`create ${discountType} ${discountValue} → ${error ?? 'accepted'}`, async () => {
        const before = await snapshot(h.payload, 'promotions')
        const res = await ch().create('promotions', 'staff', { title: 'Rule', discountType, discountValue })
        if (error) {
          expectInvalid(res, 'The following field is invalid: Discount Value', [
            { path: 'discountValue', message: error },
          ])
          expect(await snapshot(h.payload, 'promotions')).toEqual(before)
        } else {
          expectOk(res)
          expect(await row(h.payload, 'promotions', res.doc!.id)).toMatchObject({
            discountType,
            discountValue,
          })
        }
      })
    }

    it('update of a percentage promotion to 150 is refused and changes nothing', async () => {
      const promo = await seedPromotion(h.payload, FULL)
      const res = await ch().update('promotions', 'staff', promo.id, { discountValue: 150 })
      expectInvalid(res, 'The following field is invalid: Discount Value', [
        { path: 'discountValue', message: 'A percentage discount must be between 0 and 100.' },
      ])
      expect(await row(h.payload, 'promotions', promo.id)).toEqual(promo)
    })

    it('turning a fixed 150 off into a percentage is refused and changes nothing', async () => {
      const promo = await seedPromotion(h.payload, {
        ...FULL,
        discountType: 'fixed_amount',
        discountValue: 150,
      })
      const res = await ch().update('promotions', 'staff', promo.id, { discountType: 'percentage' })
      expectInvalid(res, 'The following field is invalid: Discount Value', [
        { path: 'discountValue', message: 'A percentage discount must be between 0 and 100.' },
      ])
      expect(await row(h.payload, 'promotions', promo.id)).toEqual(promo)
    })
  })

  describe("usageCount is the server's, even for an admin", () => {
    it('create with usageCount 50 stores 0', async () => {
      const res = await ch().create('promotions', 'admin', { ...BASE, usageCount: 50 })
      expectOk(res)
      expect(await row(h.payload, 'promotions', res.doc!.id)).toMatchObject({ usageCount: 0 })
    })

    it('update with usageCount 99 leaves the count as it was', async () => {
      const promo = await seedPromotion(h.payload, FULL)
      // the server's own writes (access overridden)
      await h.payload.update({ collection: 'promotions', id: promo.id, data: { usageCount: 7 } })
      const res = await ch().update('promotions', 'admin', promo.id, { usageCount: 99, title: 'Renamed' })
      expectOk(res)
      expect(await row(h.payload, 'promotions', promo.id)).toMatchObject({ usageCount: 7, title: 'Renamed' })
    })
  })

  describe('createdBy is the signed-in user and never changes', () => {
    it('create: set from the signed-in user, not from the request', async () => {
      const res = await ch().create('promotions', 'staff', { ...BASE, createdBy: h.accounts.admin.user.id })
      expectOk(res)
      expect(await row(h.payload, 'promotions', res.doc!.id)).toMatchObject({
        createdBy: h.accounts.staff.user.id,
      })
    })

    it("update: another user's id is ignored, even from an admin", async () => {
      const promo = await seedPromotion(h.payload, FULL, h.accounts.staff.user)
      expect(promo.createdBy).toBe(h.accounts.staff.user.id)
      const res = await ch().update('promotions', 'admin', promo.id, {
        createdBy: h.accounts.admin.user.id,
        title: 'Renamed',
      })
      expectOk(res)
      expect(await row(h.payload, 'promotions', promo.id)).toMatchObject({
        createdBy: h.accounts.staff.user.id,
        title: 'Renamed',
      })
    })

    it('update: null is ignored too', async () => {
      const promo = await seedPromotion(h.payload, FULL, h.accounts.staff.user)
      const res = await ch().update('promotions', 'admin', promo.id, { createdBy: null })
      expectOk(res)
      expect(await row(h.payload, 'promotions', promo.id)).toMatchObject({
        createdBy: h.accounts.staff.user.id,
      })
    })
  })

  // What an anonymous visitor may learn: nothing about the staff-only fields, not even
  // through a query filter on them (it would reveal hidden values one guess at a time).
  describe('anonymous filters on staff-only fields are refused', () => {
    const guesses: Doc = {
      description: 'Internal note',
      discountType: 'percentage',
      discountValue: 15,
      minimumAmount: 50,
      isActive: false,
      usageLimit: 40,
      usageCount: 0,
      createdBy: 1,
    }
    for (const [field, guess] of Object.entries(guesses)) {
      it(field, async () => {
        const res = await ch().find('promotions', 'anonymous', { [field]: { equals: guess } })
        expectRefused(res, {
          status: 400,
          name: 'QueryError',
          message: `The following path cannot be queried: ${field}`,
        })
      })
    }
  })
})

describe('promotion hooks over the Local API, beyond access control', () => {
  it("usageCount: the server's own writes (access overridden) set it", async () => {
    const promo = await seedPromotion(h.payload, FULL)
    await h.payload.update({ collection: 'promotions', id: promo.id, data: { usageCount: 3 } })
    expect(await row(h.payload, 'promotions', promo.id)).toMatchObject({ usageCount: 3 })
  })

  it('createdBy: null when nobody is signed in (a script)', async () => {
    const promo = await seedPromotion(h.payload, FULL)
    expect(promo.createdBy).toBeNull()
  })
})

describe("what GraphQL's schema refuses before any hook runs", () => {
  it('numbers as strings: refused, nothing stored', async () => {
    const before = await snapshot(h.payload, 'promotions')
    const res = await channels.graphql.create('promotions', 'staff', { ...BASE, discountValue: '20' })
    expectSchemaRefusal(res, /Float cannot represent non numeric value: "20"/)
    expect(await snapshot(h.payload, 'promotions')).toEqual(before)
  })

  it('an unknown bannerColor: refused, nothing stored', async () => {
    const before = await snapshot(h.payload, 'promotions')
    const res = await channels.graphql.create('promotions', 'staff', { ...BASE, bannerColor: 'purple' })
    expectSchemaRefusal(res, /Value "purple" does not exist in "Promotion_bannerColor_MutationInput" enum/)
    expect(await snapshot(h.payload, 'promotions')).toEqual(before)
  })
})
