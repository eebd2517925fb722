import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { type Doc, setupHarness } from '../helpers/harness'
import { clearRateLimits, emptyCollections } from '../helpers/payload'
import { newClient, REQUEST_FIELDS } from '../helpers/request-fixtures'
import { type FakeStripe, startFakeStripe } from '../helpers/stripe-server'

import { depositStateOf } from '@/payments/deposits'
import { openSlots } from '@/collections/Visits/bookings'
import { DEPOSIT_HOLDS_BOOKING } from '@/collections/Visits/endpoints/bookVisitForStaff'
import { LEAD_FORM_ERRORS } from '@/lib/lead-forms'
import { leadAdminPath } from '@/lib/server-url'
import { businessDay } from '@/lib/statements'
import { customerLinkToken } from '@/server/customer-link-token'
import { STRIPE_WEBHOOK_PATH } from '@/payments/stripe'

// The job page's Record deposit and Waive deposit (POST /api/leads/:id/deposit and
// /deposit-waive, plain forms): a customer who does not pay online goes ahead all the same. The
// deposit by hand is a payment of kind deposit on the quote, as Stripe's, and accepts the quote;
// a waiver accepts it without one. Either way a visit can be booked and the invoice drafted on
// completion deducts what was received, once.

const h = setupHarness({ http: true, partner: true })
let fake: FakeStripe
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows

const TOTAL = 27_500
const DEPOSIT = 5_500 // 20%
const ZONE = 'America/Chicago'
const today = () => businessDay(new Date().toISOString(), ZONE)
const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  fake = await startFakeStripe()
  Object.assign(process.env, fake.env)
})
afterAll(async () => {
  for (const name of Object.keys(fake.env)) delete process.env[name]
  await fake.close()
})

const settings = (deposit: Doc) =>
  h.payload.updateGlobal({
    slug: 'site-settings',
    data: {
      timeZone: ZONE,
      booking: { vans: 1, blockedTimes: [] },
      deposit: { mode: 'percent', percent: 20, aboveCents: 0, beforeBooking: true, ...deposit },
    },
  })

beforeEach(async () => {
  await emptyCollections(h.payload, [
    'payments',
    'invoices',
    'visits',
    'quotes',
    'lead-events',
    'leads',
    'payload-jobs',
  ])
  await db().execute(sql`DELETE FROM stripe_events`)
  await db().execute(sql`DELETE FROM stripe_checkout_sessions`)
  await clearRateLimits(h.payload)
  Object.assign(process.env, fake.env)
  fake.reset()
  await settings({})
})
afterAll(() => settings({ mode: 'none', beforeBooking: false }))

let counter = 0
let keys = 0
const formKey = () => `deposit-form-${String(++keys).padStart(8, '0')}`

/** A phoned-in customer's sent quote of $275.00, whose 20% deposit holds booking back. */
async function sentQuote() {
  const lead = await h.payload.create({
    collection: 'leads',
    data: {
      ...REQUEST_FIELDS,
      serviceType: 'rim_rash',
      status: 'quoted',
      email: `by-hand-${++counter}@example.com`,
      address: `${counter} S Lamar Blvd, Austin`,
    } as never,
  })
  const quote = await h.payload.create({
    collection: 'quotes',
    data: {
      lead: lead.id,
      lines: [
        { kind: 'free', description: 'Two rims, curb rash', amount: 250 },
        { kind: 'free', description: 'Shine and seal', amount: 25 },
      ],
    } as never,
  })
  expect((await h.http.post(`/api/quotes/${quote.id}/send`, { session: h.sessionOf('staff') })).status).toBe(
    200,
  )
  const { tokenNonce } = await h.payload.findByID({
    collection: 'quotes',
    id: quote.id,
    showHiddenFields: true,
  })
  return {
    lead: lead.id as number,
    quote: quote.id as number,
    token: customerLinkToken(h.payload.secret, tokenNonce!),
    back: leadAdminPath(lead.id),
  }
}
type Sent = Awaited<ReturnType<typeof sentQuote>>

