import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Pool } from 'pg'
import { beforeEach, describe, expect, it } from 'vitest'

import { DEFAULT_HOME_CONTENT, homePageData } from '@/lib/home-content'
import { DEFAULT_SERVICE_ZIPS } from '@/lib/service-area'
import { customerLinkToken } from '@/server/customer-link-token'
import {
  checkCustomerLinkRequest,
  installCustomerLinkGate,
  CUSTOMER_LINK_HEADER,
  customerLinkVerdict,
} from '@/server/customer-link-gate'
import { CUSTOMER_LINK_LIMIT } from '@/server/rate-limit'
import { quoteLinkCheck } from '@/collections/Quotes/customerLinks'
import { BOOKING_MESSAGES, openSlots } from '@/collections/Visits/bookings'

import { attachmentOf, capturedMails } from '../helpers/captured-mail'
import { setupHarness } from '../helpers/harness'
import { rawProperty, textProperty } from '../helpers/ics'
import { migrateDownAndUp } from '../helpers/migrations'
import { newClient, REQUEST_FIELDS, requestForm, submitRequest } from '../helpers/request-fixtures'
import { eraseListed } from '../helpers/erase'
import { emptyCollections } from '../helpers/payload'

// Booked visits: the customer picks a slot from the quote's page once it is accepted, moves or
// cancels it up to the minimum notice, and the database lets no slot take more visits than vans.
const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle

beforeEach(async () => {
  await h.payload.db.deleteVersions({ collection: 'quotes', where: {} })
  await emptyCollections(h.payload, ['visits', 'quotes', 'lead-events', 'leads', 'payload-jobs'])
  await h.payload.updateGlobal({
    slug: 'home-page',
    data: { ...homePageData(DEFAULT_HOME_CONTENT), _status: 'published' },
  })
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: { timeZone: 'America/Chicago', booking: { vans: 1, blockedTimes: [] } },
  })
})

let counter = 0
// An accepted quote of a new lead (with a street address unless told), and its link's token.
async function acceptedQuote(address: string | null = `${counter + 1} S Congress Ave, Austin`) {
  const lead = await h.payload.create({
    collection: 'leads',
    data: {
      ...REQUEST_FIELDS,
      email: `visit-${++counter}@example.com`,
      address,
      serviceType: 'rim_rash',
    } as never,
  })
  const quote = await h.payload.create({
    collection: 'quotes',
    data: { lead: lead.id, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] } as never,
  })
  await h.http.post(`/api/quotes/${quote.id}/send`, { session: h.sessionOf('staff') })
  const { tokenNonce } = await h.payload.findByID({
    collection: 'quotes',
    id: quote.id,
    showHiddenFields: true,
  })
  const token = customerLinkToken(h.payload.secret, tokenNonce!)
  expect((await post('/api/quote-links/accept', { token })).status).toBe(200)
  return { lead: lead.id, quote: quote.id, token, email: lead.email }
}

const post = (path: string, fields: Record<string, string>) =>
  h.http.post(path, {
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      'X-Forwarded-For': newClient(),
    },
  })
const book = (token: string, start: string) => post('/api/quote-links/book', { token, start })
const timeline = async (lead: number, kinds: string[]) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { and: [{ lead: { equals: lead } }, { kind: { in: kinds } }] },
      sort: 'id',
      depth: 0,
      pagination: false,
    })
  ).docs
const liveVisits = async () =>
  (await h.payload.find({ collection: 'visits', where: { cancelledAt: { exists: false } }, depth: 0 })).docs

