import { beforeEach, describe, expect, it } from 'vitest'

import { scheduledPublishes } from '@/data/back-office'
import { findBannerPromotion } from '@/data/banner-query'
import { PROMO_INVALID } from '@/lib/lead-source'

import { row, seedPromotion } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'
import { requestForm, submitRequest } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// Promotions with drafts: a draft is the staff's alone (no banner, no code, on no API for the
// public), what is created without asking for a draft is live as before, publishing a draft
// keeps the count of uses the quote endpoint kept in SQL, and a publish the job queue runs at
// its time happens once.
const h = setupHarness({ http: true })

beforeEach(async () => {
  await emptyCollections(h.payload, [
    'lead-events',
    'leads',
    'customer-uploads',
    'payload-jobs',
    'promotions',
  ])
  // A find with `draft: true` reads the versions table.
  await h.payload.db.deleteVersions({ collection: 'promotions', where: {} })
})

const draftPromotion = (code: string) =>
  h.payload.create({
    collection: 'promotions',
    draft: true,
    data: { title: 'Friday Special', discountCode: code, discountType: 'percentage', discountValue: 20 },
  })

// Asking for drafts (`draft=true`) or not, the public gets published promotions only.
async function publicTitles(persona: 'anonymous' | 'unapproved', draft = true) {
  const rest = await h.http.get(`/api/promotions?depth=0&draft=${draft}`, { session: h.sessionOf(persona) })
  expect(rest.status).toBe(200)
  const gql = await h.http.post('/api/graphql', {
    json: { query: `{ Promotions${draft ? '(draft: true)' : ''} { docs { title } } }` },
    session: h.sessionOf(persona),
  })
  return {
    rest: (rest.body.docs as { title: string }[]).map((d) => d.title),
    graphql: (gql.body.data.Promotions.docs as { title: string }[]).map((d) => d.title),
  }
}

describe('a draft promotion', () => {
  it('is on no public API, not on the banner, and its code is refused', async () => {
    await draftPromotion('FRIDAY20')
    for (const persona of ['anonymous', 'unapproved'] as const) {
      expect(await publicTitles(persona)).toEqual({ rest: [], graphql: [] })
    }
    const local = await h.payload.find({
      collection: 'promotions',
      draft: true,
      overrideAccess: false,
      user: null,
    })
    expect(local.docs).toEqual([])
    expect(await findBannerPromotion(h.payload)).toBeNull()
    const res = await submitRequest(h.http, requestForm({ promoCode: 'FRIDAY20' }))
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({ promoCode: PROMO_INVALID })
    // Staff see it, as a draft.
    const staff = await h.http.get('/api/promotions?depth=0', { session: h.sessionOf('staff') })
    expect(staff.body.docs).toMatchObject([{ title: 'Friday Special', _status: 'draft' }])
  })

  it('created without asking for a draft is live, as before promotions had drafts', async () => {
    const res = await h.http.post('/api/promotions', {
      json: { title: 'Walk-in', discountCode: 'WALKIN', discountType: 'fixed_amount', discountValue: 10 },
      session: h.sessionOf('staff'),
    })
    expect(res.status).toBe(201)
    expect(res.body.doc._status).toBe('published')
    expect((await publicTitles('anonymous')).rest).toEqual(['Walk-in'])
  })
})

describe('publishing a draft', () => {
  it('keeps the uses counted while the draft was being written', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'KEEP10', usageLimit: 10 })
    expect((await submitRequest(h.http, requestForm({ promoCode: 'KEEP10' }))).status).toBe(201)
    const edit = await h.http.patch(`/api/promotions/${promo.id}?draft=true`, {
      json: { title: 'Keep Ten (new wording)' },
      session: h.sessionOf('staff'),
    })
    expect(edit.status).toBe(200)
    // The public still has the published one, whose code keeps working.
    expect(await publicTitles('anonymous', false)).toEqual({ rest: [promo.title], graphql: [promo.title] })
    expect(JSON.stringify(await publicTitles('anonymous'))).not.toContain('new wording')
    expect((await submitRequest(h.http, requestForm({ promoCode: 'KEEP10' }))).status).toBe(201)
    expect((await row(h.payload, 'promotions', promo.id))?.usageCount).toBe(2)

    const publish = await h.http.patch(`/api/promotions/${promo.id}`, {
      json: { _status: 'published' },
      session: h.sessionOf('staff'),
    })
    expect(publish.status).toBe(200)
    expect(await row(h.payload, 'promotions', promo.id)).toMatchObject({
      title: 'Keep Ten (new wording)',
      usageCount: 2,
    })
  })
})

describe('a scheduled publish', () => {
  it('puts the promotion on the banner once, with two runners taking jobs', async () => {
    const promo = await draftPromotion('SOON')
    await h.payload.jobs.queue({
      task: 'schedulePublish',
      input: { type: 'publish', doc: { relationTo: 'promotions', value: promo.id } },
      waitUntil: new Date(Date.now() - 1000),
    })
    await Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
    expect((await findBannerPromotion(h.payload))?.id).toBe(promo.id)
    const versions = await h.payload.countVersions({
      collection: 'promotions',
      where: { and: [{ parent: { equals: promo.id } }, { 'version._status': { equals: 'published' } }] },
    })
    expect(versions.totalDocs).toBe(1)
    expect((await submitRequest(h.http, requestForm({ promoCode: 'SOON' }))).status).toBe(201)
  })

  it('waits for its time', async () => {
    const promo = await draftPromotion('LATER')
    await h.payload.jobs.queue({
      task: 'schedulePublish',
      input: { type: 'publish', doc: { relationTo: 'promotions', value: promo.id } },
      waitUntil: new Date(Date.now() + 60 * 60 * 1000),
    })
    await h.payload.jobs.run({ silent: true })
    expect(await findBannerPromotion(h.payload)).toBeNull()
  })
})

describe('the promotions tab', () => {
  // The admin's schedule drawer queues the id as a string.
  it('knows when each draft is due to be published', async () => {
    const promo = await draftPromotion('DUE')
    const at = new Date(Date.now() + 60 * 60 * 1000)
    await h.payload.jobs.queue({
      task: 'schedulePublish',
      input: {
        type: 'publish',
        doc: { relationTo: 'promotions', value: String(promo.id) as unknown as number },
      },
      waitUntil: at,
    })
    expect(await scheduledPublishes(h.payload)).toEqual({ [String(promo.id)]: at.toISOString() })
  })
})
