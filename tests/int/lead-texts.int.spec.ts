import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { recordOptIn, recordOptOut } from '@/collections/TextOptOuts/optOuts'
import { readLeadEvents, readLeadTexts, readQuoteLink, readTextOptOut } from '@/data/back-office'
import { DEFAULT_HOME_CONTENT, homePageData } from '@/lib/home-content'
import { timelineOf } from '@/lib/lead-events'
import { LEAD_FORM_ERRORS } from '@/lib/lead-forms'
import { REPLY_CONSENT_FIELD, REPLY_CONSENT_VALUE } from '@/lib/text-consent'
import { TEXT_BODY_MAX } from '@/lib/text-messages'
import { TEXT_WEBHOOKS } from '@/server/texts/provider'
import { inboundTextParams, statusCallbackParams } from '@/server/texts/simulate'

import { type Doc, type Persona, setupHarness } from '../helpers/harness'
import { REQUEST_FIELDS } from '../helpers/request-fixtures'
import { postWebhook } from '../helpers/text-webhooks'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'
import { emptyCollections } from '../helpers/payload'

// The owner's reply by text from the lead's details (POST /api/leads/:id/text, a plain form as
// the status and note forms): approved staff only, from the site's own pages only; a number that
// texted STOP gets nothing and nothing is stored; bad input changes nothing; the reply and its
// delivery (a failed one with why) are on the lead's timeline.
const h = setupHarness({ http: true })
let fake: FakeTwilio
const CUSTOMER = '+15125550166'

withFakeTwilio((started) => (fake = started))

beforeEach(async () => {
  fake.reset()
  await h.payload.db.deleteVersions({ collection: 'quotes', where: {} })
  await emptyCollections(h.payload, ['text-messages', 'text-opt-outs', 'quotes', 'lead-events', 'leads'])
  const db = (h.payload.db as unknown as PostgresAdapter).drizzle
  await db.execute(sql`DELETE FROM payload_jobs`)
  await db.execute(sql`DELETE FROM email_deliveries`)
})

let counter = 0
const newLead = (data: Record<string, unknown> = {}) =>
  h.payload.create({
    collection: 'leads',
    data: {
      ...REQUEST_FIELDS,
      phone: '(512) 555-0166',
      email: `texts-${++counter}@example.com`,
      serviceType: 'rim_rash',
      // The form's box ticked: the ask before a first text is its own describe below.
      textConsentAt: new Date().toISOString(),
      ...data,
    } as never,
  })

type Options = { persona?: Persona; json?: boolean; origin?: string | null; headers?: Record<string, string> }

function reply(lead: number, fields: Record<string, string>, options: Options = {}) {
  return h.http.post(`/api/leads/${lead}/text`, {
    session: h.sessionOf(options.persona ?? 'staff'),
    origin: options.origin,
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(options.json ? { Accept: 'application/json' } : {}),
      ...options.headers,
    },
  })
}

const texts = async () =>
  (await h.payload.find({ collection: 'text-messages', depth: 0, pagination: false, sort: 'id' }))
    .docs as Doc[]

describe('who may text a lead', () => {
  it('only approved staff, from the site itself: nothing is sent or stored for anyone else', async () => {
    const lead = await newLead()
    for (const persona of ['anonymous', 'unapproved'] as const) {
      expect((await reply(lead.id, { text: 'Hi' }, { persona })).status).toBe(403)
    }
    const crossSite = [
      { origin: 'https://evil.example' },
      { origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } },
      { origin: null },
    ]
    for (const options of crossSite) {
      expect((await reply(lead.id, { text: 'Hi' }, options)).status).toBe(403)
    }
    expect(fake.sent).toEqual([])
    expect(await texts()).toEqual([])
  })
})

