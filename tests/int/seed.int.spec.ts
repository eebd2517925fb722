import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CAREERS_POSTING_DEFAULT } from '@/globals/SitePages/defaults'
import { DEFAULT_HOURS } from '@/lib/business-hours'
import { DEFAULT_SITE_SETTINGS, publicSiteSettings } from '@/lib/site-settings'
import { DEFAULT_HOME_CONTENT, homeContent } from '@/lib/home-content'
import { DEV_ADMIN } from '@/seed/dev-admin'
import { seed } from '@/seed'
import { seedOnInit } from '@/seed/on-init'

import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
})

afterAll(async () => {
  await payload?.destroy()
})

async function counts() {
  const [gallery, images, promotions, leads, users, postings] = await Promise.all(
    (['gallery-items', 'gallery-images', 'promotions', 'leads', 'users', 'job-postings'] as const).map(
      async (collection) => (await payload.count({ collection })).totalDocs,
    ),
  )
  return { gallery, images, promotions, leads, users, postings }
}

describe('demo seed', () => {
  it('never runs outside development', async () => {
    const env = process.env as Record<string, string | undefined>
    const before = env.NODE_ENV
    try {
      env.NODE_ENV = 'production'
      await seedOnInit(payload)
      env.NODE_ENV = 'test'
      await seedOnInit(payload)
    } finally {
      env.NODE_ENV = before
    }
    expect(await counts()).toEqual({ gallery: 0, images: 0, promotions: 0, leads: 0, users: 0, postings: 0 })
  })

  it('creates the spec sample gallery, one live promotion, leads in every status and the dev admin', async () => {
    const { created } = await seed(payload)
    expect(created.length).toBe(10)
    expect(await counts()).toEqual({ gallery: 2, images: 4, promotions: 1, leads: 4, users: 1, postings: 1 })
    const [posting] = (await payload.find({ collection: 'job-postings' })).docs
    expect(posting).toMatchObject({
      title: 'Mobile Wheel Technician',
      employmentType: 'FULL_TIME',
      open: true,
    })
    expect(posting.description).toEqual(CAREERS_POSTING_DEFAULT)

    const gallery = await payload.find({ collection: 'gallery-items', sort: 'title', depth: 1 })
    expect(gallery.docs.map((d) => d.title)).toEqual([
      'BMW M3 Competition - Curb Rash Repair',
      'Mercedes AMG - Full Rim Restoration',
    ])
    for (const item of gallery.docs) {
      for (const image of [item.beforeImage, item.afterImage]) {
        expect(typeof image === 'object' && image?.mimeType).toBe('image/webp')
      }
    }

    const leads = await payload.find({ collection: 'leads', sort: 'createdAt' })
    expect(leads.docs.map((l) => l.status).sort()).toEqual(['completed', 'contacted', 'new', 'quoted'])
    // Demo leads are no customers: no quote e-mail is queued for them.
    const jobs = await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendQuoteEmail' } },
    })
    expect(jobs.totalDocs).toBe(0)

    const promo = await payload.find({ collection: 'promotions', overrideAccess: false })
    expect(promo.docs).toHaveLength(1)
    expect(promo.docs[0].discountCode).toBe('FALL15')

    const admin = await payload.find({ collection: 'users', where: { email: { equals: DEV_ADMIN.email } } })
    expect(admin.docs[0]).toMatchObject({ role: 'admin', approved: true, _verified: true })
    const login = await payload.login({
      collection: 'users',
      data: { email: DEV_ADMIN.email, password: DEV_ADMIN.password },
    })
    expect(login.token).toBeTruthy()

    // The home page's first published version is the spec's content, for the owner to go back to.
    const home = await payload.findGlobal({ slug: 'home-page', depth: 0, overrideAccess: false })
    expect(home._status).toBe('published')
    expect(homeContent(home)).toEqual(DEFAULT_HOME_CONTENT)

    // The site's settings are the spec's, opening hours included.
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    expect(publicSiteSettings(settings)).toEqual(DEFAULT_SITE_SETTINGS)
    expect(settings.hours).toEqual(DEFAULT_HOURS)
  })

  it('is idempotent: a second run creates nothing', async () => {
    const before = await counts()
    const { created } = await seed(payload)
    expect(created).toEqual([])
    expect(await counts()).toEqual(before)
  })
})
