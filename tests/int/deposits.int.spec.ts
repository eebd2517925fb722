import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { clearRateLimits, emptyCollections } from '../helpers/payload'
import { newClient, REQUEST_FIELDS } from '../helpers/request-fixtures'
import { type FakeCharge, type FakeStripe, startFakeStripe } from '../helpers/stripe-server'

import { depositStateOf } from '@/payments/deposits'
import { openSlots } from '@/collections/Visits/bookings'
import { DEPOSIT_HOLDS_BOOKING } from '@/collections/Visits/endpoints/bookVisitForStaff'
import { customerLinkToken } from '@/server/customer-link-token'
import { STRIPE_WEBHOOK_PATH } from '@/payments/stripe'

// A deposit on accepting a quote (SiteSettings `deposit`): Accept goes to Stripe for the amount
// the server works out; only the signed webhook records it and accepts the quote; a visit waits
// for it when the owner says so, at either door; the invoice drafted on completion deducts it.

const h = setupHarness({ http: true })
let fake: FakeStripe
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows

const TOTAL = 27_500
const DEPOSIT = 5_500 // 20%

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
      timeZone: 'America/Chicago',
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
/** A sent quote of $275.00 for a new lead with an address, and its link's token. */
async function sentQuote() {
  const lead = await h.payload.create({
    collection: 'leads',
    data: {
      ...REQUEST_FIELDS,
      serviceType: 'rim_rash',
      status: 'quoted',
      email: `deposit-${++counter}@example.com`,
      address: `${counter} S Congress Ave, Austin`,
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
  const { tokenNonce, totalCents } = await h.payload.findByID({
    collection: 'quotes',
    id: quote.id,
    showHiddenFields: true,
  })
  expect(totalCents).toBe(TOTAL)
  return {
    lead: lead.id as number,
    quote: quote.id as number,
    token: customerLinkToken(h.payload.secret, tokenNonce!),
  }
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
const accept = (token: string, extra: Record<string, string> = {}) =>
  post('/api/quote-links/accept', { token, ...extra })
const deliver = (body: string, signature = fake.sign(body)) =>
  h.http.post(STRIPE_WEBHOOK_PATH, {
    body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    origin: null,
  })
const sessionOf = (url: string) => fake.sessions.get(url.split('/').at(-1)!)!

/** The customer pays on Stripe's page; the events Stripe then sends. */
function pay(url: string) {
  const session = sessionOf(url)
  const { paymentIntent, charge } = fake.pay(session.id)
  // The charge once its refunds in Stripe's dashboard add up to `total`, as `charge.refunded` carries it.
  const snapshots = new Map<number, FakeCharge>()
  return {
    paymentIntent,
    refunded: (total: number) => {
      if (!snapshots.has(total))
        snapshots.set(total, fake.refund(charge, total - fake.charges.get(charge)!.amount_refunded).charge)
      return fake.event('charge.refunded', snapshots.get(total)!)
    },
    completed: fake.event('checkout.session.completed', { ...session, sent: undefined }),
    succeeded: fake.event('payment_intent.succeeded', {
      id: paymentIntent,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      status: 'succeeded',
      metadata: session.metadata,
    }),
  }
}

const quoteStatus = async (id: number) =>
  (await h.payload.findByID({ collection: 'quotes', id, depth: 0 })).status
const deposits = () =>
  rows(
    sql`SELECT kind, method, amount_cents::int AS cents, quote_id, lead_id, invoice_id FROM payments ORDER BY id`,
  )
const timeline = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: {
        and: [
          { lead: { equals: lead } },
          { kind: { in: ['deposit_paid', 'quote_accepted', 'visit_booked'] } },
        ],
      },
      sort: 'id',
      depth: 0,
    })
  ).docs.map((e) => [e.kind, e.text])

describe('accepting a quote with a deposit due', () => {
  it('goes to Stripe for the amount the server works out, one session for two taps; the quote waits', async () => {
    const q = await sentQuote()
    const first = await accept(q.token)
    // Whatever the form says it pays, the server asks for 20% of the quote.
    const second = await accept(q.token, { amountCents: '1', amount: '1' })
    expect([first.status, first.body.message]).toEqual([200, 'To Stripe.'])
    expect(second.body.url).toBe(first.body.url)
    expect(fake.sessions.size).toBe(1)
    expect(sessionOf(first.body.url)).toMatchObject({
      amount_total: DEPOSIT,
      metadata: { kind: 'deposit', quote: String(q.quote), lead: String(q.lead) },
      customer_email: `deposit-${counter}@example.com`,
    })
    expect(sessionOf(first.body.url).success_url).toMatch(/\/quote\/.+\?deposit=paid$/)
    expect(await quoteStatus(q.quote)).toBe('sent')
    expect(await deposits()).toEqual([])
    expect(await timeline(q.lead)).toEqual([])
  })

  it('is recorded from the signed webhook once: the deposit, "Deposit paid", the quote accepted', async () => {
    const q = await sentQuote()
    const events = pay((await accept(q.token)).body.url)

    // A forged event (not signed with our secret) changes nothing.
    const forged = await deliver(events.completed, fake.sign(events.completed, 'whsec_not_ours'))
    expect(forged.status).toBe(400)
    expect(await deposits()).toEqual([])
    expect(await quoteStatus(q.quote)).toBe('sent')

    const res = await deliver(events.completed)
    expect([res.status, res.body.outcome]).toEqual([200, 'recorded'])
    // Replayed, and told again by the payment intent's own event: still one deposit.
    expect((await deliver(events.completed)).body.outcome).toBe('duplicate')
    expect((await deliver(events.succeeded)).body.outcome).toBe('ignored')
    expect(await deposits()).toEqual([
      {
        kind: 'deposit',
        method: 'card_online',
        cents: DEPOSIT,
        quote_id: q.quote,
        lead_id: q.lead,
        invoice_id: null,
      },
    ])
    expect(await quoteStatus(q.quote)).toBe('accepted')
    expect(await timeline(q.lead)).toEqual([
      ['deposit_paid', '$55.00 · Card online (Stripe)'],
      ['quote_accepted', 'By the customer, with the deposit'],
    ])
    // Accept again: nothing left to pay, nothing to accept.
    expect((await accept(q.token)).status).toBe(409)
    expect(fake.sessions.size).toBe(1)
  })
})

describe('a deposit for another amount than its Stripe page asked', () => {
  it('of a cent for $55 is booked and flagged, and accepts nothing: the deposit is still to pay', async () => {
    const q = await sentQuote()
    const events = pay((await accept(q.token)).body.url)
    const cent = events.completed.replace(`"amount_total": ${DEPOSIT}`, '"amount_total": 1')
    expect(cent).not.toBe(events.completed)
    expect((await deliver(cent)).body.outcome).toBe('recorded')
    expect((await deposits()).map((p) => [p.kind, p.cents])).toEqual([['deposit', 1]])
    expect(await quoteStatus(q.quote)).toBe('sent')
    expect(await timeline(q.lead)).toEqual([['deposit_paid', '$0.01 · Card online (Stripe)']])
    const flags = await h.payload.find({
      collection: 'lead-events',
      where: { and: [{ lead: { equals: q.lead } }, { kind: { equals: 'payment_check' } }] },
      depth: 0,
    })
    expect(flags.docs.map((e) => e.text)).toEqual([
      '$0.01 deposit paid by card where its Stripe page asked $55.00: the quote is not accepted by it; check it in Stripe',
    ])
    const quote = await h.payload.findByID({ collection: 'quotes', id: q.quote, depth: 0 })
    expect(await depositStateOf(h.payload, undefined, quote)).toMatchObject({
      paidCents: 1,
      outstanding: true,
      holdsBooking: true,
    })
    // Accepting again goes to Stripe again, for the deposit.
    const again = await accept(q.token)
    expect([again.status, again.body.message]).toEqual([200, 'To Stripe.'])
    expect(sessionOf(again.body.url).amount_total).toBe(DEPOSIT)
  })
})

describe('booking while the deposit is unpaid', () => {
  it('is refused at the customer’s link and the staff endpoint, storing nothing; open once paid', async () => {
    // Accepted while no deposit was asked; then the owner asks for one before any visit.
    await settings({ mode: 'none' })
    const q = await sentQuote()
    expect((await accept(q.token)).body.message).toBe('Quote accepted.')
    await settings({})
    const [slot] = await openSlots(h.payload)

    const customer = await post('/api/quote-links/book', { token: q.token, start: slot.start })
    expect([customer.status, customer.body]).toEqual([409, { outcome: 'deposit_due' }])
    const staff = await h.http.post('/api/visits/book', {
      session: h.sessionOf('staff'),
      json: { lead: q.lead, start: slot.start, address: '9 Other St, Austin' },
    })
    expect([staff.status, staff.body]).toEqual([409, { errors: [{ message: DEPOSIT_HOLDS_BOOKING }] }])
    expect(await rows(sql`SELECT id FROM visits`)).toEqual([])
    expect((await h.payload.findByID({ collection: 'leads', id: q.lead })).address).toBe(
      `${counter} S Congress Ave, Austin`,
    )
    expect(await timeline(q.lead)).toEqual([['quote_accepted', 'By the customer']])

    // The accepted quote's page offers the deposit alone; paid, the booking opens.
    const events = pay((await accept(q.token)).body.url)
    expect((await deliver(events.completed)).status).toBe(200)
    expect(await quoteStatus(q.quote)).toBe('accepted')
    const booked = await post('/api/quote-links/book', { token: q.token, start: slot.start })
    expect(booked.body).toEqual({ outcome: 'booked' })
  })

  it('goes ahead when the owner does not hold visits for the deposit, or takes no cards online', async () => {
    await settings({ beforeBooking: false })
    const q = await sentQuote()
    expect((await accept(q.token)).body.message).toBe('To Stripe.')
    // No Stripe keys: Accept accepts at once and the customer is told to call about the deposit.
    for (const name of Object.keys(fake.env)) delete process.env[name]
    await settings({})
    expect((await accept(q.token)).body.message).toBe('Quote accepted.')
    const [slot] = await openSlots(h.payload)
    expect((await post('/api/quote-links/book', { token: q.token, start: slot.start })).body).toEqual({
      outcome: 'booked',
    })
  })
})

describe('the invoice of a job with a deposit', () => {
  it('deducts the deposit paid: the balance is the rest', async () => {
    const q = await sentQuote()
    expect((await deliver(pay((await accept(q.token)).body.url).completed)).status).toBe(200)
    await h.payload.update({ collection: 'leads', id: q.lead, data: { status: 'completed' } })
    const [draft] = (
      await h.payload.find({ collection: 'invoices', where: { lead: { equals: q.lead } }, depth: 0 })
    ).docs
    expect(draft).toMatchObject({
      quote: q.quote,
      totalCents: TOTAL,
      depositCents: DEPOSIT,
      balanceCents: TOTAL - DEPOSIT,
    })
    // Staff cannot claim a deposit for the invoice: the figure is the server's.
    const patched = await h.http.patch(`/api/invoices/${draft.id}`, {
      session: h.sessionOf('staff'),
      json: { depositCents: TOTAL, note: 'Thanks' },
    })
    expect(patched.status).toBe(200)
    const sent = await h.http.post(`/api/invoices/${draft.id}/send`, { session: h.sessionOf('staff') })
    expect(sent.status).toBe(200)
    expect(await h.payload.findByID({ collection: 'invoices', id: draft.id, depth: 0 })).toMatchObject({
      status: 'sent',
      depositCents: DEPOSIT,
      balanceCents: TOTAL - DEPOSIT,
    })
  })

  it('does not deduct a refunded deposit; a refund told before its deposit waits for it', async () => {
    const q = await sentQuote()
    const events = pay((await accept(q.token)).body.url)
    const early = await deliver(events.refunded(DEPOSIT))
    expect(early.status).toBe(409)
    expect(await deposits()).toEqual([])
    expect((await deliver(events.completed)).status).toBe(200)
    expect((await deliver(events.refunded(DEPOSIT))).body.outcome).toBe('recorded')
    expect((await deposits()).map((p) => [p.kind, p.cents, p.quote_id])).toEqual([
      ['deposit', DEPOSIT, q.quote],
      ['refund', DEPOSIT, q.quote],
    ])
    await h.payload.update({ collection: 'leads', id: q.lead, data: { status: 'completed' } })
    const [draft] = (
      await h.payload.find({ collection: 'invoices', where: { lead: { equals: q.lead } }, depth: 0 })
    ).docs
    expect(draft).toMatchObject({ depositCents: 0, balanceCents: TOTAL })
  })
})

/** The lead marked completed (which drafts its invoice from the quote), and that draft. */
async function completed(lead: number) {
  await h.payload.update({ collection: 'leads', id: lead, data: { status: 'completed' } })
  const [draft] = (
    await h.payload.find({ collection: 'invoices', where: { lead: { equals: lead } }, depth: 0 })
  ).docs
  return draft
}
const send = async (invoice: number) =>
  expect((await h.http.post(`/api/invoices/${invoice}/send`, { session: h.sessionOf('staff') })).status).toBe(
    200,
  )
const invoiceOf = (id: number) => h.payload.findByID({ collection: 'invoices', id, depth: 0 })
const stateOf = async (quote: number) =>
  depositStateOf(
    h.payload,
    undefined,
    await h.payload.findByID({ collection: 'quotes', id: quote, depth: 0 }),
  )
const overpaid = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { and: [{ lead: { equals: lead } }, { kind: { equals: 'overpaid' } }] },
      depth: 0,
    })
  ).docs.map((e) => e.text)

