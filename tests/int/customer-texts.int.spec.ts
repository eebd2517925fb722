import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { type Doc, setupHarness } from '../helpers/harness'
import { clearRateLimits, emptyCollections } from '../helpers/payload'
import { requestForm, submitRequest } from '../helpers/request-fixtures'
import { capturedMails } from '../helpers/captured-mail'
import { postWebhook } from '../helpers/text-webhooks'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'

import { recordOptOut } from '@/collections/TextOptOuts/optOuts'
import { readLeadEvents, readLeadTexts, readUpcomingVisits } from '@/data/back-office'
import { NO_ADDRESS_REASON } from '@/collections/LeadEvents/timeline'
import { TEXT_CONSENT_FIELD, TEXT_CONSENT_VALUE } from '@/lib/customer-texts'
import { timelineOf } from '@/lib/lead-events'
import { TEXT_WEBHOOKS } from '@/server/texts/provider'
import { inboundTextParams, statusCallbackParams } from '@/server/texts/simulate'

import * as dedupe from '../../migrations/20261127_220023_dedupe_text_events'
import * as dropTwins from '../../migrations/20261128_011525_drop_text_event_twins'

// Texts to customers who agreed to them: the quote link, the visit's confirmation and reminder
// besides their e-mails, the C that confirms a visit, and "On my way" once per tap however fast
// the taps. Nothing without consent, nothing to a number that texted STOP.

const h = setupHarness({ http: true })
let fake: FakeTwilio
const CUSTOMER = '+15125550177' // REQUEST_FIELDS.phone, as the provider writes it

const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows
const runJobs = () => h.payload.jobs.run({ silent: true })
const sentTo = (to = CUSTOMER) => fake.sent.filter((m) => m.to === to)

withFakeTwilio((started) => (fake = started))

beforeEach(async () => {
  fake.reset()
  await emptyCollections(h.payload, [
    'text-messages',
    'text-opt-outs',
    'visits',
    'quotes',
    'lead-events',
    'leads',
    'payload-jobs',
  ])
  await db().execute(sql`DELETE FROM email_deliveries`)
  await clearRateLimits(h.payload)
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: { notificationPhones: '', timeZone: 'America/Chicago' },
  })
})

let counter = 0
// A lead as the request endpoint stores it, with or without the texting box ticked.
async function requested(consent: boolean): Promise<Doc> {
  const email = `texts-${++counter}@example.com`
  const fields: Record<string, string> = { email }
  if (consent) fields[TEXT_CONSENT_FIELD] = TEXT_CONSENT_VALUE
  const res = await submitRequest(h.http, requestForm(fields))
  expect(res.status).toBe(201)
  const { docs } = await h.payload.find({
    collection: 'leads',
    where: { email: { equals: email } },
    overrideAccess: true,
  })
  return docs[0]
}

async function sentQuoteLink(lead: number) {
  const quote = await h.payload.create({
    collection: 'quotes',
    data: { lead, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] } as never,
  })
  const nonce = `nonce-${quote.id}`
  await db().execute(sql`UPDATE quotes SET token_nonce = ${nonce} WHERE id = ${quote.id}`)
  await h.payload.jobs.queue({ task: 'sendQuoteLink', input: { quoteId: quote.id, nonce } })
  await runJobs()
}