describe('booking from the quote page', () => {
  it('books an open slot once the quote is accepted; the slot is then gone for others', async () => {
    const a = await acceptedQuote()
    const [first] = await openSlots(h.payload)
    const res = await book(a.token, first.start)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ outcome: 'booked' })
    expect(await liveVisits()).toMatchObject([{ lead: a.lead, quote: a.quote, start: first.start, van: 1 }])
    expect((await openSlots(h.payload)).map((s) => s.start)).not.toContain(first.start)

    const b = await acceptedQuote()
    const taken = await book(b.token, first.start)
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({ outcome: 'taken' })
    expect(await liveVisits()).toHaveLength(1)
  })

  it('refuses before acceptance, a time not offered, a blocked time, and a tampered link', async () => {
    const a = await acceptedQuote()
    const slots = await openSlots(h.payload)
    const offHours = new Date(new Date(slots[0].start).getTime() + 30 * 60_000).toISOString()
    expect((await book(a.token, offHours)).body).toEqual({ outcome: 'not_offered' })
    expect((await book(a.token, 'soon')).body).toEqual({ outcome: 'not_offered' })
    await h.payload.updateGlobal({
      slug: 'site-settings',
      data: { booking: { blockedTimes: [{ from: slots[0].start, until: slots[0].end, note: 'Dentist' }] } },
    })
    expect((await book(a.token, slots[0].start)).body).toEqual({ outcome: 'not_offered' })
    expect(
      (await post('/api/quote-links/book', { token: `${a.token}x`, start: slots[1].start })).status,
    ).toBe(404)

    const lead = await h.payload.create({
      collection: 'leads',
      data: { ...REQUEST_FIELDS, serviceType: 'rim_rash' } as never,
    })
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: lead.id, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] } as never,
    })
    await h.http.post(`/api/quotes/${quote.id}/send`, { session: h.sessionOf('staff') })
    const { tokenNonce } = await h.payload.findByID({
      collection: 'quotes',
      id: quote.id,
      showHiddenFields: true,
    })
    const notYet = await book(customerLinkToken(h.payload.secret, tokenNonce!), slots[1].start)
    expect(notYet.body).toEqual({ outcome: 'not_accepted' })
    expect(await liveVisits()).toHaveLength(0)
  })

  it('moves a visit; a move to a taken slot keeps the visit where it was; cancels it', async () => {
    const a = await acceptedQuote()
    const b = await acceptedQuote()
    const [one, two, three] = await openSlots(h.payload)
    await book(a.token, one.start)
    await book(b.token, three.start)
    expect((await book(a.token, two.start)).body).toEqual({ outcome: 'booked' })
    expect((await book(a.token, three.start)).body).toEqual({ outcome: 'taken' })
    const mine = (await liveVisits()).filter((v) => v.quote === a.quote)
    expect(mine.map((v) => v.start)).toEqual([two.start])
    expect((await openSlots(h.payload)).map((s) => s.start)).toContain(one.start)
    // The booking and the move are on the timeline in words; the refused move to a taken slot
    // left nothing.
    const visitEvents = await timeline(a.lead, ['visit_booked', 'visit_moved', 'visit_cancelled'])
    expect(visitEvents.map((e) => e.kind)).toEqual(['visit_booked', 'visit_moved'])
    expect(visitEvents[0].text).toMatch(/^.+ by the customer$/)
    expect(visitEvents[1].text).toMatch(/^to .+ by the customer$/)

    expect((await post('/api/quote-links/cancel-visit', { token: a.token })).body).toEqual({
      outcome: 'cancelled',
    })
    expect((await liveVisits()).filter((v) => v.quote === a.quote)).toHaveLength(0)
  })

  it('no longer moves or cancels online inside the minimum notice', async () => {
    const a = await acceptedQuote()
    const [first] = await openSlots(h.payload)
    await book(a.token, first.start)
    // As if the visit were an hour away (the notice is two hours).
    await db().execute(sql`UPDATE visits SET start = now() + interval '1 hour' WHERE quote_id = ${a.quote}`)
    expect((await post('/api/quote-links/cancel-visit', { token: a.token })).body).toEqual({
      outcome: 'too_late',
    })
    // Nor by booking another time from the same link.
    const later = (await openSlots(h.payload)).at(-1)!
    const moved = await book(a.token, later.start)
    expect([moved.status, moved.body]).toEqual([409, { outcome: 'too_late' }])
    expect(await liveVisits()).toMatchObject([{ quote: a.quote }])
    expect((await liveVisits())[0].start).not.toBe(later.start)
    expect(await timeline(a.lead, ['visit_moved', 'visit_cancelled'])).toHaveLength(0)
  })

  it('moves raced from the same link are made one after the other: one live visit, each move on the timeline', async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { booking: { vans: 2 } } })
    const a = await acceptedQuote()
    const slots = await openSlots(h.payload)
    await book(a.token, slots[0].start)
    const moves = await Promise.all(slots.slice(1, 9).map((slot) => book(a.token, slot.start)))
    // Each move waits for the one before it and moves the visit that one made: none is
    // refused as "taken" for a free slot.
    expect(moves.map((m) => m.body)).toEqual(Array(8).fill({ outcome: 'booked' }))
    expect(await liveVisits()).toHaveLength(1)
    expect(await timeline(a.lead, ['visit_moved'])).toHaveLength(8)
    expect(await timeline(a.lead, ['visit_booked'])).toHaveLength(1)
  })

  it('a visit that took place is never moved, by the customer or by staff', async () => {
    const a = await acceptedQuote()
    const [first, second] = await openSlots(h.payload)
    await book(a.token, first.start)
    await db().execute(sql`
      UPDATE visits SET start = now() - interval '1 day', "end" = now() - interval '23 hours'
      WHERE quote_id = ${a.quote}`)
    const [done] = await liveVisits()
    expect((await book(a.token, second.start)).body).toEqual({ outcome: 'too_late' })
    const byStaff = await h.http.post('/api/visits/book', {
      json: { lead: a.lead, start: second.start },
      session: h.sessionOf('staff'),
    })
    expect([byStaff.status, byStaff.body]).toEqual([
      409,
      { errors: [{ message: 'This visit has begun or taken place; it cannot be moved.' }] },
    ])
    expect(await liveVisits()).toEqual([done])
    expect(await timeline(a.lead, ['visit_moved', 'visit_cancelled'])).toHaveLength(0)
  })
})