// Accepted while no deposit was asked; then the owner asks for 20%, held before booking.
async function acceptedBeforeDeposits() {
  await settings({ mode: 'none' })
  const q = await sentQuote()
  expect((await accept(q.token)).body.message).toBe('Quote accepted.')
  await settings({})
  return q
}

describe('a deposit once the job is invoiced', () => {
  it('is no longer asked, on the page or at the accept endpoint, once an invoice is drafted or sent', async () => {
    const q = await acceptedBeforeDeposits()
    expect(await stateOf(q.quote)).toMatchObject({ dueCents: DEPOSIT, outstanding: true, holdsBooking: true })

    const draft = await completed(q.lead)
    for (const stage of ['draft', 'sent']) {
      if (stage === 'sent') await send(draft.id)
      // What the page draws from: no "Pay deposit", no visit held back for it.
      expect(await stateOf(q.quote)).toMatchObject({ dueCents: 0, outstanding: false, holdsBooking: false })
      const again = await accept(q.token)
      expect([stage, again.status, again.body]).toEqual([
        stage,
        409,
        { message: 'This quote cannot be answered any more.' },
      ])
    }
    expect(fake.sessions.size).toBe(0)
    expect(await deposits()).toEqual([])
  })

  it('paid on a page opened before the invoice, is deducted from the invoice; refunded, owed again', async () => {
    const q = await acceptedBeforeDeposits()
    // The customer opens Stripe's page for the deposit; the job is done and invoiced meanwhile.
    const events = pay((await accept(q.token)).body.url)
    const draft = await completed(q.lead)
    await send(draft.id)
    expect(await invoiceOf(draft.id)).toMatchObject({ depositCents: 0, balanceCents: TOTAL })

    expect((await deliver(events.completed)).body.outcome).toBe('recorded')
    expect(await invoiceOf(draft.id)).toMatchObject({
      status: 'sent',
      depositCents: DEPOSIT,
      paidCents: 0,
      balanceCents: TOTAL - DEPOSIT,
    })
    // The pay link now asks for the rest only.
    expect(await overpaid(q.lead)).toEqual([])

    expect((await deliver(events.refunded(DEPOSIT))).body.outcome).toBe('recorded')
    expect(await invoiceOf(draft.id)).toMatchObject({ status: 'sent', depositCents: 0, balanceCents: TOTAL })
  })

  it('paid while the invoice is a draft, is on the draft at once and on the invoice sent', async () => {
    const q = await acceptedBeforeDeposits()
    const events = pay((await accept(q.token)).body.url)
    const draft = await completed(q.lead)
    expect(draft).toMatchObject({ depositCents: 0, balanceCents: TOTAL })
    expect((await deliver(events.completed)).body.outcome).toBe('recorded')
    expect(await invoiceOf(draft.id)).toMatchObject({
      status: 'draft',
      depositCents: DEPOSIT,
      balanceCents: TOTAL - DEPOSIT,
    })
    await send(draft.id)
    expect(await invoiceOf(draft.id)).toMatchObject({
      status: 'sent',
      depositCents: DEPOSIT,
      balanceCents: TOTAL - DEPOSIT,
    })
    expect(await overpaid(q.lead)).toEqual([])
  })

  it('taken as well as the full invoice is flagged to be given back', async () => {
    const q = await acceptedBeforeDeposits()
    const events = pay((await accept(q.token)).body.url)
    const draft = await completed(q.lead)
    await send(draft.id)
    // Paid in full at the van before Stripe tells of the deposit.
    await h.payload.create({
      collection: 'payments',
      data: { invoice: draft.id, method: 'cash', amountCents: TOTAL } as never,
      user: h.userOf('staff'),
      overrideAccess: false,
    })
    expect((await invoiceOf(draft.id)).status).toBe('paid')

    expect((await deliver(events.completed)).body.outcome).toBe('recorded')
    const invoice = await invoiceOf(draft.id)
    expect(invoice).toMatchObject({
      status: 'paid',
      depositCents: DEPOSIT,
      paidCents: TOTAL,
      balanceCents: -DEPOSIT,
    })
    expect(await overpaid(q.lead)).toEqual([
      `$55.00 more than invoice ${invoice.number} owed, paid by card: refund it in Stripe`,
    ])
    // Given back in Stripe: the invoice is square.
    expect((await deliver(events.refunded(DEPOSIT))).body.outcome).toBe('recorded')
    expect(await invoiceOf(draft.id)).toMatchObject({ status: 'paid', depositCents: 0, balanceCents: 0 })
  })

  it('paid before the invoice and refunded after it was sent, is owed again on the invoice', async () => {
    const q = await sentQuote()
    const events = pay((await accept(q.token)).body.url)
    expect((await deliver(events.completed)).status).toBe(200)
    const draft = await completed(q.lead)
    await send(draft.id)
    expect(await invoiceOf(draft.id)).toMatchObject({ depositCents: DEPOSIT, balanceCents: TOTAL - DEPOSIT })

    expect((await deliver(events.refunded(2_000))).body.outcome).toBe('recorded')
    expect(await invoiceOf(draft.id)).toMatchObject({
      status: 'sent',
      depositCents: DEPOSIT - 2_000,
      balanceCents: TOTAL - DEPOSIT + 2_000,
    })
  })
})

