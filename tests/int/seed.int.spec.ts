import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CAREERS_POSTING_DEFAULT } from '@/globals/SitePages/defaults'
import { DEFAULT_HOURS } from '@/lib/business-hours'
import { DEFAULT_SITE_SETTINGS, publicSiteSettings } from '@/lib/site-settings'
import { DEFAULT_HOME_CONTENT, homeContent } from '@/lib/home-content'
import { issueStatements } from '@/collections/Statements/issue'
import { DEMO_DEALERSHIP, DEMO_PO, seedDealerDemo } from '@/seed/dealer-demo'
import { DEV_ADMIN, DEV_PARTNER } from '@/seed/dev-admin'
import { seed } from '@/seed'
import { seedOnInit } from '@/seed/on-init'
import { wheelImage } from '@/seed/wheel-images'
import { DEFAULT_TIME_ZONE, zonedTime } from '@/lib/business-time'
import { previousPeriod } from '@/lib/statements'
import type { User } from '@/payload-types'

import { seedDealership } from '../helpers/dealers'
import { seedDoneCar } from '../helpers/statements'
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
  return { gallery, images, promotions, leads, users, postings, ...(await dealerCounts()) }
}

async function dealerCounts() {
  const [dealerships, workOrders, photos, statements] = await Promise.all(
    (['dealerships', 'work-orders', 'work-order-photos', 'statements'] as const).map(
      async (collection) => (await payload.count({ collection })).totalDocs,
    ),
  )
  return { dealerships, workOrders, photos, statements }
}

