import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { OFFER_WITHDRAWN } from '@/collections/Leads/hooks/snapshotOffer'
import { publishFirstHomePageVersion } from '@/globals/HomePage/firstVersion'
import { DEFAULT_HOME_CONTENT, homeContent, homePageData } from '@/lib/home-content'

import { setupHarness } from '../helpers/harness'
import { newClient, phoneJpeg, REQUEST_FIELDS, requestForm, submitRequest } from '../helpers/request-fixtures'

// The home page as content: what visitors read is the published version only, a lead keeps
// the offer its visitor saw, and a publish scheduled in the job queue happens once.
const h = setupHarness({ http: true })

type Offer = ReturnType<typeof homePageData>['pricing']['offers'][number]

const defaultOffers = (): Offer[] => homePageData(DEFAULT_HOME_CONTENT).pricing.offers

const withRimPrice = (price: number): Offer[] =>
  defaultOffers().map((o) => (o.key === 'rim_rash' ? { ...o, price } : o))

async function publish(offers: Offer[]) {
  await h.payload.updateGlobal({ slug: 'home-page', data: { _status: 'published', pricing: { offers } } })
}

async function saveDraft(offers: Offer[]) {
  await h.payload.updateGlobal({ slug: 'home-page', draft: true, data: { pricing: { offers } } })
}

const rimPrice = (doc: { pricing?: { offers?: { key: string; price: number }[] | null } | null }) =>
  doc.pricing?.offers?.find((o) => o.key === 'rim_rash')?.price

async function restRimPrice(persona: Parameters<typeof h.sessionOf>[0], draft: boolean) {
  const res = await h.http.get(`/api/globals/home-page?depth=0${draft ? '&draft=true' : ''}`, {
    session: h.sessionOf(persona),
  })
  expect(res.status).toBe(200)
  return rimPrice(res.body)
}

describe('the home page global', () => {
  it('hides a draft from visitors and unapproved accounts on every API; staff preview it', async () => {
    await publish(withRimPrice(135))
    await saveDraft(withRimPrice(150))
    for (const persona of ['anonymous', 'unapproved'] as const) {
      expect(await restRimPrice(persona, false)).toBe(135)
      expect(await restRimPrice(persona, true)).toBe(135)
      const gql = await h.http.post('/api/graphql', {
        json: { query: '{ HomePage(draft: true) { pricing { offers { key price } } } }' },
        session: h.sessionOf(persona),
      })
      expect(rimPrice(gql.body.data.HomePage)).toBe(135)
    }
    const local = await h.payload.findGlobal({
      slug: 'home-page',
      draft: true,
      overrideAccess: false,
      user: null,
    })
    expect(rimPrice(local)).toBe(135)
    expect(await restRimPrice('staff', false)).toBe(135)
    expect(await restRimPrice('staff', true)).toBe(150)
  })

  it('shows visitors nothing of a home page that was only ever saved as a draft', async () => {
    const db = h.payload.db as unknown as PostgresAdapter
    await db.drizzle.delete(db.tables.home_page)
    await db.drizzle.delete(db.tables._home_page_v)
    await saveDraft(withRimPrice(199))
    expect(await restRimPrice('anonymous', true)).toBeUndefined()
    expect(await restRimPrice('admin', true)).toBe(199)
  })

  it("a database whose home page was never saved gets the spec's page as its one first version", async () => {
    const db = h.payload.db as unknown as PostgresAdapter
    await db.drizzle.delete(db.tables.home_page)
    await db.drizzle.delete(db.tables._home_page_v)
    // Two instances starting together: one publishes, the other finds it done.
    const done = await Promise.all([
      publishFirstHomePageVersion(h.payload),
      publishFirstHomePageVersion(h.payload),
    ])
    expect(done.sort()).toEqual([false, true])
    const { docs } = await h.payload.findGlobalVersions({ slug: 'home-page', depth: 0 })
    expect(docs).toHaveLength(1)
    expect(docs[0].version._status).toBe('published')
    expect(homeContent(docs[0].version)).toEqual(DEFAULT_HOME_CONTENT)
    // Once the owner has a history, nothing is added to it.
    await publish(withRimPrice(140))
    expect(await publishFirstHomePageVersion(h.payload)).toBe(false)
    expect((await h.payload.findGlobalVersions({ slug: 'home-page', depth: 0 })).totalDocs).toBe(2)
  })

  it('lets only an admin change it, and refuses two offers for one service', async () => {
    const body = { pricing: { offers: withRimPrice(1) } }
    for (const who of ['anonymous', 'unapproved', 'staff'] as const) {
      const res = await h.http.post('/api/globals/home-page', { json: body, session: h.sessionOf(who) })
      expect(res.status).toBe(403)
    }
    const twice = await h.http.post('/api/globals/home-page', {
      json: { pricing: { offers: [...defaultOffers(), defaultOffers()[0]] } },
      session: h.sessionOf('admin'),
    })
    expect(twice.status).toBe(400)
    expect(JSON.stringify(twice.body)).toContain('Each service can have one offer only.')
    const rest = await h.http.get('/api/globals/home-page/versions', { session: h.sessionOf('staff') })
    expect(rest.status).toBe(403)
  })
})