describe('a deposit whose quote is deleted afterwards', () => {
  it('stays deducted from the invoice: paying the rest settles it, and a draft saved again keeps it', async () => {
    const q = await sentQuote()
    expect((await deliver(pay((await accept(q.token)).body.url).completed)).status).toBe(200)
    const draft = await completed(q.lead)
    expect(draft).toMatchObject({ depositCents: DEPOSIT, balanceCents: TOTAL - DEPOSIT })
    // The quote goes (a staff delete; an erasure deletes it too): the deposit then names no quote.
    const removed = await h.http.delete(`/api/quotes/${q.quote}`, { session: h.sessionOf('staff') })
    expect(removed.status).toBe(200)
    expect(await deposits()).toEqual([expect.objectContaining({ kind: 'deposit', quote_id: null })])

    const saved = await h.http.patch(`/api/invoices/${draft.id}`, {
      session: h.sessionOf('staff'),
      json: { note: 'Thanks' },
    })
    expect(saved.status).toBe(200)
    expect(await invoiceOf(draft.id)).toMatchObject({ depositCents: DEPOSIT, balanceCents: TOTAL - DEPOSIT })
    await send(draft.id)
    await h.payload.create({
      collection: 'payments',
      data: { invoice: draft.id, method: 'cash', amountCents: TOTAL - DEPOSIT } as never,
      user: h.userOf('staff'),
      overrideAccess: false,
    })
    expect(await invoiceOf(draft.id)).toMatchObject({
      status: 'paid',
      depositCents: DEPOSIT,
      paidCents: TOTAL - DEPOSIT,
      balanceCents: 0,
    })
    expect(await overpaid(q.lead)).toEqual([])
  })
})

