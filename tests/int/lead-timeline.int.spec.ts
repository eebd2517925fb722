import { sql } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { leadsPerWeek } from '@/data/back-office'
import { DEFAULT_HOME_CONTENT, homePageData } from '@/lib/home-content'
import { leadsExportRequest, leadsWhere } from '@/lib/lead-query'
import { noteViewed } from '@/collections/Quotes/customerLinks'
import { customerLinkToken } from '@/server/customer-link-token'

import { csvRecords } from '../helpers/csv'
import { setupHarness } from '../helpers/harness'
import { migrateDownAndUp } from '../helpers/migrations'
import { newClient, REQUEST_FIELDS } from '../helpers/request-fixtures'
import { eraseListed } from '../helpers/erase'
import { emptyCollections } from '../helpers/payload'

// A lead's timeline (notes, status changes with who, the quote's life with the customer, the
// e-mails), closing a lead as lost beside its status, and the latest quote on the lead for the
// lists and the CSV.
const h = setupHarness({ http: true })

beforeEach(async () => {
  await h.payload.db.deleteVersions({ collection: 'quotes', where: {} })
  await emptyCollections(h.payload, ['quotes', 'lead-events', 'leads', 'payload-jobs'])
  await h.payload.updateGlobal({
    slug: 'home-page',
    data: { ...homePageData(DEFAULT_HOME_CONTENT), _status: 'published' },
  })
})

let counter = 0
const newLead = () =>
  h.payload.create({
    collection: 'leads',
    data: { ...REQUEST_FIELDS, email: `timeline-${++counter}@example.com`, serviceType: 'rim_rash' } as never,
  })

const eventsOf = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { lead: { equals: lead } },
      sort: 'createdAt',
      depth: 0,
      pagination: false,
    })
  ).docs.map((e) => ({ kind: e.kind, text: e.text ?? null, by: e.by ?? null }))

async function sentQuote(lead: number) {
  const quote = await h.payload.create({
    collection: 'quotes',
    data: { lead, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 4 }] } as never,
  })
  const res = await h.http.post(`/api/quotes/${quote.id}/send`, { session: h.sessionOf('staff') })
  expect(res.status).toBe(200)
  const { tokenNonce } = await h.payload.findByID({
    collection: 'quotes',
    id: quote.id,
    showHiddenFields: true,
  })
  return { id: quote.id, token: customerLinkToken(h.payload.secret, tokenNonce!) }
}

const answer = (kind: 'accept' | 'changes', fields: Record<string, string>) =>
  h.http.post(`/api/quote-links/${kind}`, {
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      'X-Forwarded-For': newClient(),
    },
  })

describe('staff notes', () => {
  it('are written by approved staff in their own name, whatever the body claims', async () => {
    const lead = await newLead()
    const res = await h.http.post('/api/lead-events', {
      json: {
        lead: lead.id,
        kind: 'quote_accepted',
        text: '  Called, back Friday.  ',
        by: h.userOf('admin')!.id,
        createdAt: '2001-01-01T00:00:00.000Z',
        updatedAt: '2001-01-01T00:00:00.000Z',
      },
      session: h.sessionOf('staff'),
    })
    expect(res.status).toBe(201)
    expect(await eventsOf(lead.id)).toEqual([
      { kind: 'note', text: 'Called, back Friday.', by: h.userOf('staff')!.id },
    ])
    // Dated when written: a note cannot be backdated.
    const note = await h.payload.findByID({ collection: 'lead-events', id: res.body.doc.id })
    for (const stamp of [note.createdAt, note.updatedAt]) {
      expect(Math.abs(Date.parse(stamp) - Date.now())).toBeLessThan(60_000)
    }
  })

  it('need words, and nobody else writes, reads, edits or deletes them', async () => {
    const lead = await newLead()
    const empty = await h.http.post('/api/lead-events', {
      json: { lead: lead.id, text: '   ' },
      session: h.sessionOf('staff'),
    })
    expect(empty.status).toBe(400)
    expect(empty.body.errors[0].message).toBe('Write the note first.')
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const res = await h.http.post('/api/lead-events', {
        json: { lead: lead.id, text: 'Hello' },
        session: h.sessionOf(persona),
      })
      expect(res.status).toBe(403)
    }
    const note = await h.http.post('/api/lead-events', {
      json: { lead: lead.id, text: 'Kept as written' },
      session: h.sessionOf('staff'),
    })
    const id = note.body.doc.id
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const read = await h.http.get(`/api/lead-events/${id}`, { session: h.sessionOf(persona) })
      expect(read.status).toBe(403)
      const gql = await h.http.post('/api/graphql', {
        json: { query: '{ LeadEvents { docs { id text } } }' },
        session: h.sessionOf(persona),
      })
      expect(gql.body.data?.LeadEvents ?? null).toBeNull()
    }
    expect(
      (
        await h.http.patch(`/api/lead-events/${id}`, {
          json: { text: 'Rewritten' },
          session: h.sessionOf('admin'),
        })
      ).status,
    ).toBe(403)
    expect((await h.http.delete(`/api/lead-events/${id}`, { session: h.sessionOf('admin') })).status).toBe(
      403,
    )
    expect(await eventsOf(lead.id)).toEqual([
      { kind: 'note', text: 'Kept as written', by: h.userOf('staff')!.id },
    ])
  })
})