type Options = { persona?: 'anonymous' | 'unapproved' | 'staff' | 'admin' | 'partner'; json?: boolean }
const form = (
  q: Sent,
  action: 'deposit' | 'deposit-waive',
  fields: Record<string, string>,
  o: Options = {},
) =>
  h.http.post(`/api/leads/${q.lead}/${action}`, {
    session: h.sessionOf(o.persona ?? 'staff'),
    body: new URLSearchParams({ back: q.back, quote: String(q.quote), ...fields }).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(o.json ? { Accept: 'application/json' } : {}),
    },
  })
const record = (q: Sent, fields: Record<string, string> = {}, o: Options = {}) =>
  form(q, 'deposit', { amount: '55.00', method: 'cash', date: today(), ...fields }, o)
const waive = (q: Sent, fields: Record<string, string> = {}, o: Options = {}) =>
  form(q, 'deposit-waive', fields, o)

const quoteOf = (id: number) => h.payload.findByID({ collection: 'quotes', id, depth: 0 })
const payments = () =>
  rows(
    sql`SELECT kind, method, amount_cents::int AS cents, quote_id, lead_id, invoice_id, recorded_by_id FROM payments ORDER BY id`,
  )
const timeline = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: {
        and: [
          { lead: { equals: lead } },
          { kind: { in: ['deposit_paid', 'deposit_waived', 'quote_accepted', 'visit_booked'] } },
        ],
      },
      sort: 'id',
      depth: 0,
    })
  ).docs.map((e) => [e.kind, e.text ?? null, typeof e.by === 'object' ? (e.by?.id ?? null) : (e.by ?? null)])