async function visitOf(lead: number, start: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO visits (lead_id, start, "end", van, booked_by, created_at, updated_at)
    VALUES (${lead}, ${start}::timestamptz, ${start}::timestamptz + interval '2 hours', 1, 'staff', now(), now())
    RETURNING id`)
  return Number(row.id)
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()

async function visitTexts(lead: number, hoursAhead = 20) {
  const visitId = await visitOf(lead, inHours(hoursAhead))
  await h.payload.jobs.queue({ task: 'sendVisitConfirmation', input: { visitId } })
  await h.payload.jobs.queue({ task: 'sendVisitReminder', input: { visitId } })
  await runJobs()
  return visitId
}

const eventsOf = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { lead: { equals: lead } },
      sort: 'id',
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
  ).docs

const receive = (body: string, from = CUSTOMER) =>
  postWebhook(
    h.http,
    TEXT_WEBHOOKS.inbound,
    inboundTextParams({ accountSid: fake.accountSid, from, to: fake.from, body }),
    { token: fake.authToken },
  )

describe('consent', () => {
  it('is stored when the box is ticked, and only then', async () => {
    const ticked = await requested(true)
    expect(Date.now() - new Date(ticked.textConsentAt).getTime()).toBeLessThan(60_000)
    expect((await requested(false)).textConsentAt ?? null).toBeNull()
  })

  it('is given by a customer who texted first', async () => {
    expect((await receive('Hi, my rim is bent')).status).toBe(200)
    const { docs } = await h.payload.find({ collection: 'leads', overrideAccess: true })
    expect(docs).toHaveLength(1)
    expect(docs[0].textConsentAt).toBeTruthy()
  })
})

describe('the quote link', () => {
  it('goes by text as well as by e-mail with consent, once whatever the runs', async () => {
    const lead = await requested(true)
    await sentQuoteLink(lead.id)
    await runJobs()
    expect(sentTo()).toHaveLength(1)
    expect(sentTo()[0].body).toMatch(/\/quote\/\S+ Reply STOP to opt out\.$/)
    // On the lead's conversation, as the e-mail is on its timeline.
    // Under the request form's box, sent by nobody's tap (the send is the job's).
    const texts = await rows<{ lead_id: number; consent_basis: string | null; sent_by_id: number | null }>(
      sql`SELECT lead_id, consent_basis, sent_by_id FROM text_messages WHERE direction = 'out'`,
    )
    expect(texts.map((t) => [Number(t.lead_id), t.consent_basis, t.sent_by_id])).toEqual([
      [lead.id, 'form', null],
    ])
    expect((await eventsOf(lead.id)).map((e) => e.kind)).toContain('email_sent')
  })

  it('goes only by e-mail without consent', async () => {
    const lead = await requested(false)
    await sentQuoteLink(lead.id)
    expect(fake.sent).toHaveLength(0)
    expect((await eventsOf(lead.id)).map((e) => e.kind)).not.toContain('text_sent')
  })

  it('is not texted to a number that opted out, and the timeline says so', async () => {
    const lead = await requested(true)
    await recordOptOut(h.payload, CUSTOMER, { reason: 'keyword', keyword: 'STOP' })
    await sentQuoteLink(lead.id)
    expect(fake.sent).toHaveLength(0)
    const failed = (await eventsOf(lead.id)).find((e) => e.kind === 'text_failed')
    expect(failed?.text).toContain('opted out')
    expect(await rows(sql`SELECT 1 FROM text_messages`)).toHaveLength(0)
  })
})

describe("the lead's timeline in the back office", () => {
  const timeline = async (lead: Doc) => {
    const staff = { payload: h.payload, user: h.userOf('staff')! }
    const [events, texts] = await Promise.all([readLeadEvents(staff, lead.id), readLeadTexts(staff, lead.id)])
    const entries = timelineOf(
      { createdAt: lead.createdAt, source: 'Quote form', promo: null },
      events.map((e) => ({ kind: e.kind, text: e.text, at: e.createdAt })),
      texts.map((t) => ({ ...t, photos: t.mediaCount, at: t.createdAt })),
    )
    return entries
      .filter((e) => e.title === 'Text sent' || e.title === 'Text failed')
      .map((e) => [e.title, e.detail, e.text?.state ?? null])
  }
  const delivered = (sid: string) =>
    postWebhook(
      h.http,
      TEXT_WEBHOOKS.status,
      statusCallbackParams({
        accountSid: fake.accountSid,
        sid,
        status: 'delivered',
        to: CUSTOMER,
        from: fake.from,
      }),
      { token: fake.authToken },
    )

  it('shows each text the product sent once, with its delivery', async () => {
    const lead = await requested(true)
    await sentQuoteLink(lead.id)
    await visitTexts(lead.id)
    const [quote, ...visit] = sentTo()
    expect(visit).toHaveLength(2)
    expect((await delivered(quote.sid)).status).toBe(204)
    const entries = await timeline(lead)
    expect(entries).toHaveLength(3)
    expect(entries).toEqual(
      expect.arrayContaining([
        ['Text sent', quote.body, 'Delivered'],
        ...visit.map((m) => ['Text sent', m.body, 'Queued']),
      ]),
    )
  })

  it('shows one the provider refused once, saying why', async () => {
    const lead = await requested(true)
    fake.unsubscribe(CUSTOMER)
    await sentQuoteLink(lead.id)
    expect(await timeline(lead)).toEqual([
      ['Text sent', expect.stringContaining('/quote/'), expect.stringMatching(/^Failed: .*\(error 21610\)$/)],
    ])
  })

  it('still says why a text was not sent when none was stored', async () => {
    const lead = await requested(true)
    await recordOptOut(h.payload, CUSTOMER, { reason: 'keyword', keyword: 'STOP' })
    await sentQuoteLink(lead.id)
    expect(await timeline(lead)).toEqual([
      ['Text failed', `Quote link texted to the customer: ${CUSTOMER} has opted out of texts`, null],
    ])
  })

  it('loses the twins texts left before, which the migration gives back going down', async () => {
    const lead = await requested(true)
    await sentQuoteLink(lead.id)
    fake.unsubscribe(CUSTOMER)
    // Refused by the provider (stored, failed); then a number known to be opted out (not stored).
    await visitTexts(lead.id)
    await sentQuoteLink(lead.id)
    const args = { db: db(), payload: h.payload, req: {} } as never
    // Texts sent now leave no twins: nothing is held, and no table is left behind.
    await dedupe.up(args)
    expect((await rows(sql`SELECT to_regclass('public.lead_events_text_duplicates') AS t`))[0].t).toBeNull()
    await dedupe.down(args)
    // What the texts wrote before: an event besides each stored text (the callback's wording
    // for a failure before c9ba7f5 too), and events that are no twins.
    await db().execute(sql`
      INSERT INTO lead_events (lead_id, kind, text, created_at, updated_at)
      SELECT lead_id, kind::enum_lead_events_kind, text, at, at FROM (
        SELECT t.lead_id, 'text_sent' AS kind,
          'Quote link texted to the customer (' || t.to_number || ')' AS text,
          t.created_at + interval '1 second' AS at
        FROM text_messages t WHERE t.status = 'queued'
        UNION ALL
        SELECT t.lead_id, 'text_failed',
          'Visit confirmation to the customer by text: ' || t.error_message || ' (error 21610)',
          t.created_at + interval '1 second'
        FROM text_messages t WHERE t.body LIKE '%is booked%'
        UNION ALL
        SELECT t.lead_id, 'text_failed', 'Text to ' || t.to_number || ': opted out (error 21610)',
          t.created_at + interval '2 seconds'
        FROM text_messages t WHERE t.body LIKE '%is booked%'
        UNION ALL
        SELECT ${lead.id}::int, 'text_sent', 'Text alert to the business (+15125550111)', now()
      ) twins(lead_id, kind, text, at)`)
    const before = await timeline(lead)
    expect(before).toHaveLength(8)

    try {
      await dedupe.up(args)
      // The visit's two texts are stored in one instant, so their order between them is not fixed.
      const after = await timeline(lead)
      expect(after).toHaveLength(5)
      expect(after).toEqual(
        expect.arrayContaining([
          ['Text sent', 'Text alert to the business (+15125550111)', null],
          ['Text failed', `Quote link texted to the customer: ${CUSTOMER} has opted out of texts`, null],
          ['Text sent', expect.stringContaining('Reply C to confirm'), expect.stringMatching(/^Failed: /)],
          ['Text sent', expect.stringContaining('your visit is booked'), expect.stringMatching(/^Failed: /)],
          ['Text sent', expect.stringContaining('/quote/'), 'Queued'],
        ]),
      )
      await dedupe.down(args)
      expect(await timeline(lead)).toEqual(before)

      // The next migration drops what was set aside (customers' numbers, where no erasure
      // looks): going down, nothing comes back.
      await dedupe.up(args)
      const held = sql`SELECT to_regclass('public.lead_events_text_duplicates') AS t`
      expect((await rows(held))[0].t).not.toBeNull()
      await dropTwins.up(args)
      expect((await rows(held))[0].t).toBeNull()
      await dropTwins.down()
      await dedupe.down(args)
      expect(await timeline(lead)).toHaveLength(5)
    } finally {
      // A table the schema does not know makes the next file's schema push stop at a prompt.
      await db().execute(sql`DROP TABLE IF EXISTS lead_events_text_duplicates`)
    }
  })
})

describe('a customer who texted first, with no e-mail address', () => {
  it('is e-mailed nothing, by texts only, and the timeline says why once per e-mail', async () => {
    expect((await receive('Hi, my rim is bent')).status).toBe(200)
    const [lead] = (await h.payload.find({ collection: 'leads', overrideAccess: true })).docs
    expect(lead.email).toMatch(/@no-email\.invalid$/)
    await sentQuoteLink(lead.id)
    const visit = await visitTexts(lead.id)
    await db().execute(sql`UPDATE visits SET cancelled_at = now() WHERE id = ${visit}`)
    await h.payload.jobs.queue({ task: 'sendVisitCancellation', input: { visitId: visit } })
    await h.payload.jobs.queue({ task: 'sendReviewRequest', input: { leadId: lead.id } })
    await runJobs()
    // A job run again (a retry) says it no more than once.
    await h.payload.jobs.queue({ task: 'sendReviewRequest', input: { leadId: lead.id } })
    await runJobs()

    const addressedTo = capturedMails(lead.email).filter((m) => /^To: .*@no-email\.invalid/im.test(m))
    expect(addressedTo).toEqual([])
    const notSent = (await eventsOf(lead.id)).filter((e) => e.kind === 'email_failed').map((e) => e.text)
    expect(notSent.sort()).toEqual(
      [
        'Quote to the customer',
        'Visit confirmation to the customer',
        'Visit reminder to the customer',
        'Visit cancellation to the customer',
        'Review request to the customer',
      ]
        .map((what) => `${what}: ${NO_ADDRESS_REASON}`)
        .sort(),
    )
    // The texts went all the same, each under the customer's own text.
    const bases = await rows<{ consent_basis: string | null }>(
      sql`SELECT DISTINCT consent_basis FROM text_messages WHERE direction = 'out' AND lead_id = ${lead.id}`,
    )
    expect(bases).toEqual([{ consent_basis: 'texted' }])
    expect(sentTo().map((m) => m.body)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/quote/'),
        expect.stringContaining('your visit is booked'),
        expect.stringContaining('Reply C to confirm'),
      ]),
    )
  })

  it("is not the reply address of the business's notice of a visit they booked", async () => {
    expect((await receive('Hi, my rim is bent')).status).toBe(200)
    const [lead] = (await h.payload.find({ collection: 'leads', overrideAccess: true })).docs
    const visit = await visitOf(lead.id, inHours(30))
    await h.payload.jobs.queue({ task: 'sendVisitNotice', input: { visitId: visit, change: 'booked' } })
    await runJobs()
    const notice = capturedMails('Visit booked: Name not given (texted)')
    expect(notice).toHaveLength(1)
    expect(notice[0]).not.toMatch(/^Reply-To:/im)
    expect(notice[0]).not.toContain('no-email.invalid')
  })
})

describe('the visit confirmation and reminder', () => {
  it('go by text with consent; the reminder asks for a C', async () => {
    const lead = await requested(true)
    await visitTexts(lead.id)
    await runJobs()
    const bodies = sentTo().map((m) => m.body)
    expect(bodies).toHaveLength(2)
    expect(bodies.find((b) => b.includes('your visit is booked'))).toBeTruthy()
    expect(bodies.find((b) => b.includes('Reply C to confirm'))).toBeTruthy()
  })

  it('go only by e-mail without consent, and not at all by text after STOP', async () => {
    const without = await requested(false)
    await visitTexts(without.id)
    expect(fake.sent).toHaveLength(0)
    await h.payload.db.deleteMany({ collection: 'visits', where: {} })

    const stopped = await requested(true)
    await recordOptOut(h.payload, CUSTOMER, { reason: 'keyword', keyword: 'STOP' })
    await visitTexts(stopped.id)
    expect(fake.sent).toHaveLength(0)
    const mails = (await eventsOf(stopped.id)).filter((e) => e.kind === 'email_sent')
    expect(mails.map((e) => e.text)).toEqual(
      expect.arrayContaining(['Visit confirmation to the customer', 'Visit reminder to the customer']),
    )
    const refused = (await eventsOf(stopped.id)).filter((e) => e.kind === 'text_failed')
    expect(refused).toHaveLength(2)
  })
})

describe("the reminder's record on the visit", () => {
  const reminderSentAt = async (visit: number) =>
    (await rows<{ at: string | null }>(sql`SELECT reminder_sent_at AS at FROM visits WHERE id = ${visit}`))[0]
      .at
  const reminders = () => sentTo().filter((m) => m.body.includes('Reply C to confirm'))
  const dueNow = () =>
    h.payload.db.updateMany({
      collection: 'payload-jobs',
      where: { completedAt: { exists: false } },
      data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    })

  it('is kept when it went by text only, and two runs at once text it once', async () => {
    expect((await receive('Hi, my rim is bent')).status).toBe(200)
    const [lead] = (await h.payload.find({ collection: 'leads', overrideAccess: true })).docs
    const visit = await visitOf(lead.id, inHours(20))
    // Two jobs for the one visit, run by two runners at once (as two instances would).
    await h.payload.jobs.queue({ task: 'sendVisitReminder', input: { visitId: visit } })
    await h.payload.jobs.queue({ task: 'sendVisitReminder', input: { visitId: visit } })
    await Promise.all([runJobs(), runJobs()])
    expect(reminders()).toHaveLength(1)
    const first = await reminderSentAt(visit)
    expect(first).toBeTruthy()
    // A later run sends nothing more and keeps the first time.
    await h.payload.jobs.queue({ task: 'sendVisitReminder', input: { visitId: visit } })
    await runJobs()
    expect(reminders()).toHaveLength(1)
    expect(await reminderSentAt(visit)).toBe(first)
  })

  it('does not stop the retry of a text that failed while the e-mail went', async () => {
    const lead = await requested(true)
    const visit = await visitOf(lead.id, inHours(20))
    fake.failNext(1)
    await h.payload.jobs.queue({ task: 'sendVisitReminder', input: { visitId: visit } })
    await runJobs()
    expect(reminders()).toHaveLength(0)
    expect(await reminderSentAt(visit)).toBeTruthy()
    await dueNow()
    await runJobs()
    expect(reminders()).toHaveLength(1)
    // The e-mail went once, on the first run.
    const mails = (await eventsOf(lead.id)).filter((e) => e.kind === 'email_sent')
    expect(mails.filter((e) => e.text === 'Visit reminder to the customer')).toHaveLength(1)
  })
})

describe('a C to the reminder', () => {
  it('marks the upcoming visit confirmed, on the timeline, and answers once', async () => {
    const lead = await requested(true)
    const visit = await visitTexts(lead.id)
    fake.reset()
    expect((await receive('  c ')).status).toBe(200)
    await runJobs()
    const [row] = await rows<{ confirmed_at: string | null }>(
      sql`SELECT confirmed_at FROM visits WHERE id = ${visit}`,
    )
    expect(row.confirmed_at).toBeTruthy()
    expect((await eventsOf(lead.id)).filter((e) => e.kind === 'visit_confirmed')).toHaveLength(1)
    expect(sentTo().map((m) => m.body)).toEqual([expect.stringContaining('is confirmed')])
    // A second C changes nothing more and is a plain message on the lead.
    expect((await receive('C')).status).toBe(200)
    await runJobs()
    expect(sentTo()).toHaveLength(1)
    expect((await eventsOf(lead.id)).filter((e) => e.kind === 'visit_confirmed')).toHaveLength(1)
    const stored = await rows<{ lead_id: number }>(
      sql`SELECT lead_id FROM text_messages WHERE direction = 'in'`,
    )
    expect(stored.map((m) => Number(m.lead_id))).toEqual([lead.id, lead.id])
  })

  it("shows on the back office's upcoming visits, as on the lead's visit", async () => {
    const lead = await requested(true)
    const visit = await visitTexts(lead.id)
    const staff = { payload: h.payload, user: h.userOf('staff')! }
    const upcoming = async () =>
      (await readUpcomingVisits(staff, 'America/Chicago')).map((v) => ({ id: v.id, confirmed: v.confirmed }))
    expect(await upcoming()).toEqual([{ id: visit, confirmed: false }])
    expect((await receive('C')).status).toBe(200)
    expect(await upcoming()).toEqual([{ id: visit, confirmed: true }])
  })

  it('without a visit ahead is a message like any other', async () => {
    const lead = await requested(true)
    expect((await receive('C')).status).toBe(200)
    await runJobs()
    expect(fake.sent).toHaveLength(0)
    expect((await eventsOf(lead.id)).map((e) => e.kind)).not.toContain('visit_confirmed')
    expect(await h.payload.count({ collection: 'leads', overrideAccess: true })).toMatchObject({
      totalDocs: 1,
    })
  })

  it('from an opted-out number confirms but is not answered', async () => {
    const lead = await requested(true)
    const visit = await visitOf(lead.id, inHours(20))
    await recordOptOut(h.payload, CUSTOMER, { reason: 'keyword', keyword: 'STOP' })
    expect((await receive('c')).status).toBe(200)
    await runJobs()
    const [row] = await rows<{ confirmed_at: string | null }>(
      sql`SELECT confirmed_at FROM visits WHERE id = ${visit}`,
    )
    expect(row.confirmed_at).toBeTruthy()
    expect(fake.sent).toHaveLength(0)
  })
})

describe('a text from a number with several open jobs', () => {
  const leadOfTexts = async () =>
    (
      await rows<{ lead_id: number }>(
        sql`SELECT lead_id FROM text_messages WHERE direction = 'in' ORDER BY id`,
      )
    ).map((m) => Number(m.lead_id))
  const confirmedAt = async (visit: number) =>
    (await rows<{ at: string | null }>(sql`SELECT confirmed_at AS at FROM visits WHERE id = ${visit}`))[0].at

  it('confirms with a C the visit the reminder was sent for, though a newer lead has the number', async () => {
    const first = await requested(true)
    const visit = await visitTexts(first.id)
    // A second car, or someone who typed her number: a newer lead of the same number.
    const second = await requested(true)
    const other = await visitOf(second.id, inHours(72))
    fake.reset()
    expect((await receive('C')).status).toBe(200)
    await runJobs()
    expect(await confirmedAt(visit)).toBeTruthy()
    expect(await confirmedAt(other)).toBeNull()
    expect((await eventsOf(first.id)).filter((e) => e.kind === 'visit_confirmed')).toHaveLength(1)
    expect((await eventsOf(second.id)).map((e) => e.kind)).not.toContain('visit_confirmed')
    expect(sentTo().map((m) => m.body)).toEqual([expect.stringContaining('is confirmed')])
    expect(await leadOfTexts()).toEqual([first.id])
  })

  it("goes to the job of the latest exchange: a reply to the owner's text reaches its job", async () => {
    const first = await requested(true)
    const second = await requested(true)
    // Newest lead first, while nothing was texted.
    expect((await receive('Which one is this about?')).status).toBe(200)
    // The owner texts the quote link of the first job: the answer is about it.
    await sentQuoteLink(first.id)
    expect((await receive('Looks good, thanks')).status).toBe(200)
    expect(await leadOfTexts()).toEqual([second.id, first.id])
  })
})

describe('On my way', () => {
  const tap = (lead: number, visit: number) =>
    h.http.post(`/api/leads/${lead}/on-my-way`, {
      session: h.sessionOf('staff'),
      body: new URLSearchParams({ visit: String(visit) }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    })

  it('sends one text for two taps at once, and none for a tap within 5 minutes', async () => {
    const lead = await requested(true)
    const visit = await visitOf(lead.id, new Date().toISOString())
    const answers = await Promise.all([tap(lead.id, visit), tap(lead.id, visit)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(sentTo().map((m) => m.body)).toEqual([expect.stringContaining('we are on our way')])
    // Who tapped, and under which agreement, are on the text.
    expect(
      await rows(sql`SELECT sent_by_id, consent_basis FROM text_messages WHERE direction = 'out'`),
    ).toEqual([{ sent_by_id: h.accounts.staff.user.id, consent_basis: 'form' }])
    const again = await tap(lead.id, visit)
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toContain('less than 5 minutes ago')
    // Five minutes on, a tap texts again.
    await db().execute(sql`UPDATE visits SET on_my_way_at = now() - interval '6 minutes' WHERE id = ${visit}`)
    expect((await tap(lead.id, visit)).status).toBe(200)
    expect(sentTo()).toHaveLength(2)
  })

  it('answers the page without script with a redirect that names the outcome', async () => {
    const lead = await requested(true)
    const visit = await visitOf(lead.id, new Date().toISOString())
    const back = `/admin?tab=leads&lead=${lead.id}`
    const post = () =>
      h.http.post(`/api/leads/${lead.id}/on-my-way`, {
        session: h.sessionOf('staff'),
        body: new URLSearchParams({ visit: String(visit), back }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    const first = await post()
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe(`${back}&done=on-my-way`)
    expect((await post()).headers.get('location')).toBe(`${back}&error=on-my-way-recent`)
  })

  it('texts nobody without consent, after STOP, for a visit not today, or for anyone but staff', async () => {
    const without = await requested(false)
    const visit = await visitOf(without.id, new Date().toISOString())
    const refused = await tap(without.id, visit)
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toBe('The customer has not agreed to texts.')

    const stopped = await requested(true)
    const today = await visitOf(stopped.id, new Date(Date.now() + 60_000).toISOString())
    await recordOptOut(h.payload, CUSTOMER, { reason: 'keyword', keyword: 'STOP' })
    const optedOut = await tap(stopped.id, today)
    expect(optedOut.status).toBe(409)
    expect(optedOut.body.errors[0].message).toContain('opted out')
    // The tap is given back: the claim holds only a sent text.
    const [row] = await rows<{ on_my_way_at: string | null }>(
      sql`SELECT on_my_way_at FROM visits WHERE id = ${today}`,
    )
    expect(row.on_my_way_at).toBeNull()

    const later = await requested(true)
    const ahead = await visitOf(later.id, inHours(48))
    expect((await tap(later.id, ahead)).status).toBe(409)
    // Another lead's visit is not this lead's.
    expect((await tap(later.id, visit)).status).toBe(409)
    const anonymous = await h.http.post(`/api/leads/${later.id}/on-my-way`, {
      body: new URLSearchParams({ visit: String(ahead) }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(anonymous.status).toBe(403)
    expect(fake.sent).toHaveLength(0)
  })
})