describe('the timeline', () => {
  it("records status changes with who made them, and the quote's sending, first view and acceptance", async () => {
    const lead = await newLead()
    await h.http.patch(`/api/leads/${lead.id}`, {
      json: { status: 'contacted' },
      session: h.sessionOf('admin'),
    })
    const { id, token } = await sentQuote(lead.id)
    await noteViewed(h.payload, id)
    await noteViewed(h.payload, id)
    expect((await answer('accept', { token })).status).toBe(200)
    const staff = h.userOf('staff')!.id
    expect(await eventsOf(lead.id)).toEqual([
      { kind: 'status', text: 'New → Contacted', by: h.userOf('admin')!.id },
      { kind: 'status', text: 'Contacted → Quoted', by: staff },
      { kind: 'quote_sent', text: 'Total $500', by: staff },
      { kind: 'quote_viewed', text: null, by: null },
      { kind: 'quote_accepted', text: 'By the customer', by: null },
    ])
  })

  it('records a request for changes with its words, and the e-mails as the mail server took them', async () => {
    const lead = await newLead()
    const { token } = await sentQuote(lead.id)
    expect((await answer('changes', { token, message: 'Can you do Saturday?' })).status).toBe(200)
    await h.payload.jobs.run({ silent: true })
    const events = await eventsOf(lead.id)
    expect(events).toContainEqual({ kind: 'quote_changes', text: 'Can you do Saturday?', by: null })
    expect(events.filter((e) => e.kind === 'email_sent').map((e) => e.text)).toEqual(
      expect.arrayContaining([
        'Quote request to the business',
        'Confirmation to the customer',
        'Quote to the customer',
        'Change request to the business',
      ]),
    )
  })

  it('goes with its lead, and with an erasure', async () => {
    const gone = await newLead()
    const erased = await newLead()
    for (const lead of [gone, erased]) {
      await h.http.post('/api/lead-events', {
        json: { lead: lead.id, text: 'Lives at 12 Oak St' },
        session: h.sessionOf('staff'),
      })
    }
    await h.payload.delete({ collection: 'leads', id: gone.id })
    const res = await eraseListed(h.http, h.sessionOf('staff'), { email: erased.email })
    expect(res.status).toBe(200)
    expect((await h.payload.count({ collection: 'lead-events' })).totalDocs).toBe(0)
  })
})

describe('deleting a lead', () => {
  it('takes the entry a job is adding at that moment with it', async () => {
    const lead = await newLead()
    // A job's timeline entry, written in a transaction not yet committed.
    const transactionID = (await h.payload.db.beginTransaction())!
    await h.payload.create({
      collection: 'lead-events',
      data: { lead: lead.id, kind: 'note', text: 'Mail sent' } as never,
      req: { transactionID } as never,
      overrideAccess: true,
    })
    const deleted = h.payload.delete({ collection: 'leads', id: lead.id })
    // Committed only once the delete waits on that transaction's lock.
    const waiting = async () => {
      const { rows } = (await h.payload.db.drizzle.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] }
      return rows[0].n
    }
    await expect.poll(waiting).toBeGreaterThan(0)
    await h.payload.db.commitTransaction(transactionID)
    await deleted
    expect(
      (await h.payload.count({ collection: 'lead-events', where: { lead: { equals: lead.id } } })).totalDocs,
    ).toBe(0)
    expect(
      (await h.payload.count({ collection: 'leads', where: { id: { equals: lead.id } } })).totalDocs,
    ).toBe(0)
  })
})

