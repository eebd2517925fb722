import fs from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { createLocalReq } from 'payload'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'

import { TEST_DATA_DIR } from '../helpers/env'
import { type Doc, setupHarness } from '../helpers/harness'
import { clearRateLimits, emptyCollections } from '../helpers/payload'
import { CAMERA_SERIAL, GPS_INFO_TAG, phoneJpeg } from '../helpers/request-fixtures'
import { postWebhook } from '../helpers/text-webhooks'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'

import { TEXTS_PER_NUMBER } from '@/collections/TextMessages/endpoints/webhooks'
import { sendText } from '@/collections/TextMessages/sendText'
import { leadAdminPath } from '@/lib/server-url'
import { TEXT_LEAD_NAME, phoneMatchKey } from '@/lib/text-messages'
import { TEXT_WEBHOOKS } from '@/server/texts/provider'
import { inboundTextParams, newMessageSid, statusCallbackParams } from '@/server/texts/simulate'

// Texts through the provider's webhooks and the official SDK, against a local fake of
// Twilio's HTTP API (tests/helpers/twilio-server.ts): signatures, one message per provider
// id, leads started and joined, photos cleaned in the job queue, STOP/START/HELP, delivery
// callbacks and the owner's alert, sent once however many runners.

const h = setupHarness({ http: true, personas: false })
let fake: FakeTwilio
const CUSTOMER = '+15125550177'

const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows
const runJobs = () => h.payload.jobs.run({ silent: true })
const all = async (
  collection: 'text-messages' | 'leads' | 'text-opt-outs' | 'lead-events' | 'payload-jobs',
) =>
  (await h.payload.find({ collection, depth: 0, pagination: false, sort: 'id', overrideAccess: true }))
    .docs as Doc[]

const formLeadData = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  phone: '(512) 555-0177',
  email: 'maria@example.com',
  description: 'Curb rash',
  serviceType: 'rim_rash',
  status: 'new',
} as const

const inbound = (fields: {
  from?: string
  body?: string
  sid?: string
  media?: { url: string; contentType: string }[]
}) => inboundTextParams({ accountSid: fake.accountSid, from: CUSTOMER, to: fake.from, ...fields })
const receive = (params: Record<string, string>) =>
  postWebhook(h.http, TEXT_WEBHOOKS.inbound, params, { token: fake.authToken })
const status = (params: Record<string, string>) =>
  postWebhook(h.http, TEXT_WEBHOOKS.status, params, { token: fake.authToken })

withFakeTwilio((started) => (fake = started))

beforeEach(async () => {
  fake.reset()
  await emptyCollections(h.payload, [
    'text-messages',
    'text-opt-outs',
    'lead-events',
    'leads',
    'customer-uploads',
    'payload-jobs',
  ])
  await db().execute(sql`DELETE FROM email_deliveries`)
  await clearRateLimits(h.payload)
  await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '' } })
})

