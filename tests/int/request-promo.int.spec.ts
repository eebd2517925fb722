import fs from 'node:fs'
import path from 'node:path'

import { beforeEach, describe, expect, it } from 'vitest'

import { PROMO_INVALID, PROMO_USED_UP } from '@/lib/lead-source'

import { TEST_DATA_DIR } from '../helpers/env'
import { FUTURE, PAST, row, seedPromotion } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'
import { counts, image, requestForm, storedFiles, submitRequest } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// Promo codes on POST /api/quote-requests, through a real HTTP server, Payload and
// Postgres: a code is taken only from a live promotion with room left, in the lead's own
// transaction, counted exactly once; anything else is a 400 on the code with nothing kept.

const h = setupHarness({ http: true })

beforeEach(async () => {
  await emptyCollections(h.payload, [
    'lead-events',
    'leads',
    'customer-uploads',
    'payload-jobs',
    'promotions',
  ])
  fs.rmSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads'), { recursive: true, force: true })
})

async function leads() {
  const { docs } = await h.payload.find({ collection: 'leads', depth: 0, overrideAccess: true, sort: 'id' })
  return docs
}

const usage = async (id: number) => (await row(h.payload, 'promotions', id))?.usageCount

async function expectRefused(
  res: { status: number; body: { fieldErrors?: Record<string, string> } },
  message: string,
) {
  expect(res.status).toBe(400)
  expect(res.body.fieldErrors).toEqual({ promoCode: message })
  expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
  expect(storedFiles(TEST_DATA_DIR)).toEqual([])
}

describe('a valid code', () => {
  it('links the promotion, keeps a snapshot of its offer and counts one use; case and spaces do not matter', async () => {
    const promo = await seedPromotion(h.payload, {
      discountCode: 'FALL15',
      discountType: 'percentage',
      discountValue: 15,
      minimumAmount: 200,
      usageLimit: 10,
    })
    const res = await submitRequest(h.http, requestForm({ promoCode: '  fall15 ' }))
    expect(res.status).toBe(201)
    const [lead] = await leads()
    expect(lead).toMatchObject({
      promotion: promo.id,
      promoCode: 'FALL15',
      promoDiscountType: 'percentage',
      promoDiscountValue: 15,
      promoMinimumAmount: 200,
    })
    expect(await usage(promo.id)).toBe(1)
  })

  it('without a usage limit keeps counting', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'ALWAYS', usageLimit: null })
    await h.payload.update({ collection: 'promotions', id: promo.id, data: { usageCount: 500 } })
    expect((await submitRequest(h.http, requestForm({ promoCode: 'always' }))).status).toBe(201)
    expect(await usage(promo.id)).toBe(501)
  })

  it('an empty code is no code: the lead has no promotion and nothing is counted', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'FALL15' })
    expect((await submitRequest(h.http, requestForm({ promoCode: '   ' }))).status).toBe(201)
    expect((await leads())[0]).toMatchObject({ promotion: null, promoCode: null })
    expect(await usage(promo.id)).toBe(0)
  })

  it('a replay with the same submission key counts nothing', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'FALL15', usageLimit: 10 })
    const key = 'replay-key-0123456789'
    const first = await submitRequest(h.http, requestForm({ promoCode: 'FALL15' }), { key })
    const again = await submitRequest(h.http, requestForm({ promoCode: 'FALL15' }), { key })
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await leads()).toHaveLength(1)
    expect(await usage(promo.id)).toBe(1)
  })

  it('the same submission sent five times at once makes one lead and counts one use', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'FALL15', usageLimit: 10 })
    const key = 'burst-key-0123456789'
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => submitRequest(h.http, requestForm({ promoCode: 'FALL15' }), { key })),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201])
    expect(await leads()).toHaveLength(1)
    expect(await usage(promo.id)).toBe(1)
  })

  it('the snapshot outlives edits and deletion of the promotion; the link goes null', async () => {
    const promo = await seedPromotion(h.payload, {
      discountCode: 'WELCOME20',
      discountType: 'fixed_amount',
      discountValue: 20,
      minimumAmount: 0,
    })
    expect((await submitRequest(h.http, requestForm({ promoCode: 'welcome20' }))).status).toBe(201)
    await h.payload.update({
      collection: 'promotions',
      id: promo.id,
      data: { discountValue: 5, discountCode: 'OTHER' },
    })
    const snapshot = {
      promoCode: 'WELCOME20',
      promoDiscountType: 'fixed_amount',
      promoDiscountValue: 20,
      promoMinimumAmount: 0,
    }
    expect((await leads())[0]).toMatchObject({ promotion: promo.id, ...snapshot })
    await h.payload.delete({ collection: 'promotions', id: promo.id })
    expect((await leads())[0]).toMatchObject({ promotion: null, ...snapshot })
  })
})