describe('never double-booked', () => {
  it('the database refuses a second visit in a van and slot, even when the application check is bypassed', async () => {
    const a = await acceptedQuote()
    const insert = () =>
      db().execute(sql`
        INSERT INTO visits (lead_id, start, "end", van, booked_by, created_at, updated_at)
        VALUES (${a.lead}, '2030-01-07T14:00:00Z', '2030-01-07T16:00:00Z', 1, 'staff', now(), now())`)
    await insert()
    await expect(insert()).rejects.toMatchObject({ cause: { code: '23505' } })
    // A cancelled visit frees its place.
    await db().execute(sql`UPDATE visits SET cancelled_at = now()`)
    await insert()
  })

  it('twenty customers racing for a slot with two vans: two visits, eighteen clear refusals', async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { booking: { vans: 2 } } })
    const customers = await Promise.all(Array.from({ length: 20 }, () => acceptedQuote()))
    const [first] = await openSlots(h.payload)
    const answers = await Promise.all(customers.map((c) => book(c.token, first.start)))
    const outcomes = answers.map((r) => `${r.status} ${r.body.outcome}`).sort()
    expect(outcomes.filter((o) => o === '200 booked')).toHaveLength(2)
    expect(outcomes.filter((o) => o === '409 taken')).toHaveLength(18)
    const visits = await liveVisits()
    expect(visits.map((v) => v.van).sort()).toEqual([1, 2])
  })
})

describe('the e-mails of a visit', () => {
  it('confirms with a calendar invitation at the right time, and reminds once the day before', async () => {
    const a = await acceptedQuote()
    // More than a day away, so that it has a reminder.
    const first = (await openSlots(h.payload)).find((s) => Date.parse(s.start) - Date.now() > 26 * 3_600_000)!
    await book(a.token, first.start)
    await h.payload.jobs.run({ silent: true })
    const [mail] = capturedMails(a.email).filter((m) => m.includes('Subject: Your visit is booked'))
    expect(mail).toBeDefined()
    const ics = attachmentOf(mail, 'text/calendar')
    expect(ics?.trim()).toMatch(/^BEGIN:VCALENDAR[\s\S]*END:VCALENDAR$/)
    const dtstart = /DTSTART:(\d{8}T\d{6}Z)/.exec(ics!)?.[1]
    const iso = dtstart!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6.000Z')
    expect(iso).toBe(first.start)

    const reminders = await h.payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendVisitReminder' } },
    })
    expect(reminders.docs).toHaveLength(1)
    expect(new Date(reminders.docs[0].waitUntil!).getTime()).toBe(Date.parse(first.start) - 24 * 3_600_000)
    await h.payload.db.updateOne({
      collection: 'payload-jobs',
      id: reminders.docs[0].id,
      data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    })
    await Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
    expect(
      capturedMails(a.email).filter((m) => m.includes('Subject: Reminder: your visit tomorrow')),
    ).toHaveLength(1)
  })
})