describe('the latest quote on the lead', () => {
  it("follows the quote: sent, then Accepted with its total and time, in Payload's list", async () => {
    const lead = await newLead()
    const { token } = await sentQuote(lead.id)
    expect(await h.payload.findByID({ collection: 'leads', id: lead.id })).toMatchObject({
      quoteStatus: 'sent',
      quoteTotal: 500,
      quoteAcceptedAt: null,
    })
    await answer('accept', { token })
    const accepted = await h.payload.findByID({ collection: 'leads', id: lead.id })
    expect(accepted).toMatchObject({ quoteStatus: 'accepted', quoteTotal: 500, status: 'quoted' })
    expect(accepted.quoteAcceptedAt).toBeTruthy()
    const listed = await h.http.get(`/api/leads?where[quoteStatus][equals]=accepted&depth=0`, {
      session: h.sessionOf('staff'),
    })
    expect(listed.body.docs.map((d: { id: number }) => d.id)).toEqual([lead.id])
  })

  it('is server-owned: no API caller can write it', async () => {
    const lead = await newLead()
    await h.http.patch(`/api/leads/${lead.id}`, {
      json: { quoteStatus: 'accepted', quoteTotal: 1, quoteAcceptedAt: new Date().toISOString() },
      session: h.sessionOf('admin'),
    })
    expect(await h.payload.findByID({ collection: 'leads', id: lead.id })).toMatchObject({
      quoteStatus: null,
      quoteTotal: null,
      quoteAcceptedAt: null,
    })
  })

  it('goes into the CSV in dollars and cents and the business time zone', async () => {
    await h.payload.updateGlobal({ slug: 'site-settings', data: { timeZone: 'America/Chicago' } })
    const lead = await newLead()
    const { id, token } = await sentQuote(lead.id)
    await answer('accept', { token })
    const acceptedAt = new Date((await h.payload.findByID({ collection: 'quotes', id })).acceptedAt!)
    const res = await h.http.post('/api/exports/download', {
      session: h.sessionOf('staff'),
      json: leadsExportRequest('', '', new Date()),
    })
    const row = csvRecords(res.text).find((r) => r['Lead ID'] === String(lead.id))
    expect(row).toMatchObject({ Quote: 'Accepted', 'Quote total (USD)': '500.00' })
    const chicago = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Chicago',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(acceptedAt)
    expect(row?.['Quote accepted']).toBe(chicago)
  })
})

describe('closing a lead as lost', () => {
  const close = (id: number, lostReason: string | null, persona: 'staff' | 'unapproved' = 'staff') =>
    h.http.patch(`/api/leads/${id}`, { json: { lostReason }, session: h.sessionOf(persona) })
  const ids = async (status: string) =>
    (await h.payload.find({ collection: 'leads', where: leadsWhere(status, ''), depth: 0 })).docs.map(
      (d) => d.id,
    )

  it('keeps its status, leaves the default list for the lost filter, and comes back when reopened', async () => {
    const open = await newLead()
    const lost = await newLead()
    await h.payload.update({ collection: 'leads', id: lost.id, data: { status: 'contacted' } })
    expect((await close(lost.id, 'out_of_area')).status).toBe(200)
    const closed = await h.payload.findByID({ collection: 'leads', id: lost.id })
    expect(closed).toMatchObject({ status: 'contacted', lostReason: 'out_of_area' })
    expect(closed.lostAt).toBeTruthy()
    expect(await ids('')).toEqual([open.id])
    expect(await ids('contacted')).toEqual([])
    expect(await ids('lost')).toEqual([lost.id])

    expect((await close(lost.id, null)).status).toBe(200)
    expect(await h.payload.findByID({ collection: 'leads', id: lost.id })).toMatchObject({
      lostReason: null,
      lostAt: null,
    })
    expect((await ids('')).sort()).toEqual([open.id, lost.id].sort())
    expect((await eventsOf(lost.id)).slice(-2)).toEqual([
      { kind: 'lost', text: 'Out of area', by: h.userOf('staff')!.id },
      { kind: 'reopened', text: null, by: h.userOf('staff')!.id },
    ])
  })

  it('takes only the four reasons, only from approved staff, and never from a visitor', async () => {
    const lead = await newLead()
    expect((await close(lead.id, 'too_expensive')).status).toBe(400)
    expect((await close(lead.id, 'declined', 'unapproved')).status).toBe(403)
    const visitor = await h.http.post('/api/leads', {
      json: { ...REQUEST_FIELDS, lostReason: 'duplicate' },
      headers: { 'X-Forwarded-For': newClient() },
    })
    expect(visitor.status).toBe(201)
    expect(visitor.body.doc.lostReason ?? null).toBeNull()
    expect((await h.payload.find({ collection: 'leads', where: leadsWhere('lost', '') })).totalDocs).toBe(0)
  })

  it('is counted apart in the weekly chart', async () => {
    await newLead()
    const lost = await newLead()
    await close(lost.id, 'no_answer')
    const weeks = await leadsPerWeek({ payload: h.payload, user: h.userOf('staff')! }, 'America/Chicago')
    const thisWeek = weeks[weeks.length - 1]
    expect({ count: thisWeek.count, lost: thisWeek.lost }).toEqual({ count: 1, lost: 1 })
  })
})

describe('the timeline migration', () => {
  it('goes down and up again, and shows quotes made before it on their leads', async () => {
    const lead = await newLead()
    await sentQuote(lead.id)
    await h.payload.db.deleteMany({ collection: 'lead-events', where: {} })
    await migrateDownAndUp(h.payload, 'lead_timeline')
    expect(await h.payload.findByID({ collection: 'leads', id: lead.id })).toMatchObject({
      quoteStatus: 'sent',
      quoteTotal: 500,
    })
  })
})