describe('the inbound webhook', () => {
  it('refuses a forged or missing signature with 403 and stores nothing', async () => {
    const params = inbound({ body: 'Hi, my rim is curbed' })
    const { signedWebhook } = await import('@/server/texts/simulate')
    const forSelf = signedWebhook(fake.authToken, TEXT_WEBHOOKS.inbound, params)
    const attempts = [
      // no signature at all
      () => postWebhook(h.http, TEXT_WEBHOOKS.inbound, params, { token: fake.authToken, signature: null }),
      // signed with another account's token
      () => postWebhook(h.http, TEXT_WEBHOOKS.inbound, params, { token: 'not-the-token' }),
      // signed for the address the request reached, not the public one
      async () => {
        const { getExpectedTwilioSignature } = (await import('twilio')).default
        const signature = getExpectedTwilioSignature(
          fake.authToken,
          `${h.http.baseURL}${TEXT_WEBHOOKS.inbound}`,
          params,
        )
        return postWebhook(h.http, TEXT_WEBHOOKS.inbound, params, { token: fake.authToken, signature })
      },
      // a parameter changed after signing
      () =>
        h.http.post(TEXT_WEBHOOKS.inbound, {
          body: forSelf.body.replace('curbed', 'fine'),
          headers: forSelf.headers,
          origin: null,
        }),
      // the provider's signature, for another account
      () => receive({ ...params, AccountSid: `AC${'1'.repeat(32)}` }),
    ]
    for (const attempt of attempts) {
      const res = await attempt()
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { message: 'Forbidden.' } })
    }
    expect(await all('text-messages')).toEqual([])
    expect(await all('leads')).toEqual([])
    expect(await all('payload-jobs')).toEqual([])
    expect(await rows(sql`SELECT key FROM rate_limit_points`)).toEqual([])

    const res = await receive(params)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/)
    expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>')
  })

  it('starts a lead from a text, with the phone, the words and honest placeholders', async () => {
    const res = await receive(inbound({ body: 'Hi, curbed my front rim on Lamar. Can you fix it Friday?' }))
    expect(res.status).toBe(200)
    const [lead] = await all('leads')
    expect(lead).toMatchObject({
      ...TEXT_LEAD_NAME,
      phone: CUSTOMER,
      email: 'text-15125550177@no-email.invalid',
      description: 'Hi, curbed my front rim on Lamar. Can you fix it Friday?',
      serviceType: 'wheel_restoration',
      status: 'new',
      channel: 'text',
    })
    const [message] = await all('text-messages')
    expect(message).toMatchObject({
      direction: 'in',
      lead: lead.id,
      fromNumber: CUSTOMER,
      toNumber: fake.from,
      status: 'received',
      body: 'Hi, curbed my front rim on Lamar. Can you fix it Friday?',
    })
    // The owner's e-mail; no confirmation to the placeholder address, no alert without a number.
    const jobs = await all('payload-jobs')
    expect(jobs.map((j) => [j.taskSlug, j.input.audience ?? null])).toEqual([['sendQuoteEmail', 'business']])
    await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '+15125550111' } })
    await receive(inbound({ from: '+15125550144', body: 'Another one' }))
    expect((await all('payload-jobs')).map((j) => j.taskSlug).sort()).toEqual([
      'sendLeadAlert',
      'sendQuoteEmail',
      'sendQuoteEmail',
    ])
  })

  it('stores a text once, however often and however concurrently the provider delivers it', async () => {
    const params = inbound({ body: 'Two rims, photos coming' })
    expect((await receive(params)).status).toBe(200)
    const again = await Promise.all([receive(params), receive(params)])
    expect(again.map((r) => r.status)).toEqual([200, 200])
    expect(await all('text-messages')).toHaveLength(1)
    expect(await all('leads')).toHaveLength(1)
    expect(await all('payload-jobs')).toHaveLength(1)

    // Three different texts at once from a new number make one lead.
    const from = '+15125550188'
    await Promise.all(['one', 'two', 'three'].map((body) => receive(inbound({ from, body }))))
    const leads = (await all('leads')).filter((l) => l.phone === from)
    expect(leads).toHaveLength(1)
    const messages = (await all('text-messages')).filter((m) => m.fromNumber === from)
    expect(messages.map((m) => m.lead)).toEqual([leads[0].id, leads[0].id, leads[0].id])
  })

  it("joins the number's open lead (a form's phone matched digit by digit), else starts one", async () => {
    const formLead = await h.payload.create({
      collection: 'leads',
      data: {
        firstName: 'Maria',
        lastName: 'Gonzalez',
        phone: '(512) 555-0177',
        email: 'maria@example.com',
        description: 'Curb rash',
        serviceType: 'rim_rash',
        status: 'new',
      },
    })
    await receive(inbound({ body: 'Here are the photos you asked for' }))
    expect((await all('text-messages'))[0].lead).toBe(formLead.id)
    expect(await all('leads')).toHaveLength(1)

    await h.payload.update({ collection: 'leads', id: formLead.id, data: { lostReason: 'declined' } })
    await receive(inbound({ body: 'Changed my mind, still available?' }))
    const leads = await all('leads')
    expect(leads).toHaveLength(2)
    expect((await all('text-messages'))[1].lead).toBe(leads[1].id)
  })

  it("finds the number's lead by the indexed E.164 key, however the form's phone was typed", async () => {
    const typed = ['(512) 555-0171', '512.555.0172', '1-512-555-0173', '+1 512 555 0174', ' 5125550175 ']
    const leads = []
    for (const [i, phone] of typed.entries()) {
      leads.push(
        await h.payload.create({
          collection: 'leads',
          data: { ...formLeadData, phone, email: `typed${i}@example.com` },
        }),
      )
    }
    expect(leads.map((l) => l.phoneE164)).toEqual(typed.map((_, i) => `+1512555017${i + 1}`))
    for (const i of typed.keys()) await receive(inbound({ from: `+1512555017${i + 1}`, body: `text ${i}` }))
    const messages = await all('text-messages')
    expect(messages.map((m) => m.lead)).toEqual(leads.map((l) => l.id))
    expect(await all('leads')).toHaveLength(typed.length)

    // A staff edit of the phone moves the key; an edit of anything else keeps it.
    const edited = await h.payload.update({
      collection: 'leads',
      id: leads[0].id,
      data: { phone: '512 555 0199' },
    })
    expect(edited.phoneE164).toBe('+15125550199')
    const other = await h.payload.update({
      collection: 'leads',
      id: leads[0].id,
      data: { status: 'contacted' },
    })
    expect(other.phoneE164).toBe('+15125550199')

    // The key decides, not the phone: without it, the number's lead is not found.
    await db().execute(sql`UPDATE leads SET phone_e164 = NULL WHERE id = ${leads[1].id}`)
    await receive(inbound({ from: '+15125550172', body: 'again' }))
    expect(await all('leads')).toHaveLength(typed.length + 1)
    const indexes = await rows<{ indexdef: string }>(
      sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'leads' AND indexdef LIKE '%(phone_e164)%'`,
    )
    expect(indexes).toHaveLength(1)
  })

  it('refuses a flood from one number (429) without storing it', async () => {
    for (let i = 0; i < TEXTS_PER_NUMBER.max; i++)
      expect((await receive(inbound({ body: `text ${i}` }))).status).toBe(200)
    const res = await receive(inbound({ body: 'one too many' }))
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await all('text-messages')).toHaveLength(TEXTS_PER_NUMBER.max)
    // Another number is not held back.
    expect((await receive(inbound({ from: '+15125550199', body: 'hello' }))).status).toBe(200)
  })

  it('refuses a body over 64 KB (413) and one that is not a form (415)', async () => {
    const big = await receive(inbound({ body: 'x'.repeat(70 * 1024) }))
    expect(big.status).toBe(413)
    const json = await h.http.post(TEXT_WEBHOOKS.inbound, { json: inbound({ body: 'hi' }), origin: null })
    expect(json.status).toBe(415)
    expect(await all('text-messages')).toEqual([])
  })
})

describe("a text's photos", () => {
  const storedFile = (filename: string) =>
    fs.readFileSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads', filename))

  it('are fetched with the provider credentials and cleaned like the form: no GPS; a bad one dropped with a note', async () => {
    const original = await phoneJpeg()
    expect((await sharp(original).metadata()).exif!.includes(GPS_INFO_TAG)).toBe(true)
    const photo = fake.addMedia(original, 'image/jpeg')
    const notAnImage = fake.addMedia(Buffer.from('just some text, not a photo'), 'image/jpeg')
    const card = fake.addMedia(Buffer.from('BEGIN:VCARD\nEND:VCARD\n'), 'text/vcard')
    const params = inbound({
      body: 'My rim',
      media: [
        { url: photo, contentType: 'image/jpeg' },
        { url: notAnImage, contentType: 'image/jpeg' },
        { url: card, contentType: 'text/vcard' },
      ],
    })
    expect((await receive(params)).status).toBe(200)
    // Nothing fetched while the webhook answered: the job queue does it.
    expect(fake.downloads.size).toBe(0)
    const [job] = (await all('payload-jobs')).filter((j) => j.taskSlug === 'fetchTextPhotos')
    // Run twice at once, as two runners would: the photos are stored once.
    await h.payload.jobs.queue({ task: 'fetchTextPhotos', input: job.input })
    await Promise.all([runJobs(), runJobs()])

    const [lead] = (await h.payload.find({ collection: 'leads', depth: 1, overrideAccess: true })).docs
    expect(lead.photos).toHaveLength(1)
    const stored = storedFile((lead.photos![0] as { filename: string }).filename)
    const meta = await sharp(stored).metadata()
    expect(meta.exif).toBeUndefined()
    expect(stored.includes(Buffer.from(CAMERA_SERIAL))).toBe(false)
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false)
    expect([meta.width, meta.height]).toEqual([40, 60])

    const [message] = await all('text-messages')
    expect(message).toMatchObject({ body: 'My rim', mediaCount: 3, media: [(lead.photos![0] as Doc).id] })
    expect(message.mediaStoredAt).toBeTruthy()
    expect(await h.payload.count({ collection: 'customer-uploads' })).toMatchObject({ totalDocs: 1 })
    const notes = (await all('lead-events')).filter((e) => e.kind === 'photo_dropped').map((e) => e.text)
    expect(notes.sort()).toEqual([
      `Photo 2 of the text from ${CUSTOMER} is not an image we can read (JPEG, PNG, WebP, GIF, HEIC or AVIF).`,
      `Photo 3 of the text from ${CUSTOMER} is a file of type text/vcard, not a photo.`,
    ])
    // Only the two declared images were asked for (by each runner; stored by one).
    expect(fake.downloads.size).toBe(2)
  })

  it('a photo the provider no longer has is dropped with a note; the others are kept', async () => {
    const photo = fake.addMedia(await phoneJpeg(), 'image/jpeg')
    const gone = `${photo.slice(0, -34)}ME${'0'.repeat(32)}`
    await receive(
      inbound({
        body: 'photo',
        media: [
          { url: gone, contentType: 'image/jpeg' },
          { url: photo, contentType: 'image/jpeg' },
        ],
      }),
    )
    await runJobs()
    const [lead] = await all('leads')
    expect(lead.photos).toHaveLength(1)
    const notes = (await all('lead-events')).filter((e) => e.kind === 'photo_dropped').map((e) => e.text)
    expect(notes).toEqual([`Photo 1 of the text from ${CUSTOMER} is no longer stored by the provider.`])
  })
})

describe("a lead's texts", () => {
  it('go with the lead when it is erased or deleted, their photos too', async () => {
    const photo = fake.addMedia(await phoneJpeg(), 'image/jpeg')
    await receive(inbound({ body: 'My rim', media: [{ url: photo, contentType: 'image/jpeg' }] }))
    await runJobs()
    const [lead] = await all('leads')
    expect(await h.payload.count({ collection: 'customer-uploads' })).toMatchObject({ totalDocs: 1 })
    const { eraseLeads } = await import('@/collections/Leads/eraseLeads')
    await eraseLeads(await createLocalReq({}, h.payload), [lead.id], { by: null, reason: 'request' })
    expect(await all('text-messages')).toEqual([])
    expect(await h.payload.count({ collection: 'customer-uploads' })).toMatchObject({ totalDocs: 0 })
    // Nor does its number find it any more.
    expect(await rows(sql`SELECT phone_e164 FROM leads WHERE id = ${lead.id}`)).toEqual([
      { phone_e164: null },
    ])

    await receive(inbound({ from: '+15125550166', body: 'Another customer' }))
    const second = (await all('leads')).find((l) => l.phone === '+15125550166')!
    await h.payload.delete({ collection: 'leads', id: second.id })
    expect(await all('text-messages')).toEqual([])
  })
})

describe('stop, start and help', () => {
  it('each stop word, in any case, stops every text to the number until START', async () => {
    const words = ['STOP', 'stopall', 'Unsubscribe', 'cancel', 'End', 'QUIT.']
    for (const [i, word] of words.entries()) {
      await receive(inbound({ from: `+1512555020${i}`, body: ` ${word} ` }))
    }
    expect((await all('text-opt-outs')).map((o) => o.phone).sort()).toEqual(
      words.map((_, i) => `+1512555020${i}`),
    )
    // A stop word starts no lead.
    expect(await all('leads')).toEqual([])

    const refused = await sendText(h.payload, { to: '(512) 555-0200', body: 'Your quote is ready' })
    expect(refused).toEqual({ status: 'opted-out', to: '+15125550200' })
    expect(fake.sent).toEqual([])

    await receive(inbound({ from: '+15125550200', body: 'start' }))
    expect((await all('text-opt-outs')).map((o) => o.phone)).not.toContain('+15125550200')
    const sent = await sendText(h.payload, { to: '+15125550200', body: 'Your quote is ready' })
    expect(sent.status).toBe('sent')
    expect(fake.sent.map((m) => [m.to, m.body])).toEqual([['+15125550200', 'Your quote is ready']])
  })

  it("the owner's alert honours an opt-out too, and says so on the timeline", async () => {
    await receive(inbound({ from: '+15125550111', body: 'STOP' }))
    await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '+15125550111' } })
    await receive(inbound({ body: 'New customer here' }))
    await runJobs()
    expect(fake.sent).toEqual([])
    const [lead] = await all('leads')
    const failed = (await all('lead-events')).filter((e) => e.kind === 'text_failed' && e.lead === lead.id)
    expect(failed.map((e) => e.text)).toEqual([
      'Text alert to the business: +15125550111 has opted out of texts',
    ])
  })

  it('HELP is answered with the business name and phone', async () => {
    await receive(inbound({ body: 'help' }))
    await runJobs()
    expect(fake.sent).toHaveLength(1)
    expect(fake.sent[0]).toMatchObject({ to: CUSTOMER, from: fake.from })
    expect(fake.sent[0].body).toBe(
      'Curbside Rim Co.: questions or a quote? Call or text (512) 555-0142. Msg & data rates may apply. Reply STOP to opt out.',
    )
    expect(await all('leads')).toEqual([])
  })

  it('HELP is answered even from a number that opted out, which still gets nothing else', async () => {
    await receive(inbound({ body: 'STOP' }))
    await receive(inbound({ body: 'HELP' }))
    await runJobs()
    expect(fake.sent.map((m) => [m.to, m.body])).toEqual([
      [
        CUSTOMER,
        'Curbside Rim Co.: questions or a quote? Call or text (512) 555-0142. Msg & data rates may apply. Reply STOP to opt out.',
      ],
    ])
    expect(await all('text-opt-outs')).toMatchObject([{ phone: CUSTOMER }])
    expect(await sendText(h.payload, { to: CUSTOMER, body: 'Your quote is ready' })).toEqual({
      status: 'opted-out',
      to: CUSTOMER,
    })
    expect(fake.sent).toHaveLength(1)
  })

  it("the provider's unsubscribed error (21610) on a send counts as STOP", async () => {
    fake.unsubscribe('+15125550222')
    const outcome = await sendText(h.payload, { to: '+15125550222', body: 'Your visit is tomorrow' })
    expect(outcome).toMatchObject({ status: 'refused', code: 21610 })
    expect(await all('text-opt-outs')).toMatchObject([{ phone: '+15125550222', reason: 'provider' }])
    expect(await all('text-messages')).toMatchObject([
      {
        direction: 'out',
        status: 'failed',
        errorCode: 21610,
        errorMessage: 'Attempt to send to unsubscribed recipient',
      },
    ])
    // And nothing more goes to that number.
    expect(await sendText(h.payload, { to: '+15125550222', body: 'Again' })).toMatchObject({
      status: 'opted-out',
    })
    expect(fake.sent).toEqual([])
  })
})

describe('delivery callbacks', () => {
  const callback = (sid: string, messageStatus: string, errorCode?: number) =>
    status(
      statusCallbackParams({
        accountSid: fake.accountSid,
        sid,
        status: messageStatus,
        to: CUSTOMER,
        from: fake.from,
        errorCode,
      }),
    )

  it('move a text forward only, whatever their order; a failure is recorded with why', async () => {
    await receive(inbound({ body: 'Quote please' }))
    const [lead] = await all('leads')
    const outcome = await sendText(h.payload, { to: CUSTOMER, body: 'Your quote: $250', lead: lead.id })
    if (outcome.status !== 'sent') throw new Error(outcome.status)
    expect(fake.sent[0].statusCallback).toBe(
      `http://localhost:3000/api/sms/status?message=${outcome.messageId}`,
    )
    const message = async () => (await all('text-messages')).find((m) => m.direction === 'out')!

    expect((await callback(outcome.sid, 'sent')).status).toBe(204)
    expect((await message()).status).toBe('sent')
    await callback(outcome.sid, 'delivered')
    await callback(outcome.sid, 'sent')
    expect((await message()).status).toBe('delivered')

    const second = await sendText(h.payload, { to: CUSTOMER, body: 'Are you there?', lead: lead.id })
    if (second.status !== 'sent') throw new Error(second.status)
    await callback(second.sid, 'undelivered', 30003)
    await callback(second.sid, 'undelivered', 30003)
    const failed = (await all('text-messages')).find((m) => m.id === second.messageId)!
    expect(failed).toMatchObject({ status: 'undelivered', errorCode: 30003 })
    // Said by the text itself on the lead's conversation, not by an event besides.
    expect((await all('lead-events')).filter((e) => e.kind === 'text_failed')).toEqual([])
  })

  it('a callback that outruns the answer to the send (no provider id stored yet) is kept', async () => {
    const early: number[] = []
    fake.beforeAnswer = async (sent) => {
      const address = new URL(sent.statusCallback!)
      const params = statusCallbackParams({
        accountSid: fake.accountSid,
        sid: sent.sid,
        status: 'delivered',
        to: sent.to,
        from: sent.from,
      })
      const res = await postWebhook(h.http, `${address.pathname}${address.search}`, params, {
        token: fake.authToken,
      })
      early.push(res.status)
    }
    const outcome = await sendText(h.payload, { to: CUSTOMER, body: 'Your quote: $250' })
    if (outcome.status !== 'sent') throw new Error(outcome.status)
    expect(early).toEqual([204])
    // The answer's "queued" came after "delivered" and does not move it back.
    expect(await all('text-messages')).toMatchObject([
      { id: outcome.messageId, providerMessageId: outcome.sid, status: 'delivered' },
    ])
    // Later callbacks find it by its provider id, as before.
    await callback(outcome.sid, 'undelivered', 30003)
    expect((await all('text-messages'))[0]).toMatchObject({ status: 'undelivered', errorCode: 30003 })
  })

  it('21610 in a callback records an opt-out; a forged callback changes nothing', async () => {
    const outcome = await sendText(h.payload, { to: CUSTOMER, body: 'Reminder' })
    if (outcome.status !== 'sent') throw new Error(outcome.status)
    const forged = await postWebhook(
      h.http,
      TEXT_WEBHOOKS.status,
      statusCallbackParams({
        accountSid: fake.accountSid,
        sid: outcome.sid,
        status: 'delivered',
        to: CUSTOMER,
        from: fake.from,
      }),
      { token: 'forged' },
    )
    expect(forged.status).toBe(403)
    expect((await all('text-messages'))[0].status).toBe('queued')
    await callback(outcome.sid, 'failed', 21610)
    expect(await all('text-opt-outs')).toMatchObject([{ phone: CUSTOMER, reason: 'provider' }])
  })
})