describe("the customer's calendar", () => {
  // What a calendar reads of an .ics: its method, and its one event's UID, SEQUENCE and status.
  const eventOf = (mail: string) => {
    const ics = attachmentOf(mail, 'text/calendar')!
    const field = (name: string) => new RegExp(`^${name}:(.*?)\\r?$`, 'm').exec(ics)?.[1]
    return {
      method: field('METHOD'),
      uid: field('UID'),
      sequence: Number(field('SEQUENCE')),
      status: field('STATUS'),
      start: field('DTSTART'),
    }
  }

  it('keeps one event for a visit booked, moved and cancelled: one UID, a rising SEQUENCE, then CANCEL', async () => {
    const a = await acceptedQuote()
    const [one, two] = await openSlots(h.payload)
    await book(a.token, one.start)
    await h.payload.jobs.run({ silent: true })
    await book(a.token, two.start)
    await h.payload.jobs.run({ silent: true })
    expect((await post('/api/quote-links/cancel-visit', { token: a.token })).body).toEqual({
      outcome: 'cancelled',
    })
    await h.payload.jobs.run({ silent: true })

    // Oldest first.
    const mails = capturedMails(a.email)
      .filter((m) => /Subject: Your visit is (booked|moved|cancelled)/.test(m))
      .reverse()
    expect(mails.map((m) => /Subject: (Your visit is \w+)/.exec(m)![1])).toEqual([
      'Your visit is booked',
      'Your visit is moved',
      'Your visit is cancelled',
    ])
    const events = mails.map(eventOf)
    expect(new Set(events.map((e) => e.uid)).size).toBe(1)
    expect(events.map((e) => [e.method, e.status])).toEqual([
      ['REQUEST', 'CONFIRMED'],
      ['REQUEST', 'CONFIRMED'],
      ['CANCEL', 'CANCELLED'],
    ])
    expect(events[0].sequence).toBeLessThan(events[1].sequence)
    expect(events[1].sequence).toBeLessThan(events[2].sequence)
    // The move's event is at the new time; the cancellation names the visit it cancels.
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    expect(events.map((e) => e.start)).toEqual([utc(one.start), utc(two.start), utc(two.start)])
  })

  it('tells the business once of each booking, move and cancellation the customer makes; not of staff ones', async () => {
    const a = await acceptedQuote()
    const [one, two, three] = await openSlots(h.payload)
    await book(a.token, one.start)
    await book(a.token, two.start)
    await post('/api/quote-links/cancel-visit', { token: a.token })
    await Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
    await h.payload.jobs.run({ silent: true })
    const notices = () =>
      capturedMails('service@curbsiderim.co')
        .filter((m) => /^Subject: Visit (booked|moved|cancelled): /m.test(m) && m.includes(a.email))
        .map((m) => /^Subject: (Visit \w+)/m.exec(m)![1])
        .sort()
    expect(notices()).toEqual(['Visit booked', 'Visit cancelled', 'Visit moved'])
    // What staff do for a caller, they know already.
    const booked = await h.http.post('/api/visits/book', {
      json: { lead: a.lead, start: three.start },
      session: h.sessionOf('staff'),
    })
    expect(booked.status).toBe(201)
    await h.payload.jobs.run({ silent: true })
    expect(notices()).toHaveLength(3)
  })

  it('tells nobody when the visit was cancelled by erasing the customer', async () => {
    const a = await acceptedQuote()
    const [one] = await openSlots(h.payload)
    await book(a.token, one.start)
    await h.payload.jobs.run({ silent: true })
    const erased = await eraseListed(h.http, h.sessionOf('admin'), { email: a.email })
    expect(erased.status).toBe(200)
    await h.payload.jobs.run({ silent: true })
    expect(capturedMails(a.email).filter((m) => m.includes('Subject: Your visit is cancelled'))).toHaveLength(
      0,
    )
  })
})

describe('visits for staff', () => {
  it('books and cancels for a customer who called; nobody else reads or books visits', async () => {
    const a = await acceptedQuote()
    const [first] = await openSlots(h.payload)
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const res = await h.http.post('/api/visits/book', {
        json: { lead: a.lead, start: first.start },
        session: h.sessionOf(persona),
      })
      expect(res.status).toBe(403)
      expect((await h.http.get('/api/visits', { session: h.sessionOf(persona) })).status).toBe(403)
    }
    const booked = await h.http.post('/api/visits/book', {
      json: { lead: a.lead, start: first.start },
      session: h.sessionOf('staff'),
    })
    expect(booked.status).toBe(201)
    const again = await h.http.post('/api/visits/book', {
      json: { lead: a.lead, start: first.start },
      session: h.sessionOf('staff'),
    })
    // The same quote's visit moved onto itself: the slot stays the lead's.
    expect(again.status).toBe(201)
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const gql = await h.http.post('/api/graphql', {
        json: { query: '{ Visits { docs { id start } } }' },
        session: h.sessionOf(persona),
      })
      expect(gql.body.data?.Visits ?? null).toBeNull()
      await expect(
        h.payload.find({ collection: 'visits', overrideAccess: false, user: h.userOf(persona) }),
      ).rejects.toThrow()
    }
    const staffGql = await h.http.post('/api/graphql', {
      json: { query: '{ Visits { docs { id start } } }' },
      session: h.sessionOf('staff'),
    })
    // The first visit, cancelled by the move, and the live one.
    expect(staffGql.body.data.Visits.docs).toHaveLength(2)
    const listed = await h.http.get('/api/visits?where[cancelledAt][exists]=false', {
      session: h.sessionOf('staff'),
    })
    expect(listed.body.docs).toHaveLength(1)
    const cancelled = await h.http.post(`/api/visits/${listed.body.docs[0].id}/cancel`, {
      session: h.sessionOf('staff'),
    })
    expect(cancelled.status).toBe(200)
    expect(await liveVisits()).toHaveLength(0)
  })
})