describe('a refused code: 400 on the code, nothing saved, nothing counted', () => {
  it('unknown', async () => {
    await seedPromotion(h.payload, { discountCode: 'FALL15' })
    await expectRefused(await submitRequest(h.http, requestForm({ promoCode: 'SPRING99' })), PROMO_INVALID)
  })

  it('inactive', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'FALL15', isActive: false })
    await expectRefused(await submitRequest(h.http, requestForm({ promoCode: 'FALL15' })), PROMO_INVALID)
    expect(await usage(promo.id)).toBe(0)
  })

  it('expired', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'FALL15', endDate: PAST })
    await expectRefused(await submitRequest(h.http, requestForm({ promoCode: 'FALL15' })), PROMO_INVALID)
    expect(await usage(promo.id)).toBe(0)
  })

  it('not yet ended is fine', async () => {
    await seedPromotion(h.payload, { discountCode: 'FALL15', endDate: FUTURE })
    expect((await submitRequest(h.http, requestForm({ promoCode: 'FALL15' }))).status).toBe(201)
  })

  it('used up', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'FALL15', usageLimit: 3 })
    await h.payload.update({ collection: 'promotions', id: promo.id, data: { usageCount: 3 } })
    await expectRefused(await submitRequest(h.http, requestForm({ promoCode: 'fall15' })), PROMO_USED_UP)
    expect(await usage(promo.id)).toBe(3)
  })

  it('longer than any code', async () => {
    await expectRefused(
      await submitRequest(h.http, requestForm({ promoCode: 'X'.repeat(500) })),
      PROMO_INVALID,
    )
  })

  it('with photos: no photo is kept', async () => {
    await expectRefused(
      await submitRequest(
        h.http,
        requestForm({ promoCode: 'NOPE' }, [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]),
      ),
      PROMO_INVALID,
    )
  })
})

describe('the limit under concurrency', () => {
  it('limit 3, 12 requests with photos at once: exactly 3 leads hold it, the rest are told it is used up, no stray file', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'RUSH', usageLimit: 3 })
    const png = await image('png')
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        submitRequest(
          h.http,
          requestForm({ promoCode: 'rush', firstName: `N${i}` }, [
            { name: 'a.png', type: 'image/png', bytes: png },
          ]),
        ),
      ),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(9)
    for (const a of refused) expect(a.body.fieldErrors).toEqual({ promoCode: PROMO_USED_UP })
    const saved = await leads()
    expect(saved).toHaveLength(3)
    expect(saved.every((l) => l.promotion === promo.id)).toBe(true)
    expect(await usage(promo.id)).toBe(3)
    expect(await h.payload.count({ collection: 'customer-uploads' })).toMatchObject({ totalDocs: 3 })
    // one file per kept photo (too small for a thumbnail): the refused requests' are gone
    expect(storedFiles(TEST_DATA_DIR)).toHaveLength(3)
  })
})

describe("the visit's source", () => {
  it('stored capped at 100 characters, without control characters, the referrer host in lower case', async () => {
    const res = await submitRequest(
      h.http,
      requestForm({
        utmSource: 'flyer',
        utmMedium: 'print\u0000',
        utmCampaign: 'c'.repeat(300),
        referrerHost: 'WWW.Google.COM',
      }),
    )
    expect(res.status).toBe(201)
    expect((await leads())[0]).toMatchObject({
      utmSource: 'flyer',
      utmMedium: 'print',
      utmCampaign: 'c'.repeat(100),
      referrerHost: 'www.google.com',
    })
  })

  it('the public cannot set any of these fields through the leads API, nor read them', async () => {
    const promo = await seedPromotion(h.payload, { discountCode: 'FALL15' })
    const res = await h.http.post('/api/leads', {
      json: {
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '512 555 0100',
        email: 'ann@example.com',
        description: 'Scuffed rim',
        serviceType: 'rim_rash',
        promotion: promo.id,
        promoCode: 'FALL15',
        promoDiscountValue: 99,
        utmSource: 'forged',
      },
      headers: { 'X-Forwarded-For': '198.51.100.77' },
    })
    expect(res.status).toBe(201)
    expect((await leads())[0]).toMatchObject({
      promotion: null,
      promoCode: null,
      promoDiscountValue: null,
      utmSource: null,
    })
    expect(await usage(promo.id)).toBe(0)
    expect((await h.http.get(`/api/leads/${res.body.doc.id}`)).status).toBe(403)
  })
})