describe("the owner's alert", () => {
  it('texts each notification number once per lead, with two runners at once', async () => {
    await h.payload.updateGlobal({
      slug: 'site-settings',
      data: { notificationPhones: '+15125550111, (512) 555-0112' },
    })
    const lead = await h.payload.create({
      collection: 'leads',
      data: {
        firstName: 'Dana',
        lastName: 'Smith',
        phone: '(512) 555-0190',
        email: 'dana@example.com',
        description: 'Bent rim from a pothole',
        serviceType: 'rim_restoration',
        status: 'new',
      },
    })
    // A second job for the same lead, as a second instance's queue would hold it.
    await h.payload.jobs.queue({ task: 'sendLeadAlert', input: { leadId: lead.id } })
    await Promise.all([runJobs(), runJobs()])
    expect(fake.sent.map((m) => m.to).sort()).toEqual(['+15125550111', '+15125550112'])
    expect(fake.sent[0].body).toBe(
      `New request: Bent, Powder Coating, or Cracked Rims from Dana Smith, (512) 555-0190: "Bent rim from a pothole"\nhttp://localhost:3000/admin/collections/leads/${lead.id}`,
    )
    const sent = (await all('lead-events')).filter((e) => e.kind === 'text_sent')
    expect(sent.map((e) => e.text).sort()).toEqual([
      'Text alert to the business (+15125550111)',
      'Text alert to the business (+15125550112)',
    ])
    // Filed under the lead it names, as the business's: deleting the lead takes them with it.
    const alerts = (await all('text-messages')).map((t) => [t.toNumber, t.lead, t.toBusiness])
    expect(alerts.sort()).toEqual([
      ['+15125550111', lead.id, true],
      ['+15125550112', lead.id, true],
    ])
    await h.payload.delete({ collection: 'leads', id: lead.id })
    expect(await all('text-messages')).toEqual([])
  })

  it('is retried when the provider is down, and still sent once', async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '+15125550111' } })
    fake.failNext(1)
    await receive(inbound({ body: 'Can you come today?' }))
    await runJobs()
    expect(fake.sent).toEqual([])
    const textEvents = async () => (await all('lead-events')).filter((e) => e.kind.startsWith('text_'))
    expect((await textEvents()).map((e) => e.kind)).toEqual(['text_failed'])
    await h.payload.db.updateMany({
      collection: 'payload-jobs',
      where: { completedAt: { exists: false } },
      data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    })
    await Promise.all([runJobs(), runJobs()])
    expect(fake.sent).toHaveLength(1)
    expect(fake.sent[0].body).toMatch(
      /^New text from \+15125550177: "Can you come today\?"\nhttp:\/\/localhost:3000\/admin\/collections\/leads\/\d+$/,
    )
  })

  it('refuses notification phones that are not numbers', async () => {
    await expect(
      h.payload.updateGlobal({
        slug: 'site-settings',
        data: { notificationPhones: '+15125550111, call me' },
      }),
    ).rejects.toThrow(/Notification phones/)
  })
})