describe('a lead keeps the offer its visitor saw', () => {
  it('records the published title and price, which later edits never rewrite', async () => {
    await publish(withRimPrice(135))
    await saveDraft(withRimPrice(999))
    const res = await submitRequest(h.http, requestForm({ serviceType: 'rim_rash' }), { client: newClient() })
    expect(res.status).toBe(201)
    const [lead] = (
      await h.payload.find({ collection: 'leads', where: { email: { equals: REQUEST_FIELDS.email } } })
    ).docs
    expect(lead).toMatchObject({
      serviceType: 'rim_rash',
      offeredTitle: 'Rim Rash / Curbed Rim',
      offeredPriceCents: 13500,
      offeredUnit: 'per rim',
    })
    // The key stays when the title and price change.
    const renamed = withRimPrice(140).map((o) =>
      o.key === 'rim_rash' ? { ...o, title: 'Curb Rash Repair' } : o,
    )
    await publish(renamed)
    const again = await h.payload.findByID({ collection: 'leads', id: lead.id })
    expect(again).toMatchObject({
      serviceType: 'rim_rash',
      offeredTitle: 'Rim Rash / Curbed Rim',
      offeredPriceCents: 13500,
    })
    const published = await h.payload.findGlobal({ slug: 'home-page' })
    expect(published.pricing?.offers?.map((o) => o.key)).toEqual(defaultOffers().map((o) => o.key))
  })

  it('the server sets the snapshot: a visitor cannot name their own price', async () => {
    await publish(defaultOffers())
    const res = await h.http.post('/api/leads', {
      json: {
        ...REQUEST_FIELDS,
        serviceType: 'headlight_refresh',
        offeredPriceCents: 1,
        offeredTitle: 'Free',
      },
      headers: { 'X-Forwarded-For': newClient() },
    })
    expect(res.status).toBe(201)
    const lead = await h.payload.findByID({ collection: 'leads', id: res.body.doc.id })
    expect(lead).toMatchObject({
      offeredTitle: 'Headlight Refresh',
      offeredPriceCents: 8500,
      offeredUnit: null,
    })
  })

  it('refuses a service the site no longer offers, and keeps the leads that had it', async () => {
    await publish(defaultOffers())
    const before = await submitRequest(h.http, requestForm({ serviceType: 'windshield_repair' }))
    expect(before.status).toBe(201)
    await publish(defaultOffers().filter((o) => o.key !== 'windshield_repair'))
    const count = (await h.payload.count({ collection: 'leads' })).totalDocs
    const res = await submitRequest(h.http, requestForm({ serviceType: 'windshield_repair' }))
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({ serviceType: OFFER_WITHDRAWN })
    expect((await h.payload.count({ collection: 'leads' })).totalDocs).toBe(count)
    const old = await h.payload.find({
      collection: 'leads',
      where: { serviceType: { equals: 'windshield_repair' } },
    })
    expect(old.docs.map((d) => d.offeredTitle)).toEqual(['Cracked Windshield Repair'])
    // The main form's service has no offer card and is always taken.
    expect((await submitRequest(h.http, requestForm())).status).toBe(201)
  })
})

describe('a scheduled publish', () => {
  it('is published once by the job queue, even with two runners', async () => {
    await publish(defaultOffers())
    await saveDraft(withRimPrice(160))
    await h.payload.jobs.queue({
      task: 'schedulePublish',
      input: { type: 'publish', global: 'home-page' },
      waitUntil: new Date(Date.now() - 1000),
    })
    const publishedVersions = async () =>
      (
        await h.payload.countGlobalVersions({
          global: 'home-page',
          where: { 'version._status': { equals: 'published' } },
        })
      ).totalDocs
    const before = await publishedVersions()
    await Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
    expect(rimPrice(await h.payload.findGlobal({ slug: 'home-page', overrideAccess: false }))).toBe(160)
    expect(await publishedVersions()).toBe(before + 1)
    const jobs = await h.payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'schedulePublish' } },
    })
    expect(
      jobs.docs.map((j) => [j.completedAt !== null && j.completedAt !== undefined, j.totalTried]),
    ).toEqual([[true, 1]])
  })
})

describe('the home page SEO fields', () => {
  it('carry the title, description and share image the owner set, read with the image file', async () => {
    const image = await h.payload.create({
      collection: 'gallery-images',
      data: { alt: 'A restored rim' },
      file: { data: await phoneJpeg(), mimetype: 'image/jpeg', name: 'share.jpg', size: 0 },
    })
    await h.payload.updateGlobal({
      slug: 'home-page',
      data: {
        _status: 'published',
        meta: { title: 'Rim repair that comes to you', description: 'Mobile rim repair.', image: image.id },
      },
    })
    const read = homeContent(
      await h.payload.findGlobal({ slug: 'home-page', depth: 1, overrideAccess: false }),
    )
    expect(read.seo).toMatchObject({
      title: 'Rim repair that comes to you',
      description: 'Mobile rim repair.',
      image: { alt: 'A restored rim' },
    })
    expect(read.seo.image?.url).toMatch(/\.webp$/)
    // Read without the file (depth 0), the image is left out rather than guessed.
    expect(homeContent(await h.payload.findGlobal({ slug: 'home-page', depth: 0 })).seo.image).toBeNull()
  })
})
