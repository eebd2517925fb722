import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  CAREERS_POSTING_DEFAULT,
  PRIVACY_POLICY_DEFAULT,
  TERMS_OF_SERVICE_DEFAULT,
} from '@/globals/SitePages/defaults'
import { getBannerPromotion } from '@/data/banner'
import { type BannerData, findBannerPromotion } from '@/data/banner-query'
import { getGallery } from '@/data/gallery'
import { plainText } from '@/lib/lexical'

import { removeTestDataDir } from '../helpers/env'
import { resetDatabase, testPayload } from '../helpers/payload'

// The banner's query rule (spec sections 5 and 7) against PostgreSQL through Payload, as
// an anonymous visitor: active, end date empty or later than now, newest by creation,
// at most one, and only the banner's fields.

// Outside a Next.js server there is no data cache: the pages' cached reads call through,
// or answer with what a test put in `cached` (an entry read earlier).
const cached = vi.hoisted(() => ({ banner: undefined as BannerData | null | undefined }))
vi.mock('next/cache', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  unstable_cache:
    <T>(fn: () => Promise<T>, keyParts?: string[]) =>
    async () =>
      keyParts?.includes('promotion-banner') && cached.banner !== undefined ? (cached.banner as T) : fn(),
}))

const HOUR = 60 * 60 * 1000
let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

afterAll(async () => {
  await resetDatabase(payload)
  removeTestDataDir()
})

beforeEach(async () => {
  await payload.db.deleteMany({ collection: 'promotions', where: {} })
})

type Seed = {
  title: string
  isActive?: boolean
  endDate?: string | null
  createdAt?: string
  bannerColor?: 'primary' | 'secondary' | 'gold'
}

// Written with a fixed creation time so "newest" does not depend on timing; seeded
// like the seed script (no Next.js server to revalidate).
async function promotion({ createdAt, ...data }: Seed) {
  const doc = await payload.create({
    collection: 'promotions',
    data: {
      discountType: 'percentage',
      discountValue: 10,
      bannerText: `${data.title} banner`,
      discountCode: `${data.title.replace(/\W/g, '').slice(0, 10)}`,
      isActive: true,
      ...data,
    },
    context: { disableRevalidate: true },
  })
  if (createdAt) await payload.db.updateOne({ collection: 'promotions', id: doc.id, data: { createdAt } })
  return doc
}

const at = (offset: number) => new Date(Date.now() + offset).toISOString()

describe('banner promotion', () => {
  it('none when there is no promotion', async () => {
    expect(await findBannerPromotion(payload)).toBeNull()
  })

  it('an inactive promotion is never shown', async () => {
    await promotion({ title: 'Inactive', isActive: false })
    expect(await findBannerPromotion(payload)).toBeNull()
  })

  it('an ended promotion is never shown; one ending in the future is', async () => {
    await promotion({ title: 'Ended', endDate: at(-HOUR) })
    expect(await findBannerPromotion(payload)).toBeNull()
    await promotion({ title: 'Ends later', endDate: at(HOUR) })
    expect((await findBannerPromotion(payload))?.title).toBe('Ends later')
  })

  it('the end date is compared with the time asked about', async () => {
    const endDate = at(HOUR)
    await promotion({ title: 'Ends in an hour', endDate })
    expect((await findBannerPromotion(payload, new Date(Date.now() + HOUR / 2)))?.title).toBe(
      'Ends in an hour',
    )
    expect(await findBannerPromotion(payload, new Date(Date.now() + 2 * HOUR))).toBeNull()
  })

  it('no end date means no end', async () => {
    await promotion({ title: 'Open-ended', endDate: null })
    expect((await findBannerPromotion(payload))?.title).toBe('Open-ended')
  })

  it('the newest of several live promotions, by creation', async () => {
    await promotion({ title: 'Oldest', createdAt: at(-3 * HOUR) })
    await promotion({ title: 'Newest', createdAt: at(-1 * HOUR) })
    await promotion({ title: 'Middle', createdAt: at(-2 * HOUR) })
    // Newer, but not live: skipped.
    await promotion({ title: 'Newer but inactive', isActive: false, createdAt: at(-HOUR / 2) })
    await promotion({ title: 'Newer but ended', endDate: at(-HOUR / 4), createdAt: at(-HOUR / 3) })
    expect((await findBannerPromotion(payload))?.title).toBe('Newest')
  })

  it('returns only the fields the banner shows', async () => {
    const doc = await promotion({ title: 'Fields', endDate: at(HOUR), bannerColor: 'secondary' })
    const banner = await findBannerPromotion(payload)
    expect(banner).toEqual({
      id: doc.id,
      title: 'Fields',
      bannerText: 'Fields banner',
      bannerColor: 'secondary',
      discountCode: 'FIELDS',
      endDate: expect.any(String),
    })
    expect(new Date(banner!.endDate!).getTime()).toBeGreaterThan(Date.now())
  })
})