describe('without a provider', () => {
  it('outgoing texts are captured in DATA_DIR/texts', async () => {
    const saved = { ...fake.env }
    for (const name of Object.keys(saved)) delete process.env[name]
    try {
      const outcome = await sendText(h.payload, { to: CUSTOMER, body: 'Captured, not sent' })
      expect(outcome.status).toBe('sent')
      const dir = path.join(TEST_DATA_DIR, 'texts')
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'))
      expect(files).toHaveLength(1)
      expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]), 'utf8'))).toMatchObject({
        to: CUSTOMER,
        from: '+15125550142',
        body: 'Captured, not sent',
      })
      expect(fake.sent).toEqual([])
    } finally {
      Object.assign(process.env, saved)
    }
  })

  it('webhooks are checked with the local token outside production', async () => {
    const saved = { ...fake.env }
    for (const name of Object.keys(saved)) delete process.env[name]
    try {
      const { LOCAL_ACCOUNT_SID, LOCAL_AUTH_TOKEN } = await import('@/server/texts/provider')
      const params = inboundTextParams({
        accountSid: LOCAL_ACCOUNT_SID,
        from: CUSTOMER,
        to: '+15125550142',
        body: 'hi',
        sid: newMessageSid(),
      })
      expect(
        (await postWebhook(h.http, TEXT_WEBHOOKS.inbound, params, { token: LOCAL_AUTH_TOKEN })).status,
      ).toBe(200)
      expect((await postWebhook(h.http, TEXT_WEBHOOKS.inbound, params, { token: 'other' })).status).toBe(403)
    } finally {
      Object.assign(process.env, saved)
    }
  })
})

