import { beforeEach, describe, expect, it, vi } from 'vitest'

import type { BannerData } from '@/data/banner-query'

// The public site's cached reads: what a cached entry may still hold when it is used,
// and which writes expire the gallery's entry.
const cache = vi.hoisted(() => ({ banner: null as BannerData | null }))
const find = vi.fn()
const revalidateTag = vi.fn()
vi.mock('@payload-config', () => ({ default: {} }))
vi.mock('payload', () => ({ getPayload: async () => ({ find }) }))
// The banner's data cache answers with whatever this test put in it.
vi.mock('next/cache', () => ({
  unstable_cache: () => async () => cache.banner,
  revalidateTag: (...args: unknown[]) => revalidateTag(...args),
}))

const { getBannerPromotion } = await import('@/data/banner')
const { GalleryImages } = await import('@/collections/GalleryImages')

const MINUTE = 60_000
const promo = (id: number, endDate: string | null): BannerData => ({
  id,
  title: `Promotion ${id}`,
  bannerText: null,
  bannerColor: 'primary',
  discountCode: null,
  endDate,
})

describe('the banner when its cached entry is older than an end date', () => {
  beforeEach(() => {
    find.mockReset()
  })

  it('a cached promotion that has ended since is not shown: the database is asked again', async () => {
    cache.banner = promo(2, new Date(Date.now() - 5_000).toISOString())
    find.mockResolvedValue({ docs: [promo(1, null)] })
    expect(await getBannerPromotion()).toEqual(promo(1, null))
    const where = find.mock.calls[0][0].where
    const after = new Date(where.or[1].endDate.greater_than).getTime()
    expect(Math.abs(after - Date.now())).toBeLessThan(MINUTE)
  })

  it('nothing when no other promotion is live', async () => {
    cache.banner = promo(2, new Date(Date.now() - 5_000).toISOString())
    find.mockResolvedValue({ docs: [] })
    expect(await getBannerPromotion()).toBeNull()
  })

  it('a live cached promotion is used as it is, without a query', async () => {
    const live = promo(3, new Date(Date.now() + MINUTE).toISOString())
    cache.banner = live
    expect(await getBannerPromotion()).toEqual(live)
    cache.banner = promo(4, null)
    expect(await getBannerPromotion()).toEqual(promo(4, null))
    expect(find).not.toHaveBeenCalled()
  })
})

describe('gallery pictures', () => {
  type Hook = (args: { doc: unknown; req: { context: Record<string, unknown> } }) => unknown
  const afterChange = (GalleryImages.hooks?.afterChange ?? []) as unknown as Hook[]
  const afterDelete = (GalleryImages.hooks?.afterDelete ?? []) as unknown as Hook[]

  beforeEach(() => {
    revalidateTag.mockReset()
  })

  it('a replaced file or alt text, or a deleted picture, expires the gallery at once', async () => {
    expect(afterChange).toHaveLength(1)
    expect(afterDelete).toHaveLength(1)
    const picture = { id: 1, alt: 'new alt' }
    expect(await afterChange[0]({ doc: picture, req: { context: {} } })).toBe(picture)
    expect(await afterDelete[0]({ doc: picture, req: { context: {} } })).toBe(picture)
    expect(revalidateTag.mock.calls).toEqual([
      ['gallery-items', { expire: 0 }],
      ['gallery-items', { expire: 0 }],
    ])
  })

  it('scripts and seeds that ask for no revalidation get none', async () => {
    await afterChange[0]({ doc: {}, req: { context: { disableRevalidate: true } } })
    await afterDelete[0]({ doc: {}, req: { context: { disableRevalidate: true } } })
    expect(revalidateTag).not.toHaveBeenCalled()
  })
})