const NO_DEALERS = { dealerships: 0, workOrders: 0, photos: 0, statements: 0 }

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
    expect(await counts()).toEqual({
      gallery: 0,
      images: 0,
      promotions: 0,
      leads: 0,
      users: 0,
      postings: 0,
      ...NO_DEALERS,
    })
  })

  it('creates the spec sample gallery, one live promotion, leads in every status and the dev admin', async () => {
    const { created } = await seed(payload)
    expect(created.length).toBe(10)
    // The dealer demo is development's only (seedDealerDemo): e2e builds are seeded with seed().
    expect(await counts()).toEqual({
      gallery: 2,
      images: 4,
      promotions: 1,
      leads: 4,
      users: 1,
      postings: 1,
      ...NO_DEALERS,
    })
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

describe('dealer demo seed', () => {
  const lastMonth = previousPeriod(new Date(), DEFAULT_TIME_ZONE)
  const year = lastMonth.slice(0, 4)
  const month = Number(lastMonth.slice(5))

  it('never runs in production', async () => {
    const env = process.env as Record<string, string | undefined>
    const before = env.NODE_ENV
    try {
      env.NODE_ENV = 'production'
      await expect(seedDealerDemo(payload)).rejects.toThrow(/development only/)
    } finally {
      env.NODE_ENV = before
    }
    expect(await dealerCounts()).toEqual(NO_DEALERS)
  })

  it('makes a dealership, its partner, a work order of two cars and last month’s statement, once', async () => {
    const { created } = await seedDealerDemo(payload)
    expect(created).toEqual([
      `dealership "${DEMO_DEALERSHIP.name}"`,
      `development partner ${DEV_PARTNER.email}`,
      `work order ${DEMO_PO} (two cars)`,
      `statement S${year}-0001`,
    ])
    const after = await counts()
    expect(after).toMatchObject({ users: 2, dealerships: 1, workOrders: 1, photos: 7, statements: 1 })

    const [dealership] = (await payload.find({ collection: 'dealerships', depth: 0 })).docs
    expect(dealership).toMatchObject({
      name: DEMO_DEALERSHIP.name,
      netTermsDays: 30,
      contacts: [
        expect.objectContaining({ name: 'Dana Brooks' }),
        expect.objectContaining({ name: 'Luis Ortega' }),
      ],
      priceList: [
        expect.objectContaining({ service: 'rim_rash', unitPriceCents: 11_000 }),
        expect.objectContaining({ service: 'rim_restoration', unitPriceCents: 22_500 }),
      ],
    })
    const [order] = (await payload.find({ collection: 'work-orders', depth: 0 })).docs
    expect(order.status).toBe('in_progress')
    expect(order.vehicles.map((v) => [v.stockNumber, v.status, v.wheels.map((w) => w.status)])).toEqual([
      ['HC2417', 'done', ['done', 'done']],
      ['HC2452', 'in_progress', ['done', 'to_do']],
    ])
    for (const wheel of order.vehicles.flatMap((v) => v.wheels)) {
      expect(wheel.beforePhotos).toHaveLength(1)
      expect(wheel.afterPhotos).toHaveLength(wheel.status === 'done' ? 1 : 0)
    }
    // Issued by the monthly run's function: the done car's two wheels at the dealership's prices.
    const [statement] = (await payload.find({ collection: 'statements', depth: 0 })).docs
    expect(statement).toMatchObject({ period: lastMonth, subtotalCents: 33_500, totalCents: 33_500 })
    expect(statement.lines!.map((l) => [l.stockNumber, l.position, l.unitPriceCents])).toEqual([
      ['HC2417', 'LF', 11_000],
      ['HC2417', 'RF', 22_500],
    ])
    const sends = await payload.count({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendStatement' } },
    })
    expect(sends.totalDocs).toBe(1)

    // Again, as each `npm run dev` start does (printing both sign-ins): nothing new.
    const env = process.env as Record<string, string | undefined>
    const before = env.NODE_ENV
    const logged: string[] = []
    const info = payload.logger.info.bind(payload.logger)
    payload.logger.info = ((message: unknown) =>
      void logged.push(String(message))) as typeof payload.logger.info
    try {
      env.NODE_ENV = 'development'
      await seedOnInit(payload)
    } finally {
      env.NODE_ENV = before
      payload.logger.info = info
    }
    expect(logged.join('\n')).toContain(`Development partner: ${DEV_PARTNER.email} / ${DEV_PARTNER.password}`)
    expect(logged.join('\n')).not.toContain('Seeded demo content')
    expect((await seedDealerDemo(payload)).created).toEqual([])
    expect(await counts()).toEqual(after)
  })

  it('signs the partner in, who reads its own dealership’s records only', async () => {
    const admin = (await payload.find({ collection: 'users', where: { email: { equals: DEV_ADMIN.email } } }))
      .docs[0]
    const other = await seedDealership(payload, 'Other Motors')
    await seedDoneCar(
      payload,
      other.id as number,
      { ...admin, collection: 'users' },
      {
        stockNumber: 'OT1',
        wheels: [
          { position: 'LF', doneAt: zonedTime(DEFAULT_TIME_ZONE, Number(year), month, 5, 12).toISOString() },
        ],
      },
    )
    const image = await wheelImage({ damaged: true, accent: '#2a2d31', seed: 1 })
    await payload.create({
      collection: 'work-order-photos',
      data: { dealership: other.id as number },
      file: { data: image, mimetype: 'image/jpeg', name: 'other.jpg', size: image.length },
    })
    await issueStatements(payload, lastMonth, { dealership: other.id as number })

    const { user } = await payload.login({
      collection: 'users',
      data: { email: DEV_PARTNER.email, password: DEV_PARTNER.password },
    })
    const partner = { ...(user as User), collection: 'users' as const }
    const own = (
      await payload.find({ collection: 'dealerships', where: { name: { equals: DEMO_DEALERSHIP.name } } })
    ).docs[0].id
    const dealershipOf = (d: unknown) => (typeof d === 'object' && d !== null ? (d as { id: number }).id : d)
    for (const collection of ['work-orders', 'work-order-photos', 'statements'] as const) {
      const all = await payload.find({ collection, depth: 0, pagination: false })
      const seen = await payload.find({
        collection,
        depth: 0,
        pagination: false,
        overrideAccess: false,
        user: partner,
      })
      expect(all.docs.some((d) => dealershipOf(d.dealership) === other.id)).toBe(true)
      expect(seen.docs.length).toBeGreaterThan(0)
      expect(seen.docs.every((d) => dealershipOf(d.dealership) === own)).toBe(true)
    }
    const dealerships = await payload.find({
      collection: 'dealerships',
      overrideAccess: false,
      user: partner,
    })
    expect(dealerships.docs.map((d) => d.id)).toEqual([own])
    await expect(
      payload.find({ collection: 'leads', overrideAccess: false, user: partner }),
    ).rejects.toThrow()
  })
})