describe('the migration', () => {
  it("lead_phone_e164 fills the key of the leads already there, by phoneMatchKey's rule", async () => {
    const phones = [
      '(512) 555-0171',
      '1.512.555.0172 ',
      '+44 20 7946 0958',
      '555-0173',
      'call me',
      '+1234567',
    ]
    for (const [i, phone] of phones.entries()) {
      const lead = await h.payload.create({
        collection: 'leads',
        data: { ...formLeadData, email: `old${i}@example.com` },
      })
      // As a lead from before the key was kept (and a phone the form would refuse today).
      await db().execute(sql`UPDATE leads SET phone = ${phone}, phone_e164 = NULL WHERE id = ${lead.id}`)
    }
    const { migrateDownAndUp } = await import('../helpers/migrations')
    await migrateDownAndUp(h.payload, 'lead_phone_e164')
    const keys = await rows<{ phone: string; phone_e164: string | null }>(
      sql`SELECT phone, phone_e164 FROM leads ORDER BY id`,
    )
    expect(keys.map((k) => k.phone_e164)).toEqual(phones.map((p) => phoneMatchKey(p)))
    expect(keys.map((k) => k.phone_e164)).toEqual([
      '+15125550171',
      '+15125550172',
      '+442079460958',
      null,
      null,
      null,
    ])
  })

  it('files the alerts stored before under their lead; those of a deleted lead go', async () => {
    const lead = await h.payload.create({ collection: 'leads', data: formLeadData })
    const gone = lead.id + 1000
    // The link as the alert job wrote it then (the leads tab's old address): the migration reads that.
    const link = (id: number) =>
      `New request: Rim Rash from Maria Gonzalez\nhttp://localhost:3000/admin?tab=leads&lead=${id}`
    // As the alert job stored them before: under no lead. Beside them, texts that are no alerts.
    await db().execute(sql`
      INSERT INTO text_messages (direction, from_number, to_number, body, status, lead_id, updated_at, created_at)
      VALUES ('out', '+15125550100', '+15125550111', ${link(lead.id)}, 'delivered', NULL, now(), now()),
        ('out', '+15125550100', '+15125550111', ${link(gone)}, 'delivered', NULL, now(), now()),
        ('out', '+15125550100', ${CUSTOMER}, 'Curbside Rim Co.: reply STOP to opt out.', 'sent', NULL, now(), now()),
        ('in', ${CUSTOMER}, '+15125550100', ${`See ${leadAdminPath(gone)}`}, 'received', NULL, now(), now()),
        ('out', '+15125550100', ${CUSTOMER}, 'On my way', 'sent', ${lead.id}, now(), now())`)
    await db().execute(sql`UPDATE text_messages SET to_business = false`)
    const stored = () =>
      rows(sql`SELECT body, lead_id AS lead, to_business AS "toBusiness" FROM text_messages ORDER BY id`)
    const others = [
      { body: 'Curbside Rim Co.: reply STOP to opt out.', lead: null, toBusiness: false },
      { body: `See ${leadAdminPath(gone)}`, lead: null, toBusiness: false },
      { body: 'On my way', lead: lead.id, toBusiness: false },
    ]
    const { migrateDownAndUp } = await import('../helpers/migrations')
    await migrateDownAndUp(h.payload, 'link_lead_alert_texts')
    expect(await stored()).toEqual([{ body: link(lead.id), lead: lead.id, toBusiness: true }, ...others])
    // Down files it under no lead again (the deleted lead's alert stays gone); up once more.
    const { down, up } = await import('../../migrations/20261128_013832_link_lead_alert_texts')
    const args = { db: db(), payload: h.payload, req: {} } as never
    await down(args)
    expect(await rows(sql`SELECT body, lead_id AS lead FROM text_messages ORDER BY id`)).toEqual(
      [{ body: link(lead.id), lead: null }, ...others].map(({ body, lead }) => ({ body, lead })),
    )
    await up(args)
    expect(await stored()).toEqual([{ body: link(lead.id), lead: lead.id, toBusiness: true }, ...others])
  })

  it('goes down with texts, alerts and their jobs stored, and up again', async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '+15125550111' } })
    await receive(inbound({ body: 'Hello' }))
    await runJobs()
    await receive(inbound({ from: '+15125550133', body: 'help' }))
    expect((await all('lead-events')).map((e) => e.kind)).toContain('text_sent')
    const { migrateDownAndUp } = await import('../helpers/migrations')
    await migrateDownAndUp(h.payload, 'texts')
    expect(await all('text-messages')).toEqual([])
    expect((await all('lead-events')).map((e) => e.kind)).not.toContain('text_sent')
    expect((await all('payload-jobs')).map((j) => j.taskSlug)).not.toContain('replyToHelp')
  })
})