describe('closed leads are not booked', () => {
  const staff = () => h.sessionOf('staff')
  const bookAsStaff = (lead: number, start: string, address?: string) =>
    h.http.post('/api/visits/book', { json: { lead, start, address }, session: staff() })
  const leadRow = (id: number) => h.payload.findByID({ collection: 'leads', id, depth: 0 })
  const visitJobs = async () =>
    (
      await h.payload.find({
        collection: 'payload-jobs',
        where: { taskSlug: { in: ['sendVisitConfirmation', 'sendVisitReminder', 'sendVisitNotice'] } },
        pagination: false,
      })
    ).docs

  it('a lead closed as lost: refused at every door, nothing changed; reopened, it is booked', async () => {
    const a = await acceptedQuote()
    const [first] = await openSlots(h.payload)
    const closed = await h.http.patch(`/api/leads/${a.lead}`, {
      json: { lostReason: 'declined' },
      session: staff(),
    })
    expect(closed.status).toBe(200)
    const before = await leadRow(a.lead)

    // The back office's booking form posts here, a new address with it.
    const refused = await bookAsStaff(a.lead, first.start, '99 Other St, Austin')
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ errors: [{ message: BOOKING_MESSAGES.lead_lost }] })
    expect(BOOKING_MESSAGES.lead_lost).toBe('This lead is closed as lost: reopen it before booking a visit.')
    // Payload's own door for visits (REST and the admin's create view) stays shut to everyone.
    const rest = await h.http.post('/api/visits', {
      json: { lead: a.lead, start: first.start, end: first.end, van: 1, bookedBy: 'staff' },
      session: staff(),
    })
    expect(rest.status).toBe(403)
    // The customer's accepted quote page is told to call.
    expect(await book(a.token, first.start)).toMatchObject({ status: 409, body: { outcome: 'lead_lost' } })

    expect(await h.payload.count({ collection: 'visits' })).toMatchObject({ totalDocs: 0 })
    expect(await visitJobs()).toHaveLength(0)
    expect(await timeline(a.lead, ['visit_booked', 'visit_moved'])).toHaveLength(0)
    expect(await leadRow(a.lead)).toMatchObject({
      address: before.address,
      status: before.status,
      lostReason: 'declined',
      updatedAt: before.updatedAt,
    })

    await h.http.patch(`/api/leads/${a.lead}`, { json: { lostReason: null }, session: staff() })
    expect((await bookAsStaff(a.lead, first.start)).status).toBe(201)
    expect(await liveVisits()).toMatchObject([{ lead: a.lead, start: first.start }])
  })

  it('a completed lead: refused with its own words, nothing booked', async () => {
    const a = await acceptedQuote()
    const [first] = await openSlots(h.payload)
    await db().execute(sql`UPDATE leads SET status = 'completed' WHERE id = ${a.lead}`)
    const refused = await bookAsStaff(a.lead, first.start)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ errors: [{ message: BOOKING_MESSAGES.lead_completed }] })
    expect(await book(a.token, first.start)).toMatchObject({
      status: 409,
      body: { outcome: 'lead_completed' },
    })
    expect(await h.payload.count({ collection: 'visits' })).toMatchObject({ totalDocs: 0 })
    expect(await visitJobs()).toHaveLength(0)
  })

  it('a lead closed as lost while its booking waits for the lock: the booking is refused', async () => {
    const a = await acceptedQuote()
    const [first] = await openSlots(h.payload)
    // Another instance is closing the lead: its row is locked until that commits.
    const closer = await (h.payload.db as unknown as { pool: Pool }).pool.connect()
    try {
      await closer.query('BEGIN')
      await closer.query(`UPDATE leads SET lost_reason = 'no_answer' WHERE id = $1`, [a.lead])
      const booking = bookAsStaff(a.lead, first.start)
      // Committed once the booking waits on that row's lock.
      await expect
        .poll(async () => {
          const { rows } = await closer.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
          )
          return rows[0].n
        })
        .toBeGreaterThan(0)
      await closer.query('COMMIT')
      const refused = await booking
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({ errors: [{ message: BOOKING_MESSAGES.lead_lost }] })
    } finally {
      closer.release()
    }
    expect(await h.payload.count({ collection: 'visits' })).toMatchObject({ totalDocs: 0 })
  })
})