describe("a deposit's Checkout Session once the job is invoiced", () => {
  const sessions = () =>
    rows(sql`
      SELECT id, quote_id, invoice_id, amount_cents::int AS cents, closed_at IS NOT NULL AS closed
      FROM stripe_checkout_sessions ORDER BY created_at`)
  const expiryJobs = () => rows(sql`SELECT id FROM payload_jobs WHERE task_slug = 'expireDepositSessions'`)
  const runJobs = () => h.payload.jobs.run({ silent: true })

  it('is kept with its quote, and expired at Stripe once the invoice is drafted', async () => {
    const q = await acceptedBeforeDeposits()
    const session = sessionOf((await accept(q.token)).body.url)
    expect(await sessions()).toEqual([
      { id: session.id, quote_id: q.quote, invoice_id: null, cents: DEPOSIT, closed: false },
    ])

    await completed(q.lead)
    expect(await expiryJobs()).toHaveLength(1)
    await runJobs()
    expect(fake.expired).toEqual([session.id])
    expect(session.status).toBe('expired')
    expect((await sessions()).map((s) => s.closed)).toEqual([true])
  })

  it('is expired once the lead gets an invoice of its own, not drafted from the quote', async () => {
    const q = await acceptedBeforeDeposits()
    const session = sessionOf((await accept(q.token)).body.url)
    await seedSentInvoice(h.payload, q.lead)
    await runJobs()
    expect(fake.expired).toEqual([session.id])
  })

  it('queues nothing when none is open: paid, it is closed', async () => {
    const q = await sentQuote()
    const events = pay((await accept(q.token)).body.url)
    expect((await deliver(events.completed)).body.outcome).toBe('recorded')
    expect((await sessions()).map((s) => s.closed)).toEqual([true])
    await completed(q.lead)
    expect(await expiryJobs()).toEqual([])
  })

  it('opened while the job is invoiced, is expired at once and no deposit is asked', async () => {
    const q = await acceptedBeforeDeposits()
    fake.whileCreating(async () => {
      await completed(q.lead)
    })
    const raced = await accept(q.token)
    expect([raced.status, raced.body]).toEqual([409, { message: 'This quote cannot be answered any more.' }])
    expect(fake.expired).toHaveLength(1)
    expect(fake.sessions.get(fake.expired[0])).toMatchObject({ amount_total: DEPOSIT, status: 'expired' })
    expect((await sessions()).map((s) => s.closed)).toEqual([true])
  })

  it('opened while an invoice is being made (another instance), waits for it, then is expired', async () => {
    const q = await acceptedBeforeDeposits()
    // The invoice's transaction stays open: it found no session to expire.
    const req = await createLocalReq({}, h.payload)
    await initTransaction(req)
    await h.payload.create({
      collection: 'invoices',
      data: {
        lead: q.lead,
        lines: [{ description: 'Rim rash repair', quantity: 1, unitCents: TOTAL }],
      } as never,
      req,
    })
    const answered = accept(q.token)
    let done = false
    void answered.finally(() => (done = true))
    // Until the new session waits on the invoice's lock (or, unguarded, has been answered).
    const waiting = () => rows(sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)
    while (!done && (await waiting()).length === 0) await new Promise((r) => setTimeout(r, 20))
    await commitTransaction(req)

    const res = await answered
    expect([res.status, res.body]).toEqual([409, { message: 'This quote cannot be answered any more.' }])
    expect(fake.sessions.size).toBe(1)
    expect([...fake.sessions.values()].map((s) => s.status)).toEqual(['expired'])
  })

  it('stays closed once the job is done, even after the draft that expired it is deleted', async () => {
    const q = await acceptedBeforeDeposits()
    const first = sessionOf((await accept(q.token)).body.url)
    const draft = await completed(q.lead)
    await runJobs()
    expect(first.status).toBe('expired')
    await h.payload.delete({ collection: 'invoices', id: draft.id })

    // The job is completed: what is owed is the invoice's, and the quote's link takes no answer.
    const again = await accept(q.token)
    expect([again.status, again.body.message]).toEqual([409, 'This quote cannot be answered any more.'])
    expect(fake.sessions.size).toBe(1)
  })

  it('paid before it was expired, with an invoice that does not deduct it: recorded and flagged', async () => {
    const q = await acceptedBeforeDeposits()
    const events = pay((await accept(q.token)).body.url)
    const invoice = await seedSentInvoice(h.payload, q.lead)
    expect((await deliver(events.completed)).body.outcome).toBe('recorded')
    expect((await deposits()).map((p) => [p.kind, p.cents, p.quote_id])).toEqual([
      ['deposit', DEPOSIT, q.quote],
    ])
    expect(await overpaid(q.lead)).toEqual([
      '$55.00 deposit paid by card after the job was invoiced, and no invoice deducts it: refund it in Stripe',
    ])
    expect(await invoiceOf(invoice.id)).toMatchObject({ depositCents: 0 })
    // The expiry comes too late: Stripe keeps the paid session; the job ends well.
    await runJobs()
    expect(fake.expired).toEqual([])
    const jobs = await rows(sql`
      SELECT has_error AS error, completed_at IS NOT NULL AS done FROM payload_jobs
      WHERE task_slug = 'expireDepositSessions'`)
    expect(jobs.every((j) => j.done && !j.error)).toBe(true)
  })
})

