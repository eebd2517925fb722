import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { UNREADABLE_PHONE } from '@/lib/erase-request'
import { TEXT_WEBHOOKS } from '@/server/texts/provider'
import { inboundTextParams } from '@/server/texts/simulate'

import { phoneJpeg } from '../helpers/request-fixtures'
import { startS3Server } from '../helpers/s3-server'
import { postWebhook } from '../helpers/text-webhooks'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'
import { eraseListed, tablesHolding } from '../helpers/erase'

// A customer who only ever texted is erased by their phone number as the owner types it: the
// leads their number started (found by its E.164 form), the texts both ways (the owner's alert
// about them and the number's texts that reached no lead included), their photos in the bucket,
// the timeline; another customer's texted lead stays whole.

const BUCKET = 'curbside-erase-texts'
const s3 = await startS3Server(BUCKET)
process.env.S3_BUCKET = BUCKET

const { setupHarness } = await import('../helpers/harness')
const h = setupHarness({ http: true })
let fake: FakeTwilio

const CUSTOMER = '+15125550188'
const OTHER = '+15125550199'
const OWNER = '+15125550101'
// What the customer's number, words and the owner's reply could leave behind.
const NEEDLES = ['5125550188', '555-0188', 'kestrelmoor', 'thornquist']

withFakeTwilio((started) => (fake = started))

beforeAll(async () => {
  await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: OWNER } })
})

afterAll(async () => {
  await s3.remove()
})

const receive = (from: string, body: string, photo?: Buffer) =>
  postWebhook(
    h.http,
    TEXT_WEBHOOKS.inbound,
    inboundTextParams({
      accountSid: fake.accountSid,
      from,
      to: fake.from,
      body,
      media: photo ? [{ url: fake.addMedia(photo, 'image/jpeg'), contentType: 'image/jpeg' }] : [],
    }),
    { token: fake.authToken },
  )
const runJobs = () => h.payload.jobs.run({ silent: true, limit: 100 })
const erase = (json: unknown) => h.http.post('/api/leads/erase', { json, session: h.sessionOf('staff') })
const leadOf = async (phone: string) =>
  (await h.payload.find({ collection: 'leads', where: { phone: { equals: phone } }, depth: 0 })).docs[0]
const count = async (collection: 'text-messages' | 'customer-uploads' | 'lead-events' | 'erasures') =>
  (await h.payload.count({ collection, overrideAccess: true })).totalDocs

describe('erasing a customer who only texted', () => {
  it('finds them by their phone however typed; their texts, photos and timeline go; others stay', async () => {
    // HELP before any lead: a text in and its answer that no lead holds.
    expect((await receive(CUSTOMER, 'HELP')).status).toBe(200)
    expect((await receive(CUSTOMER, 'Bent rim, I am at 9 Kestrelmoor Lane', await phoneJpeg())).status).toBe(
      200,
    )
    await runJobs()
    const lead = await leadOf(CUSTOMER)
    expect(lead.photos).toHaveLength(1)
    const theirKeys = s3.keys('customer-uploads/')
    expect(theirKeys.length).toBeGreaterThan(0)
    // The owner's reply from the lead's page.
    const reply = await h.http.post(`/api/leads/${lead.id}/text`, {
      session: h.sessionOf('staff'),
      body: new URLSearchParams({ text: 'Thanks, Thornquist Tires will call you.' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    })
    expect(reply.status).toBe(201)

    expect((await receive(OTHER, 'Curb rash on my Civic', await phoneJpeg())).status).toBe(200)
    await runJobs()
    const other = await leadOf(OTHER)
    const otherKeys = s3.keys('customer-uploads/').filter((k) => !theirKeys.includes(k))
    expect(otherKeys.length).toBeGreaterThan(0)
    const otherTexts = await h.payload.find({
      collection: 'text-messages',
      // The owner's alert about them is filed under their lead.
      where: { or: [{ fromNumber: { equals: OTHER } }, { lead: { equals: other.id } }] },
      depth: 0,
      pagination: false,
    })
    expect(await tablesHolding(h.payload, NEEDLES)).not.toEqual([])

    // Bad input changes nothing.
    const before = await Promise.all([
      count('text-messages'),
      count('customer-uploads'),
      count('lead-events'),
    ])
    for (const phone of ['512-555-01BB', '55-01', '+1 512 555 0188 0188 0188 88']) {
      const res = await erase({ phone, confirm: true })
      expect([res.status, res.body.errors[0].message]).toEqual([400, UNREADABLE_PHONE])
    }
    // Beside an e-mail too: the number the owner meant would be left.
    const withEmail = await erase({ email: lead.email, phone: 'call me', confirm: true })
    expect([withEmail.status, withEmail.body.errors[0].message]).toEqual([400, UNREADABLE_PHONE])
    const unknown = await erase({ phone: '(512) 555-0177', confirm: true })
    expect([unknown.status, unknown.body.errors[0].message]).toEqual([
      404,
      'No lead has that e-mail address or phone number.',
    ])
    expect(
      await Promise.all([count('text-messages'), count('customer-uploads'), count('lead-events')]),
    ).toEqual(before)
    expect(await count('erasures')).toBe(0)

    // Typed as the customer would say it: no country code, the digits differ from the lead's.
    const listed = await erase({ phone: '(512) 555-0188', confirm: true })
    expect(listed.body.leads.map((l: { id: number }) => l.id)).toEqual([lead.id])
    const res = await eraseListed(h.http, h.sessionOf('staff'), { phone: '(512) 555-0188' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ erasedLeads: 1, removedPhotos: 1, notListed: 0 })

    expect(await tablesHolding(h.payload, NEEDLES)).toEqual([])
    expect(s3.keys('customer-uploads/')).toEqual(otherKeys)
    const left = await h.payload.find({
      collection: 'text-messages',
      depth: 0,
      pagination: false,
      sort: 'id',
    })
    expect(left.docs.map((t) => t.id).sort()).toEqual(otherTexts.docs.map((t) => t.id).sort())
    expect(
      await h.payload.count({ collection: 'lead-events', where: { lead: { equals: lead.id } } }),
    ).toEqual({
      totalDocs: 0,
    })
    expect(await h.payload.findByID({ collection: 'leads', id: lead.id, depth: 0 })).toMatchObject({
      firstName: 'Erased',
      photos: [],
      erasedAt: expect.any(String),
    })
    // The other customer's lead, texts and photo are untouched.
    expect(await h.payload.findByID({ collection: 'leads', id: other.id, depth: 0 })).toMatchObject({
      phone: OTHER,
      description: 'Curb rash on my Civic',
      photos: other.photos,
      erasedAt: null,
    })
    expect(otherTexts.docs.map((t) => t.direction).sort()).toEqual(['in', 'out'])
  })
})
