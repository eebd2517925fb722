import { beforeEach, describe, expect, it, vi } from 'vitest'

// The public pages' reads when the database fails: the gallery falls back to its two
// built-in samples, the banner disappears, the policies keep their written text; each
// failure is logged and none is cached.
const getPayload = vi.fn()
vi.mock('@payload-config', () => ({ default: {} }))
vi.mock('payload', () => ({ getPayload: (...args: unknown[]) => getPayload(...args) }))
vi.mock('next/cache', () => ({ unstable_cache: (fn: () => unknown) => fn }))

const { getGallery, SAMPLE_GALLERY } = await import('@/data/gallery')
const { getBannerPromotion } = await import('@/data/banner')
const { getSitePages } = await import('@/data/site-pages')
const { getOpenPostings } = await import('@/data/job-postings')
const { getSiteSettings } = await import('@/data/site-settings')
const { DEFAULT_SITE_SETTINGS } = await import('@/lib/site-settings')

describe('when the database cannot be reached', () => {
  beforeEach(() => {
    getPayload.mockReset()
    getPayload.mockRejectedValue(new Error('connection refused'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })

  it('the gallery shows the BMW M3 and Mercedes AMG samples instead of an error', async () => {
    const { items, fallback } = await getGallery()
    expect(fallback).toBe(true)
    expect(items).toBe(SAMPLE_GALLERY)
    expect(items.map((i) => i.title)).toEqual([
      'BMW M3 Competition - Curb Rash Repair',
      'Mercedes AMG - Full Rim Restoration',
    ])
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('gallery unavailable'),
      expect.any(Error),
    )
  })

  it('no banner, only a log line', async () => {
    expect(await getBannerPromotion()).toBeNull()
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('promotion banner unavailable'),
      expect.any(Error),
    )
  })

  it('the policies keep their written defaults', async () => {
    const pages = await getSitePages()
    expect(JSON.stringify(pages.termsOfService)).toContain('30-day workmanship warranty')
  })

  it('the careers page lists no posting rather than failing', async () => {
    expect(await getOpenPostings()).toEqual([])
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('job postings unavailable'),
      expect.any(Error),
    )
  })

  it('the business facts are the spec constants', async () => {
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS)
  })
})

describe('when the database answers', () => {
  it('the gallery maps items to before/after pictures and skips items missing an image', async () => {
    // Payload's URLs carry the server's address; the page keeps only the path.
    const image = (name: string) => ({
      url: `http://localhost:3000/api/gallery-images/file/${name}`,
      width: 1600,
      height: 1200,
      alt: name,
    })
    getPayload.mockResolvedValue({
      find: vi.fn().mockResolvedValue({
        docs: [
          { id: 2, title: 'New', description: 'newest', beforeImage: image('b2'), afterImage: image('a2') },
          { id: 1, title: 'Broken', description: null, beforeImage: null, afterImage: image('a1') },
        ],
      }),
    })
    const { items, fallback } = await getGallery()
    expect(fallback).toBe(false)
    expect(items).toEqual([
      {
        id: '2',
        title: 'New',
        description: 'newest',
        before: { src: '/api/gallery-images/file/b2', width: 1600, height: 1200, alt: 'b2' },
        after: { src: '/api/gallery-images/file/a2', width: 1600, height: 1200, alt: 'a2' },
      },
    ])
  })
})