describe("a deposit's Checkout Session once its quote is deleted", () => {
  const runJobs = () => h.payload.jobs.run({ silent: true })
  const removeQuote = async (id: number) =>
    expect((await h.http.delete(`/api/quotes/${id}`, { session: h.sessionOf('staff') })).status).toBe(200)

  it('is expired at Stripe', async () => {
    const q = await acceptedBeforeDeposits()
    const session = sessionOf((await accept(q.token)).body.url)
    await removeQuote(q.quote)
    await runJobs()
    expect(fake.expired).toEqual([session.id])
    expect(session.status).toBe('expired')
  })

  it('paid before it was expired, is recorded for the books and flagged on the lead', async () => {
    const q = await acceptedBeforeDeposits()
    const events = pay((await accept(q.token)).body.url)
    await removeQuote(q.quote)
    expect((await deliver(events.completed)).body.outcome).toBe('recorded')
    expect((await deliver(events.succeeded)).body.outcome).not.toBe('recorded')
    expect(await deposits()).toEqual([
      {
        kind: 'deposit',
        method: 'card_online',
        cents: DEPOSIT,
        quote_id: null,
        lead_id: q.lead,
        invoice_id: null,
      },
    ])
    expect(await overpaid(q.lead)).toEqual([
      '$55.00 deposit paid by card on a quote deleted since: refund it in Stripe',
    ])
    expect(await timeline(q.lead)).toContainEqual(['deposit_paid', '$55.00 · Card online (Stripe)'])
  })
})