describe("the customer's links under a burst", () => {
  it('answer a connection over the limit with 429, and send a browser back to the quote page', async () => {
    const a = await acceptedQuote()
    const client = newClient()
    const form = (accept: string) =>
      h.http.post('/api/quote-links/book', {
        body: new URLSearchParams({ token: a.token, start: 'soon' }).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: accept,
          'X-Forwarded-For': client,
        },
      })
    for (let i = 0; i < CUSTOMER_LINK_LIMIT.max; i++)
      expect((await form('application/json')).status).toBe(400)
    const refused = await form('application/json')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(
      'Too many requests from this connection. Please try again in a few minutes.',
    )
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(CUSTOMER_LINK_LIMIT.windowSeconds)
    const browser = await form('text/html')
    expect(browser.status).toBe(303)
    expect(browser.headers.get('location')).toBe(`/quote/${a.token}`)
    const accepting = await h.http.post('/api/quote-links/accept', {
      body: new URLSearchParams({ token: a.token }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': client },
    })
    expect(accepting.status).toBe(303)
    const acceptingJson = await h.http.post('/api/quote-links/accept', {
      body: new URLSearchParams({ token: a.token }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-Forwarded-For': client,
      },
    })
    expect(acceptingJson.status).toBe(429)
    expect(Number(acceptingJson.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await liveVisits()).toHaveLength(0)
  })

  it("count per link: made-up links and another customer's link lock nobody out of their own", async () => {
    const a = await acceptedQuote()
    const b = await acceptedQuote()
    // One connection (a shared NAT), from which a page full of made-up links and customer a's
    // link, over and over, are requested.
    const client = newClient()
    const bookFrom = (token: string) =>
      h.http.post('/api/quote-links/book', {
        body: new URLSearchParams({ token, start: 'soon' }).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'X-Forwarded-For': client,
        },
      })
    const forged = `${'A'.repeat(24)}.${'A'.repeat(24)}`
    for (let i = 0; i <= CUSTOMER_LINK_LIMIT.max; i++) expect((await bookFrom(forged)).status).toBe(404)
    for (let i = 0; i < CUSTOMER_LINK_LIMIT.max; i++) expect((await bookFrom(a.token)).status).toBe(400)
    expect((await bookFrom(a.token)).status).toBe(429)
    // Customer b, behind the same address, books as if nothing had happened.
    const [slot] = await openSlots(h.payload)
    const booked = await h.http.post('/api/quote-links/book', {
      body: new URLSearchParams({ token: b.token, start: slot.start }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-Forwarded-For': client,
      },
    })
    expect([booked.status, booked.body]).toEqual([200, { outcome: 'booked' }])
  })
})

describe("the quote page's check, as the proxy makes it", () => {
  it('counts signed links per connection, finds the quote, and signs what it tells the page', async () => {
    const a = await acceptedQuote()
    installCustomerLinkGate(quoteLinkCheck(h.payload), 'quote')
    const from = new Headers({ 'X-Forwarded-For': newClient() })
    const check = async (token: string) => (await checkCustomerLinkRequest(from, token, 'quote'))!
    // A made-up link is missing, and not counted: it locks nobody out of their own.
    const forged = `${'A'.repeat(24)}.${'A'.repeat(24)}`
    for (let i = 0; i <= CUSTOMER_LINK_LIMIT.max; i++) expect((await check(forged)).verdict).toBe('missing')
    // A signed link whose quote was revised (its nonce cleared) is missing too, and counted.
    const revised = customerLinkToken(h.payload.secret, 'B'.repeat(24))
    expect((await check(revised)).verdict).toBe('missing')
    for (let i = 0; i < CUSTOMER_LINK_LIMIT.max; i++) expect((await check(a.token)).verdict).toBe('allowed')
    const over = await check(a.token)
    expect(over.verdict).toBe('over')
    expect(over.retryAfterSeconds).toBeGreaterThan(0)
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(CUSTOMER_LINK_LIMIT.windowSeconds)
    // The link's forms count on the same key: they are over the limit too.
    const booking = await h.http.post('/api/quote-links/book', {
      body: new URLSearchParams({ token: a.token, start: 'soon' }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-Forwarded-For': from.get('X-Forwarded-For')!,
      },
    })
    expect(booking.status).toBe(429)

    // The page believes only the header this process signed.
    expect(customerLinkVerdict(new Headers({ [CUSTOMER_LINK_HEADER]: over.header }), 'quote')).toBe('over')
    expect(
      customerLinkVerdict(new Headers({ [CUSTOMER_LINK_HEADER]: 'made-up allowed' }), 'quote'),
    ).toBeNull()
    expect(customerLinkVerdict(new Headers(), 'quote')).toBeNull()
    installCustomerLinkGate(quoteLinkCheck(h.payload), 'quote')
    expect(customerLinkVerdict(new Headers({ [CUSTOMER_LINK_HEADER]: over.header }), 'quote')).toBeNull()
  })
})