describe('a reply', () => {
  it("reaches the provider for the lead's phone, is on the lead, and sends the browser back", async () => {
    const lead = await newLead()
    const back = `/admin?tab=leads&lead=${lead.id}`
    const res = await reply(lead.id, { text: '  Thursday 9am works.\nSee you then.  ', back })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${back}&done=text`)
    expect(fake.sent).toMatchObject([
      { to: CUSTOMER, from: fake.from, body: 'Thursday 9am works.\nSee you then.' },
    ])
    expect(await texts()).toMatchObject([
      {
        direction: 'out',
        lead: lead.id,
        toNumber: CUSTOMER,
        body: 'Thursday 9am works.\nSee you then.',
        status: 'queued',
        providerMessageId: fake.sent[0].sid,
      },
    ])
    // The page's script asks for JSON.
    const json = await reply(lead.id, { text: 'Second' }, { json: true })
    expect({ status: json.status, body: json.body }).toEqual({
      status: 201,
      body: { message: 'Text sent', location: expect.stringMatching(/[?&]done=text$/) },
    })
    expect(fake.sent).toHaveLength(2)
  })

  it('is sent once for a form posted twice (a second tap, two instances), other words are a new text', async () => {
    const lead = await newLead()
    const key = 'k'.repeat(24)
    const twins = await Promise.all([
      reply(lead.id, { text: 'On my way', key }),
      reply(lead.id, { text: 'On my way', key }),
    ])
    expect(twins.map((r) => r.headers.get('location'))).toEqual([
      `/admin/collections/leads/${lead.id}?done=text`,
      `/admin/collections/leads/${lead.id}?done=text`,
    ])
    expect(fake.sent.map((m) => m.body)).toEqual(['On my way'])
    // The same form with other words (typed into a page the browser went back to), or no key.
    expect((await reply(lead.id, { text: 'Running late', key }, { json: true })).status).toBe(201)
    expect((await reply(lead.id, { text: 'On my way' }, { json: true })).status).toBe(201)
    expect(fake.sent.map((m) => m.body)).toEqual(['On my way', 'Running late', 'On my way'])
    expect(await texts()).toHaveLength(3)
  })

  it('to a number that texted STOP is refused, says so, and nothing is sent or stored', async () => {
    const lead = await newLead()
    await recordOptOut(h.payload, CUSTOMER, { reason: 'keyword', keyword: 'STOP' })
    const res = await reply(lead.id, { text: 'Still interested?' })
    expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lead.id}?error=text-opted-out`)
    const json = await reply(lead.id, { text: 'Still interested?' }, { json: true })
    expect(json.status).toBe(409)
    expect(json.body.errors[0].message).toBe(
      'Not sent: this customer texted STOP and gets no texts until they text START.',
    )
    expect(fake.sent).toEqual([])
    expect(await texts()).toEqual([])
    const staff = { payload: h.payload, user: h.userOf('staff')! }
    expect(await readTextOptOut(staff, '(512) 555-0166')).toBe(true)
    // After START the same form goes (a page the browser went back to).
    const key = 'q'.repeat(24)
    expect((await reply(lead.id, { text: 'Welcome back', key }, { json: true })).status).toBe(409)
    await recordOptIn(h.payload, CUSTOMER)
    expect((await reply(lead.id, { text: 'Welcome back', key }, { json: true })).status).toBe(201)
    expect(fake.sent.map((m) => m.body)).toEqual(['Welcome back'])
  })

  it('the provider refuses as unsubscribed: the same notice, recorded as failed and as an opt-out', async () => {
    const lead = await newLead()
    fake.unsubscribe(CUSTOMER)
    const json = await reply(lead.id, { text: 'Hello?' }, { json: true })
    expect(json.status).toBe(409)
    expect(json.body.errors[0].message).toBe(LEAD_FORM_ERRORS['text-opted-out'])
    expect(await texts()).toMatchObject([{ status: 'failed', errorCode: 21610 }])
    expect(await readTextOptOut({ payload: h.payload, user: h.userOf('staff')! }, CUSTOMER)).toBe(true)
  })

  it('empty, too long, with control characters, too big, or to an erased lead: refused, nothing changes', async () => {
    const lead = await newLead()
    const cases = [
      ['   ', 'text-empty', 'Write the text first.'],
      ['x'.repeat(TEXT_BODY_MAX + 1), 'text-long', `A text can be at most ${TEXT_BODY_MAX} characters.`],
      ['Nul \u0000 here', 'text-characters', 'The text contains characters that are not allowed.'],
    ] as const
    for (const [text, code, message] of cases) {
      const res = await reply(lead.id, { text })
      expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lead.id}?error=${code}`)
      const json = await reply(lead.id, { text }, { json: true })
      expect(json.status).toBe(400)
      expect(json.body.errors[0].message).toBe(message)
    }
    // Exactly the cap is a text.
    expect((await reply(lead.id, { text: 'y'.repeat(TEXT_BODY_MAX) }, { json: true })).status).toBe(201)
    fake.reset()
    await h.payload.db.deleteMany({ collection: 'text-messages', where: {} })
    expect((await reply(lead.id, { text: 'x'.repeat(70 * 1024) })).status).toBe(413)
    expect((await reply(999_999, { text: 'Hi' }, { json: true })).status).toBe(404)
    const erased = await newLead({ erasedAt: new Date().toISOString() })
    const toErased = await reply(erased.id, { text: 'Hi' }, { json: true })
    expect(toErased.status).toBe(422)
    expect(fake.sent).toEqual([])
    expect(await texts()).toEqual([])
  })
})

describe('a first text to a customer who neither texted in nor agreed to texts', () => {
  const ticked = { [REPLY_CONSENT_FIELD]: REPLY_CONSENT_VALUE }
  const leadNow = async (id: number) => h.payload.findByID({ collection: 'leads', id, depth: 0 })
  const consentEvents = async (lead: number) =>
    (
      await h.payload.find({
        collection: 'lead-events',
        where: { lead: { equals: lead }, kind: { equals: 'text_consent' } },
        depth: 0,
        pagination: false,
      })
    ).docs
  const textIn = (body: string, from = CUSTOMER) =>
    postWebhook(
      h.http,
      TEXT_WEBHOOKS.inbound,
      inboundTextParams({ accountSid: fake.accountSid, from, to: fake.from, body }),
      { token: fake.authToken },
    )

  it('is refused without the tick, says why, and nothing is sent, stored or recorded', async () => {
    const lead = await newLead({ textConsentAt: null })
    const res = await reply(lead.id, { text: 'Hi, this is Curbside' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/admin/collections/leads/${lead.id}?error=text-consent`)
    // A tick with another value is no tick.
    const untickeds: Record<string, string>[] = [{ text: 'Hi' }, { text: 'Hi', [REPLY_CONSENT_FIELD]: 'on' }]
    for (const fields of untickeds) {
      const json = await reply(lead.id, fields, { json: true })
      expect({ status: json.status, body: json.body }).toEqual({
        status: 409,
        body: {
          errors: [{ message: 'Not sent: tick that the customer agreed to texts first.' }],
          location: `/admin/collections/leads/${lead.id}?error=text-consent`,
        },
      })
    }
    expect(fake.sent).toEqual([])
    expect(await texts()).toEqual([])
    const after = await leadNow(lead.id)
    expect([
      after.textConsentAt ?? null,
      after.textConsentBy ?? null,
      after.textConsentByPhone ?? null,
    ]).toEqual([null, null, null])
    expect(await consentEvents(lead.id)).toEqual([])
  })

  it('with the tick records the agreement by phone (who, when) and sends the text once', async () => {
    const lead = await newLead({ textConsentAt: null })
    const staff = h.userOf('staff')!
    const key = 't'.repeat(24)
    const before = Date.now()
    // Two posts of the one form (a second tap, two instances): one agreement, one text.
    const twins = await Promise.all([
      reply(lead.id, { text: 'Hi, this is Curbside', key, ...ticked }, { json: true }),
      reply(lead.id, { text: 'Hi, this is Curbside', key, ...ticked }, { json: true }),
    ])
    expect(twins.map((r) => r.status)).toEqual([201, 201])
    const after = await leadNow(lead.id)
    expect(after.textConsentByPhone).toBe(true)
    expect(after.textConsentBy).toBe(staff.id)
    const at = Date.parse(after.textConsentAt ?? '')
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now())
    expect((await consentEvents(lead.id)).map((e) => e.by)).toEqual([staff.id])
    expect(fake.sent.map((m) => [m.to, m.body])).toEqual([[CUSTOMER, 'Hi, this is Curbside']])
    expect(await texts()).toMatchObject([
      { lead: lead.id, body: 'Hi, this is Curbside', sentBy: staff.id, consentBasis: 'phone' },
    ])
    // Recorded once, the next text needs no tick and says the same.
    expect((await reply(lead.id, { text: 'See you Thursday' }, { json: true })).status).toBe(201)
    expect((await texts()).map((t) => [t.body, t.sentBy, t.consentBasis])).toEqual([
      ['Hi, this is Curbside', staff.id, 'phone'],
      ['See you Thursday', staff.id, 'phone'],
    ])
    // The timeline names the sender and the agreement beside the text.
    const reader = { payload: h.payload, user: staff }
    const rows = await readLeadTexts(reader, lead.id)
    const entries = timelineOf(
      { createdAt: lead.createdAt, source: 'Quote form', promo: null },
      [],
      rows.map((t) => ({
        ...t,
        photos: t.mediaCount,
        at: t.createdAt,
        by: typeof t.sentBy === 'object' && t.sentBy ? t.sentBy.email : null,
        consent: t.consentBasis ?? null,
      })),
    )
    expect(entries.slice(0, 2).map((e) => [e.title, e.detail, e.by, e.text?.consent])).toEqual([
      ['Text sent', 'See you Thursday', staff.email, 'Consent: Agreed by phone'],
      ['Text sent', 'Hi, this is Curbside', staff.email, 'Consent: Agreed by phone'],
    ])
  })

  it('a customer who texted in, or ticked the form, needs no tick: each text says which', async () => {
    const staff = h.userOf('staff')!
    // A lead the customer's own text started.
    expect((await textIn('Bent rim, can you help?')).status).toBe(200)
    const texted = (await h.payload.find({ collection: 'leads', depth: 0, pagination: false })).docs[0]
    expect((await reply(texted.id, { text: 'Yes we can' }, { json: true })).status).toBe(201)
    // A form's lead without the box, that the customer then answered by text.
    const answered = await newLead({ textConsentAt: null, phone: '(512) 555-0168' })
    expect((await reply(answered.id, { text: 'Before' }, { json: true })).status).toBe(409)
    expect((await textIn('Is Friday ok?', '+15125550168')).status).toBe(200)
    expect((await reply(answered.id, { text: 'Friday is fine' }, { json: true })).status).toBe(201)
    // The form's box.
    const boxed = await newLead({ phone: '(512) 555-0167' })
    expect((await reply(boxed.id, { text: 'Thanks for the request' }, { json: true })).status).toBe(201)
    const sent = (await texts()).filter((t) => t.direction === 'out')
    expect(sent.map((t) => [t.lead, t.body, t.sentBy, t.consentBasis])).toEqual([
      [texted.id, 'Yes we can', staff.id, 'texted'],
      [answered.id, 'Friday is fine', staff.id, 'texted'],
      [boxed.id, 'Thanks for the request', staff.id, 'form'],
    ])
    expect(fake.sent.map((m) => m.body)).toEqual(['Yes we can', 'Friday is fine', 'Thanks for the request'])
    // Nothing was recorded as given by phone.
    for (const lead of [texted.id, answered.id, boxed.id]) expect(await consentEvents(lead)).toEqual([])
  })
})