const book = async (q: Sent) => {
  const [slot] = await openSlots(h.payload)
  return h.http.post('/api/visits/book', {
    session: h.sessionOf('staff'),
    json: { lead: q.lead, start: slot.start },
  })
}
// Marked completed on the job page, its visit (still ahead) cancelled as the page confirms.
const complete = async (q: Sent) => {
  const [visit] = await rows<{ id: number }>(sql`SELECT id FROM visits WHERE lead_id = ${q.lead}`)
  const res = await h.http.post(`/api/leads/${q.lead}/status`, {
    session: h.sessionOf('staff'),
    body: new URLSearchParams({
      status: 'completed',
      back: q.back,
      visit: String(visit?.id ?? ''),
    }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
  })
  return res
}
const invoicesOf = async (lead: number) =>
  (await h.payload.find({ collection: 'invoices', where: { lead: { equals: lead } }, depth: 0 })).docs

describe('who may record or waive a deposit', () => {
  it('only approved staff: anyone else is refused and nothing changes', async () => {
    const q = await sentQuote()
    for (const persona of ['anonymous', 'unapproved', 'partner'] as const) {
      expect((await record(q, { key: formKey() }, { persona })).status, persona).toBe(403)
      expect((await waive(q, {}, { persona })).status, persona).toBe(403)
    }
    expect(await payments()).toEqual([])
    expect(await quoteOf(q.quote)).toMatchObject({ status: 'sent', depositWaivedAt: null })
    expect(await timeline(q.lead)).toEqual([])
  })
})

describe('a deposit recorded by hand', () => {
  it('is a deposit on the quote, accepts it, opens booking, and the invoice deducts it once', async () => {
    const q = await sentQuote()
    // Nothing could be booked for this customer before: the deposit is owed, and only Stripe took it.
    expect((await book(q)).body).toEqual({ errors: [{ message: DEPOSIT_HOLDS_BOOKING }] })

    const res = await record(q, { key: formKey() })
    expect([res.status, res.headers.get('location')]).toEqual([303, `${q.back}?done=deposit`])
    const staff = h.userOf('staff')!.id
    expect(await payments()).toEqual([
      {
        kind: 'deposit',
        method: 'cash',
        cents: DEPOSIT,
        quote_id: q.quote,
        lead_id: q.lead,
        invoice_id: null,
        recorded_by_id: staff,
      },
    ])
    const quote = await quoteOf(q.quote)
    expect(quote.status).toBe('accepted')
    expect(quote.acceptedAt).toBeTruthy()
    expect((await h.payload.findByID({ collection: 'leads', id: q.lead })).quoteStatus).toBe('accepted')
    expect(await timeline(q.lead)).toEqual([
      ['deposit_paid', '$55.00 · Cash', staff],
      ['quote_accepted', 'For the customer, with the deposit received', staff],
    ])
    expect(await depositStateOf(h.payload, undefined, quote)).toMatchObject({
      dueCents: DEPOSIT,
      paidCents: DEPOSIT,
      outstanding: false,
      holdsBooking: false,
    })
    // The customer's link asks for nothing more: the quote is accepted and paid.
    const accept = await h.http.post('/api/quote-links/accept', {
      body: new URLSearchParams({ token: q.token }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-Forwarded-For': newClient(),
      },
    })
    expect(accept.status).toBe(409)
    expect(fake.sessions.size).toBe(0)

    const booked = await book(q)
    expect([booked.status, booked.body.message]).toEqual([201, 'Visit booked.'])

    expect((await complete(q)).status).toBe(200)
    const [draft] = await invoicesOf(q.lead)
    expect(draft).toMatchObject({
      kind: 'invoice',
      status: 'draft',
      quote: q.quote,
      totalCents: TOTAL,
      depositCents: DEPOSIT,
      balanceCents: TOTAL - DEPOSIT,
    })
    const sent = await h.http.post(`/api/invoices/${draft.id}/send`, { session: h.sessionOf('staff') })
    expect(sent.status).toBe(200)
    expect(await h.payload.findByID({ collection: 'invoices', id: draft.id, depth: 0 })).toMatchObject({
      // Sent, as with a deposit paid online: nothing paid on the invoice itself yet.
      status: 'sent',
      depositCents: DEPOSIT,
      paidCents: 0,
      balanceCents: TOTAL - DEPOSIT,
    })
    // In the books once: one row, the deposit, still on the quote.
    expect((await payments()).map((p) => [p.kind, p.cents, p.invoice_id])).toEqual([
      ['deposit', DEPOSIT, null],
    ])
  })

  it('takes any hand method and a recent day, as hand payments do; the script gets JSON', async () => {
    const q = await sentQuote()
    const res = await record(
      q,
      { amount: '60', method: 'zelle', date: dayBefore(today(), 3), key: formKey() },
      { json: true },
    )
    expect([res.status, res.body]).toEqual([
      201,
      { message: 'Deposit recorded', location: `${q.back}?done=deposit` },
    ])
    const [row] = await rows<{ method: string; cents: number; day: string }>(sql`
      SELECT method, amount_cents::int AS cents,
        to_char(received_at AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS day FROM payments`)
    expect(row).toEqual({ method: 'zelle', cents: 6_000, day: dayBefore(today(), 3) })
    expect((await quoteOf(q.quote)).status).toBe('accepted')
  })

  it('refuses less than the deposit, more than the quote, a bad method or day: 400, nothing changed', async () => {
    const q = await sentQuote()
    const cases: [Record<string, string>, keyof typeof LEAD_FORM_ERRORS][] = [
      [{ amount: '54.99' }, 'deposit-small'],
      [{ amount: '275.01' }, 'deposit-large'],
      [{ amount: '' }, 'deposit-amount'],
      [{ amount: '-55' }, 'deposit-amount'],
      [{ amount: '55.001' }, 'deposit-amount'],
      [{ method: 'card_online' }, 'payment-method'],
      [{ method: 'bitcoin' }, 'payment-method'],
      [{ date: dayBefore(today(), -1) }, 'deposit-date'],
      [{ date: dayBefore(today(), 91) }, 'deposit-date'],
      [{ date: '2026-02-30' }, 'deposit-date'],
      [{ date: '' }, 'deposit-date'],
    ]
    for (const [fields, error] of cases) {
      const res = await record(q, { key: formKey(), ...fields }, { json: true })
      expect([res.status, res.body], JSON.stringify(fields)).toEqual([
        400,
        { errors: [{ message: LEAD_FORM_ERRORS[error] }], location: `${q.back}?error=${error}` },
      ])
      // Without the script, the browser is sent back with the same refusal.
      const page = await record(q, { key: formKey(), ...fields })
      expect([page.status, page.headers.get('location')]).toEqual([303, `${q.back}?error=${error}`])
    }
    expect(await payments()).toEqual([])
    expect((await quoteOf(q.quote)).status).toBe('sent')
    expect(await timeline(q.lead)).toEqual([])
  })

  it('is recorded once for the same form posted twice, even at once; another form finds it paid', async () => {
    const q = await sentQuote()
    const key = formKey()
    const both = await Promise.all([record(q, { key }), record(q, { key })])
    expect(both.map((r) => r.headers.get('location'))).toEqual([
      `${q.back}?done=deposit`,
      `${q.back}?done=deposit`,
    ])
    const again = await record(q, { key: formKey() }, { json: true })
    expect([again.status, again.body]).toEqual([
      409,
      {
        errors: [{ message: LEAD_FORM_ERRORS['deposit-settled'] }],
        location: expect.stringMatching(/\?error=deposit-settled$/),
      },
    ])
    // Two phones at once, each with its own form: one deposit.
    const other = await sentQuote()
    const race = await Promise.all([record(other, { key: formKey() }), record(other, { key: formKey() })])
    expect(race.map((r) => r.headers.get('location')).sort()).toEqual([
      `${other.back}?done=deposit`,
      `${other.back}?error=deposit-settled`,
    ])
    expect((await payments()).map((p) => [p.quote_id, p.cents])).toEqual([
      [q.quote, DEPOSIT],
      [other.quote, DEPOSIT],
    ])
    expect((await timeline(q.lead)).map(([kind]) => kind)).toEqual(['deposit_paid', 'quote_accepted'])
  })

  it('is refused once the deposit was paid online: nothing recorded twice', async () => {
    const q = await sentQuote()
    const accept = await h.http.post('/api/quote-links/accept', {
      body: new URLSearchParams({ token: q.token }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-Forwarded-For': newClient(),
      },
    })
    const session = fake.sessions.get(String(accept.body.url).split('/').at(-1)!)!
    fake.pay(session.id)
    const body = fake.event('checkout.session.completed', { ...session, sent: undefined })
    const paid = await h.http.post(STRIPE_WEBHOOK_PATH, {
      body,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': fake.sign(body) },
      origin: null,
    })
    expect(paid.status).toBe(200)
    const res = await record(q, { key: formKey() }, { json: true })
    expect([res.status, res.body]).toEqual([
      409,
      {
        errors: [{ message: LEAD_FORM_ERRORS['deposit-settled'] }],
        location: expect.stringMatching(/\?error=deposit-settled$/),
      },
    ])
    expect((await payments()).map((p) => [p.method, p.cents])).toEqual([['card_online', DEPOSIT]])
  })

  it("refuses another lead's quote, and a quote not sent", async () => {
    const q = await sentQuote()
    const other = await sentQuote()
    const res = await record({ ...q, quote: other.quote }, { key: formKey() }, { json: true })
    expect([res.status, res.body]).toEqual([
      409,
      {
        errors: [{ message: LEAD_FORM_ERRORS['deposit-quote'] }],
        location: expect.stringMatching(/\?error=deposit-quote$/),
      },
    ])
    expect(await payments()).toEqual([])
    expect((await quoteOf(other.quote)).status).toBe('sent')
  })
})

describe('a deposit waived', () => {
  it('accepts the quote without one, says who and why, opens booking; the invoice deducts nothing', async () => {
    const q = await sentQuote()
    const res = await waive(q, { reason: 'Regular customer, pays on the day' })
    expect([res.status, res.headers.get('location')]).toEqual([303, `${q.back}?done=deposit-waived`])
    const staff = h.userOf('staff')!.id
    const quote = await quoteOf(q.quote)
    expect(quote).toMatchObject({ status: 'accepted', depositWaivedBy: staff })
    expect(quote.depositWaivedAt).toBeTruthy()
    expect(await timeline(q.lead)).toEqual([
      ['deposit_waived', 'Regular customer, pays on the day', staff],
      ['quote_accepted', 'For the customer, without a deposit', staff],
    ])
    expect(await depositStateOf(h.payload, undefined, quote)).toMatchObject({
      dueCents: 0,
      outstanding: false,
      holdsBooking: false,
    })
    // Again (a second tap): nothing more; and no deposit can be recorded on it now.
    expect((await waive(q, {}, { json: true })).status).toBe(200)
    expect((await timeline(q.lead)).length).toBe(2)
    expect((await record(q, { key: formKey() }, { json: true })).status).toBe(409)

    const booked = await book(q)
    expect(booked.status).toBe(201)
    expect((await complete(q)).status).toBe(200)
    const [draft] = await invoicesOf(q.lead)
    expect(draft).toMatchObject({ quote: q.quote, totalCents: TOTAL, depositCents: 0, balanceCents: TOTAL })
    expect(await payments()).toEqual([])
  })

  it('needs no reason, and is refused where no deposit is owed', async () => {
    const q = await sentQuote()
    expect((await waive(q, {}, { json: true })).body).toEqual({
      message: 'Deposit waived',
      location: expect.stringMatching(/\?done=deposit-waived$/),
    })
    expect((await timeline(q.lead))[0]).toEqual(['deposit_waived', null, h.userOf('staff')!.id])
    const paid = await sentQuote()
    expect((await record(paid, { key: formKey() })).status).toBe(303)
    const res = await waive(paid, {}, { json: true })
    expect([res.status, res.body]).toEqual([
      409,
      {
        errors: [{ message: LEAD_FORM_ERRORS['deposit-settled'] }],
        location: expect.stringMatching(/\?error=deposit-settled$/),
      },
    ])
    expect((await quoteOf(paid.quote)).depositWaivedAt).toBeNull()
    const long = await waive(await sentQuote(), { reason: 'x'.repeat(201) }, { json: true })
    expect(long.status).toBe(400)
  })
})

describe("a customer's Stripe page for the deposit, still open", () => {
  // The customer opened the deposit's page (Accept on their link), then paid at the van instead.
  const openDepositPage = async (q: Sent) => {
    const res = await h.http.post('/api/quote-links/accept', {
      body: new URLSearchParams({ token: q.token }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-Forwarded-For': newClient(),
      },
    })
    const url = (res.body as { url?: string }).url
    expect(url, JSON.stringify(res.body)).toBeTruthy()
    return fake.sessions.get(url!.split('/').at(-1)!)!
  }
  const closed = () =>
    rows<{ closed: boolean }>(sql`SELECT closed_at IS NOT NULL AS closed FROM stripe_checkout_sessions`)

  it('is expired at Stripe once the deposit is recorded by hand, so it cannot be paid twice', async () => {
    const q = await sentQuote()
    const session = await openDepositPage(q)
    expect(session.status).toBe('open')
    expect((await record(q, { key: formKey() }, { json: true })).status).toBe(201)
    await h.payload.jobs.run({ silent: true })
    expect(fake.expired).toEqual([session.id])
    expect(session.status).toBe('expired')
    expect(await closed()).toEqual([{ closed: true }])
  })

  it('is expired at Stripe once the deposit is waived', async () => {
    const q = await sentQuote()
    const session = await openDepositPage(q)
    expect((await waive(q, {}, { json: true })).status).toBe(200)
    await h.payload.jobs.run({ silent: true })
    expect(fake.expired).toEqual([session.id])
    expect(await closed()).toEqual([{ closed: true }])
  })
})