describe('where the van goes', () => {
  it('takes an optional ZIP code and vehicle; a ZIP outside the area is accepted with a note', async () => {
    const inside = await submitRequest(
      h.http,
      requestForm({ zip: '78704', vehicle: 'Honda Accord', wheelSize: '18"', email: 'inside@example.com' }),
    )
    expect(inside.status).toBe(201)
    expect(inside.body.outsideArea).toBe(false)
    const outside = await submitRequest(h.http, requestForm({ zip: '78610', email: 'outside@example.com' }))
    expect(outside.status).toBe(201)
    expect(outside.body.outsideArea).toBe(true)
    const none = await submitRequest(h.http, requestForm({ email: 'nozip@example.com' }))
    expect(none.body.outsideArea).toBe(false)
    const leads = await h.payload.find({ collection: 'leads', sort: 'createdAt', depth: 0 })
    expect(
      leads.docs.map((l) => [
        l.zip ?? null,
        l.vehicle ?? null,
        l.wheelSize ?? null,
        l.outsideServiceArea ?? null,
      ]),
    ).toEqual([
      ['78704', 'Honda Accord', '18"', false],
      ['78610', null, null, true],
      [null, null, null, null],
    ])
  })

  it('refuses a ZIP code that is not five digits, and saves nothing', async () => {
    const res = await submitRequest(h.http, requestForm({ zip: '7870' }))
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({ zip: 'Enter a 5-digit ZIP code.' })
    expect((await h.payload.count({ collection: 'leads' })).totalDocs).toBe(0)
  })

  it("follows the settings' service area", async () => {
    await h.payload.updateGlobal({
      slug: 'site-settings',
      data: { booking: { serviceZips: '78610, 78704' } },
    })
    try {
      const res = await submitRequest(h.http, requestForm({ zip: '78610' }))
      expect(res.body.outsideArea).toBe(false)
    } finally {
      await h.payload.updateGlobal({
        slug: 'site-settings',
        data: { booking: { serviceZips: DEFAULT_SERVICE_ZIPS.join(', ') } },
      })
    }
  })
})