describe("the lead's conversation", () => {
  it('shows texts in and out, newest first, with their delivery; a failed one says why', async () => {
    const lead = await newLead()
    const staff = { payload: h.payload, user: h.userOf('staff')! }
    for (const text of ['First', 'Second']) {
      expect((await reply(lead.id, { text }, { json: true })).status).toBe(201)
    }
    const callback = (sid: string, status: string, errorCode?: number) =>
      postWebhook(
        h.http,
        TEXT_WEBHOOKS.status,
        statusCallbackParams({
          accountSid: fake.accountSid,
          sid,
          status,
          to: CUSTOMER,
          from: fake.from,
          errorCode,
        }),
        { token: fake.authToken },
      )
    expect((await callback(fake.sent[0].sid, 'delivered')).status).toBe(204)
    expect((await callback(fake.sent[1].sid, 'undelivered', 30003)).status).toBe(204)
    // The reason is recorded with the text, not only said once.
    expect(await texts()).toMatchObject([
      { body: 'First', status: 'delivered', errorCode: null },
      { body: 'Second', status: 'undelivered', errorCode: 30003 },
    ])
    const rows = await readLeadTexts(staff, lead.id)
    const events = await readLeadEvents(staff, lead.id)
    const entries = timelineOf(
      { createdAt: lead.createdAt, source: 'Quote form', promo: null },
      events.map((e) => ({ kind: e.kind, text: e.text, at: e.createdAt })),
      rows.map((t) => ({ ...t, photos: t.mediaCount, at: t.createdAt })),
    )
    // The failure is said once, by the failed text (the callback adds no event of its own).
    expect(entries.map((e) => [e.title, e.detail, e.text?.state ?? null, e.text?.failed ?? null])).toEqual([
      ['Text sent', 'Second', 'Undelivered: the phone is off or out of reach (error 30003)', true],
      ['Text sent', 'First', 'Delivered', false],
      ['Request received', 'From Quote form', null, null],
    ])
    // Nobody but approved staff reads the conversation.
    const unapproved = { payload: h.payload, user: h.userOf('unapproved')! }
    await expect(readLeadTexts(unapproved, lead.id)).rejects.toThrow()
  })

  it("shows the business's alert about the lead once, by its event, off the conversation", async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '+15125550111' } })
    try {
      const lead = await newLead()
      await h.payload.jobs.run({ silent: true })
      expect((await reply(lead.id, { text: 'On our way' }, { json: true })).status).toBe(201)
      const staff = { payload: h.payload, user: h.userOf('staff')! }
      // Both texts are filed under the lead; only the customer's is part of the conversation.
      expect((await texts()).map((t) => [t.toNumber, t.lead])).toEqual([
        ['+15125550111', lead.id],
        [CUSTOMER, lead.id],
      ])
      const rows = await readLeadTexts(staff, lead.id)
      expect(rows.map((t) => t.body)).toEqual(['On our way'])
      const events = await readLeadEvents(staff, lead.id)
      const entries = timelineOf(
        { createdAt: lead.createdAt, source: 'Quote form', promo: null },
        events.map((e) => ({ kind: e.kind, text: e.text, at: e.createdAt })),
        rows.map((t) => ({ ...t, photos: t.mediaCount, at: t.createdAt })),
      )
      // (Beside the request's e-mails.)
      const shown = entries.filter((e) => !e.title.startsWith('E-mail'))
      expect(shown.map((e) => [e.title, e.detail])).toEqual([
        ['Text sent', 'On our way'],
        ['Text sent', 'Text alert to the business (+15125550111)'],
        ['Request received', 'From Quote form'],
      ])
    } finally {
      await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '' } })
    }
  })

  it("offers the quote's link once the quote is sent, never a draft's", async () => {
    await h.payload.updateGlobal({
      slug: 'home-page',
      data: { ...homePageData(DEFAULT_HOME_CONTENT), _status: 'published' },
    })
    const lead = await newLead()
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: lead.id, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] } as never,
    })
    const staff = { payload: h.payload, user: h.userOf('staff')! }
    expect(await readQuoteLink(staff, quote)).toBeNull()
    const sent = await h.http.post(`/api/quotes/${quote.id}/send`, { session: h.sessionOf('staff') })
    expect(sent.status).toBe(200)
    const { status } = await h.payload.findByID({ collection: 'quotes', id: quote.id, depth: 0 })
    expect(await readQuoteLink(staff, { id: quote.id, status })).toMatch(
      /^http:\/\/localhost:3000\/quote\/[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{24}$/,
    )
  })
})