describe('the banner the pages show', () => {
  beforeEach(() => {
    cached.banner = undefined
  })

  it('a cached promotion that has ended since gives way to the live one under it', async () => {
    await promotion({ title: 'Open-ended', createdAt: at(-2 * HOUR) })
    // Read into the cache while it was live; it has ended since, with no edit.
    const ended = await promotion({ title: 'Just ended', endDate: at(-1_000), createdAt: at(-HOUR) })
    cached.banner = {
      id: ended.id,
      title: 'Just ended',
      bannerText: null,
      bannerColor: 'primary',
      discountCode: null,
      endDate: at(-1_000),
    }
    expect((await getBannerPromotion())?.title).toBe('Open-ended')
  })

  it('a cached promotion still live is shown', async () => {
    await promotion({ title: 'Live', endDate: at(HOUR) })
    expect((await getBannerPromotion())?.title).toBe('Live')
  })
})

describe('gallery data of the /gallery page', () => {
  it('a failing query shows the two built-in samples, BMW M3 and Mercedes AMG', async () => {
    expect((await getGallery()).fallback).toBe(false)
    const spy = vi
      .spyOn(payload, 'find')
      .mockRejectedValueOnce(new Error('relation "gallery_items" does not exist'))
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { items, fallback } = await getGallery()
      expect(fallback).toBe(true)
      expect(items.map((i) => [i.title, i.before.src, i.after.src])).toEqual([
        [
          'BMW M3 Competition - Curb Rash Repair',
          '/gallery-samples/bmw-m3-before.svg',
          '/gallery-samples/bmw-m3-after.svg',
        ],
        [
          'Mercedes AMG - Full Rim Restoration',
          '/gallery-samples/mercedes-amg-before.svg',
          '/gallery-samples/mercedes-amg-after.svg',
        ],
      ])
      expect(spy).toHaveBeenCalledWith(
        expect.objectContaining({ collection: 'gallery-items', overrideAccess: false }),
      )
    } finally {
      spy.mockRestore()
      log.mockRestore()
    }
  })
})

describe('revalidation hooks outside a Next.js server', () => {
  it('saving and deleting promotions, and saving the globals, land without a Next server', async () => {
    const doc = await payload.create({
      collection: 'promotions',
      data: { title: 'Hook check', discountType: 'percentage', discountValue: 5 },
    })
    // Each save lands although its hook cannot reach Next's cache here.
    const updated = await payload.update({ collection: 'promotions', id: doc.id, data: { isActive: false } })
    expect(updated.isActive).toBe(false)
    await payload.delete({ collection: 'promotions', id: doc.id })
    const gone = await payload.findByID({ collection: 'promotions', id: doc.id, disableErrors: true })
    expect(gone).toBeNull()
    // The settings are shared by the files after this one (the seed's test reads them).
    const { phone } = await payload.findGlobal({ slug: 'site-settings' })
    const changed = await payload.updateGlobal({ slug: 'site-settings', data: { phone: '(512) 555-0199' } })
    expect(changed.phone).toBe('(512) 555-0199')
    expect((await payload.updateGlobal({ slug: 'site-settings', data: { phone } })).phone).toBe(phone)
    const pages = await payload.updateGlobal({ slug: 'site-pages', data: {} })
    expect(pages.termsOfService).toEqual(TERMS_OF_SERVICE_DEFAULT)
  })
})

describe('site-pages global', () => {
  it('starts with the written policies, which state the spec terms', async () => {
    const doc = await payload.findGlobal({ slug: 'site-pages', overrideAccess: false })
    expect(doc.privacyPolicy).toEqual(PRIVACY_POLICY_DEFAULT)
    expect(doc.termsOfService).toEqual(TERMS_OF_SERVICE_DEFAULT)
    const terms = plainText(TERMS_OF_SERVICE_DEFAULT)
    for (const phrase of [
      'tire services',
      '30-day workmanship warranty',
      'at least 24 hours ahead',
      'valid for 30 days',
    ]) {
      expect(terms).toContain(phrase)
    }
    expect(plainText(PRIVACY_POLICY_DEFAULT)).toContain('tire services')
    expect(plainText(CAREERS_POSTING_DEFAULT)).toMatch(
      /Full-time position based in central Austin[\s\S]*Competitive pay/,
    )
  })

  it('is read by anyone and edited only by an admin', async () => {
    const res = await payload
      .updateGlobal({
        slug: 'site-pages',
        data: { termsOfService: TERMS_OF_SERVICE_DEFAULT },
        overrideAccess: false,
      })
      .then(
        () => 'saved',
        (err: { status?: number }) => err.status,
      )
    expect(res).toBe(403)
  })
})