describe('the street address the van goes to', () => {
  const addressOf = async (lead: number) =>
    (await h.payload.findByID({ collection: 'leads', id: lead, depth: 0 })).address ?? null
  const jobsAbout = async () => (await h.payload.count({ collection: 'payload-jobs' })).totalDocs

  it('is stored from the request form, trimmed; one too long is refused and nothing is saved', async () => {
    const given = await submitRequest(
      h.http,
      requestForm({ address: '  1234 S Congress Ave, Austin  ', email: 'street@example.com' }),
    )
    expect(given.status).toBe(201)
    const none = await submitRequest(h.http, requestForm({ email: 'nostreet@example.com' }))
    expect(none.status).toBe(201)
    const leads = await h.payload.find({ collection: 'leads', sort: 'createdAt', depth: 0 })
    expect(leads.docs.map((l) => l.address ?? null)).toEqual(['1234 S Congress Ave, Austin', null])

    const long = await submitRequest(
      h.http,
      requestForm({ address: 'x'.repeat(201), email: 'long@example.com' }),
    )
    expect([long.status, long.body.fieldErrors]).toEqual([400, { address: 'Street address is too long.' }])
    expect((await h.payload.count({ collection: 'leads' })).totalDocs).toBe(2)
  })

  it('staff edit it on the lead, with the same rules; the public cannot', async () => {
    const a = await acceptedQuote(null)
    const patch = (address: unknown, persona: 'staff' | 'anonymous' = 'staff') =>
      h.http.patch(`/api/leads/${a.lead}?depth=0`, { json: { address }, session: h.sessionOf(persona) })
    expect((await patch(' 77 Rainey St, Austin ')).status).toBe(200)
    expect(await addressOf(a.lead)).toBe('77 Rainey St, Austin')
    for (const bad of ['77 Rainey St\nAustin', 'x'.repeat(201)]) {
      expect((await patch(bad)).status).toBe(400)
    }
    expect((await patch('1 Elsewhere Rd', 'anonymous')).status).toBe(403)
    expect(await addressOf(a.lead)).toBe('77 Rainey St, Austin')
  })

  it("a customer's booking without one is refused, and nothing is made, on the scripted and the plain path", async () => {
    const a = await acceptedQuote(null)
    const [first] = await openSlots(h.payload)
    const jobsBefore = await jobsAbout()
    const scripted = await book(a.token, first.start)
    expect([scripted.status, scripted.body]).toEqual([400, { outcome: 'address_needed' }])
    const blank = await post('/api/quote-links/book', { token: a.token, start: first.start, address: '   ' })
    expect(blank.body).toEqual({ outcome: 'address_needed' })
    // The page's own form, before any script: back to the page, which asks for the address.
    const plain = await h.http.post('/api/quote-links/book', {
      body: new URLSearchParams({ token: a.token, start: first.start, address: '' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': newClient() },
    })
    expect(plain.status).toBe(303)
    expect(plain.headers.get('location')).toBe(`/quote/${a.token}?visit=address_needed`)
    const tooLong = await post('/api/quote-links/book', {
      token: a.token,
      start: first.start,
      address: 'x'.repeat(201),
    })
    expect([tooLong.status, tooLong.body]).toEqual([400, { outcome: 'address_invalid' }])

    expect(await liveVisits()).toHaveLength(0)
    expect(await timeline(a.lead, ['visit_booked'])).toHaveLength(0)
    expect(await jobsAbout()).toBe(jobsBefore)
    expect(await addressOf(a.lead)).toBeNull()
    expect((await openSlots(h.payload)).map((s) => s.start)).toContain(first.start)
  })

  it('an address typed in the booking form is saved with the visit; a refused booking keeps the old one', async () => {
    const a = await acceptedQuote(null)
    const b = await acceptedQuote()
    const [first, second] = await openSlots(h.payload)
    await book(b.token, first.start)
    // The time was taken: neither the visit nor the address typed with it is kept.
    const taken = await post('/api/quote-links/book', {
      token: a.token,
      start: first.start,
      address: '500 E 7th St, Austin',
    })
    expect(taken.body).toEqual({ outcome: 'taken' })
    expect(await addressOf(a.lead)).toBeNull()

    const booked = await post('/api/quote-links/book', {
      token: a.token,
      start: second.start,
      address: ' 500 E 7th St, Austin ',
    })
    expect(booked.body).toEqual({ outcome: 'booked' })
    expect(await addressOf(a.lead)).toBe('500 E 7th St, Austin')
    // Moved without the field (a page from before): the lead's address stands.
    const [, , third] = await openSlots(h.payload)
    expect((await book(a.token, third.start)).body).toEqual({ outcome: 'booked' })
    expect(await addressOf(a.lead)).toBe('500 E 7th St, Austin')
  })

  it("the owner's booking asks for it the same way", async () => {
    const a = await acceptedQuote(null)
    const [first] = await openSlots(h.payload)
    const byStaff = (json: Record<string, unknown>) =>
      h.http.post('/api/visits/book', {
        json: { lead: a.lead, start: first.start, ...json },
        session: h.sessionOf('staff'),
      })
    const refused = await byStaff({})
    expect([refused.status, refused.body]).toEqual([
      400,
      { errors: [{ message: 'Enter the street address the van goes to, then book.' }] },
    ])
    expect((await byStaff({ address: 42 })).status).toBe(400)
    expect(await liveVisits()).toHaveLength(0)
    expect((await byStaff({ address: '1100 Congress Ave, Austin' })).status).toBe(201)
    expect(await addressOf(a.lead)).toBe('1100 Congress Ave, Austin')
    expect(await liveVisits()).toHaveLength(1)
  })

  it("is the calendar event's LOCATION and is named in the e-mails about the visit", async () => {
    const address = 'Unit 4; 1234 S Congress Ave, Austin'
    const a = await acceptedQuote(address)
    const [first] = await openSlots(h.payload)
    await book(a.token, first.start)
    await h.payload.jobs.run({ silent: true })
    const [mail] = capturedMails(a.email).filter((m) => m.includes('Subject: Your visit is booked'))
    const ics = attachmentOf(mail, 'text/calendar')!
    expect(rawProperty(ics, 'LOCATION')).toBe('Unit 4\\; 1234 S Congress Ave\\, Austin')
    expect(textProperty(ics, 'LOCATION')).toBe(address)
    expect(mail).toContain(`at ${address}.`)
    const [notice] = capturedMails('service@curbsiderim.co').filter(
      (m) => m.includes(a.email) && /^Subject: Visit booked: /m.test(m),
    )
    expect(notice).toContain(`Address: ${address}`)

    await post('/api/quote-links/cancel-visit', { token: a.token })
    await h.payload.jobs.run({ silent: true })
    const [cancelled] = capturedMails(a.email).filter((m) => m.includes('Subject: Your visit is cancelled'))
    expect(textProperty(attachmentOf(cancelled, 'text/calendar')!, 'LOCATION')).toBe(address)
  })
})

describe('the visits migration', () => {
  it('goes down and up again', async () => {
    await migrateDownAndUp(h.payload, 'visits')
    const a = await acceptedQuote()
    const [first] = await openSlots(h.payload)
    expect((await book(a.token, first.start)).status).toBe(200)
  })
})
