import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { clearRateLimits, emptyCollections } from '../helpers/payload'
import { rowsOf, withFakeStripe } from '../helpers/stripe-harness'

import { PAY_LINK_ENDPOINTS } from '@/lib/invoices'
import { customerLinkToken } from '@/server/customer-link-token'

// A Checkout Session opened for the balance of its moment: once the balance changes (cash at
// the van after the customer opened Stripe's page) the old session is expired at Stripe, so
// the customer cannot pay the old amount; a payment that got through anyway is recorded (the
// money was taken) and flagged on the lead's timeline as one to refund.

const h = setupHarness({ http: true })
const stripe = withFakeStripe(h)
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = rowsOf(h)

let lead: Doc
let invoice: Doc
let token: string
beforeEach(async () => {
  await emptyCollections(h.payload, ['payments', 'invoices', 'lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM stripe_events`)
  await db().execute(sql`DELETE FROM stripe_checkout_sessions`)
  await clearRateLimits(h.payload)
  stripe.fake.reset()
  lead = await seedLead(h.payload)
  invoice = await seedSentInvoice(h.payload, lead.id)
  const { tokenNonce } = await h.payload.findByID({
    collection: 'invoices',
    id: invoice.id,
    showHiddenFields: true,
  })
  token = customerLinkToken(h.payload.secret, tokenNonce!, 'pay')
})

// The pay page's "Pay by card": the session Stripe opened, or the refusal.
const checkout = async () => {
  const res = await h.http.post(`/api${PAY_LINK_ENDPOINTS.checkout}`, {
    body: new URLSearchParams({ token }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
  })
  const session = [...stripe.fake.sessions.values()].find((s) => s.url === res.body.url)
  return { status: res.status, message: res.body.message as string, session }
}
const cash = (amountCents: number) =>
  h.payload.create({
    collection: 'payments',
    data: { invoice: invoice.id, method: 'cash', amountCents } as never,
    user: h.userOf('staff'),
    overrideAccess: false,
  })
const expiryJobs = () =>
  rows<{ id: number }>(sql`SELECT id FROM payload_jobs WHERE task_slug = 'expireCheckoutSessions'`)
const runJobs = () => h.payload.jobs.run({ silent: true })
const money = () => h.payload.findByID({ collection: 'invoices', id: invoice.id, depth: 0 })

describe("an invoice's Checkout Session once the balance changes", () => {
  it('is expired at Stripe after cash is recorded; paying again opens one for the new balance', async () => {
    const first = await checkout()
    expect(first.status).toBe(200)
    expect(first.session).toMatchObject({ amount_total: 27_500, status: 'open' })

    await cash(7_500)
    expect(await expiryJobs()).toHaveLength(1)
    await runJobs()
    expect(stripe.fake.expired).toEqual([first.session!.id])
    expect(first.session!.status).toBe('expired')
    expect(
      await rows(sql`SELECT id, closed_at IS NOT NULL AS expired FROM stripe_checkout_sessions`),
    ).toEqual([{ id: first.session!.id, expired: true }])

    const again = await checkout()
    expect(again.status).toBe(200)
    expect(again.session).toMatchObject({ amount_total: 20_000, status: 'open' })
    expect(again.session!.id).not.toBe(first.session!.id)
  })

  it('is not expired while it still takes what is owed, nor when none is open', async () => {
    await cash(2_500)
    expect(await expiryJobs()).toEqual([])
    const open = await checkout()
    expect(open.session).toMatchObject({ amount_total: 25_000, status: 'open' })
    // A second tab: the same session, still open.
    expect((await checkout()).session!.id).toBe(open.session!.id)
    await runJobs()
    expect(stripe.fake.expired).toEqual([])
  })

  it('is expired at once, and refused, when the balance changes while Stripe opens it', async () => {
    stripe.fake.whileCreating(async () => {
      await cash(7_500)
    })
    const raced = await checkout()
    expect([raced.status, raced.message]).toEqual([
      409,
      'The balance of this invoice has just changed. Please check it and pay again.',
    ])
    expect(stripe.fake.expired).toHaveLength(1)
    expect(stripe.fake.sessions.get(stripe.fake.expired[0])).toMatchObject({
      amount_total: 27_500,
      status: 'expired',
    })

    const again = await checkout()
    expect(again.session).toMatchObject({ amount_total: 20_000, status: 'open' })
  })

  it('paid, is closed: nothing is left to expire', async () => {
    const { session } = await checkout()
    stripe.fake.pay(session!.id)
    const res = await stripe.deliver(stripe.fake.event('checkout.session.completed', { ...session }))
    expect(res.body.outcome).toBe('recorded')
    expect(await money()).toMatchObject({ status: 'paid', balanceCents: 0 })
    expect(await expiryJobs()).toEqual([])
    expect(await rows(sql`SELECT closed_at IS NOT NULL AS closed FROM stripe_checkout_sessions`)).toEqual([
      { closed: true },
    ])
  })

  it('paid before it could be expired: the payment is recorded and flagged as one to refund', async () => {
    const { session } = await checkout()
    await cash(7_500)
    // The customer was already on Stripe's page and pays the old amount.
    const paid = stripe.fake.pay(session!.id)
    const body = stripe.fake.event('checkout.session.completed', { ...session })
    const res = await stripe.deliver(body)
    expect([res.status, res.body.outcome]).toEqual([200, 'recorded'])
    expect(await money()).toMatchObject({ status: 'paid', paidCents: 35_000, balanceCents: -7_500 })
    expect(
      await rows(
        sql`SELECT amount_cents::int AS cents FROM payments WHERE stripe_id = ${paid.paymentIntent}`,
      ),
    ).toEqual([{ cents: 27_500 }])
    const timeline = await h.payload.find({
      collection: 'lead-events',
      where: { lead: { equals: lead.id }, kind: { in: ['payment_received', 'overpaid'] } },
      sort: 'id',
      depth: 0,
    })
    expect(timeline.docs.map((e) => [e.kind, e.text])).toEqual([
      ['payment_received', `$75.00 · Cash · invoice ${invoice.number}`],
      ['payment_received', `$275.00 · Card online (Stripe) · invoice ${invoice.number}`],
      ['overpaid', `$75.00 more than invoice ${invoice.number} owed, paid by card: refund it in Stripe`],
    ])

    // The expiry comes too late: Stripe keeps the paid session as it is; the jobs end well.
    await runJobs()
    expect(stripe.fake.expired).toEqual([])
    const jobs = await rows(sql`
      SELECT has_error AS error, completed_at IS NOT NULL AS done FROM payload_jobs
      WHERE task_slug = 'expireCheckoutSessions'`)
    expect(jobs.length).toBeGreaterThan(0)
    expect(jobs.every((j) => j.done && !j.error)).toBe(true)
  })
})

describe('a Checkout Session that cannot be recorded', () => {
  it('is expired at Stripe: none is ever left payable and unrecorded', async () => {
    // The database refuses the session's row while Stripe is opening it.
    stripe.fake.whileCreating(async () => {
      await db().execute(
        sql`ALTER TABLE stripe_checkout_sessions ADD CONSTRAINT refuse_sessions CHECK (false) NOT VALID`,
      )
    })
    let refused: Awaited<ReturnType<typeof checkout>>
    try {
      refused = await checkout()
    } finally {
      await db().execute(sql`ALTER TABLE stripe_checkout_sessions DROP CONSTRAINT IF EXISTS refuse_sessions`)
    }
    expect([refused.status, refused.session]).toEqual([503, undefined])
    const opened = [...stripe.fake.sessions.values()]
    expect(opened.map((s) => s.status)).toEqual(['expired'])
    expect(stripe.fake.expired).toEqual([opened[0].id])
    expect(await rows(sql`SELECT id FROM stripe_checkout_sessions`)).toEqual([])

    // Paying again opens a new session, recorded (Stripe would replay the expired one for its key).
    const again = await checkout()
    expect([again.status, again.session?.status]).toEqual([200, 'open'])
  })
})

describe('the fake Stripe', () => {
  it("keeps Stripe's idempotency rule: one key, other parameters, a 400", async () => {
    const create = (amount: number) =>
      fetch(`${stripe.fake.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${stripe.fake.secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'pay:1:0:27500:0',
        },
        body: new URLSearchParams({
          mode: 'payment',
          success_url: 'https://example.com/ok',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'usd',
          'line_items[0][price_data][unit_amount]': String(amount),
        }).toString(),
      })
    const first = await create(27_500)
    const replay = await create(27_500)
    const other = await create(100)
    expect([first.status, replay.status, other.status]).toEqual([200, 200, 400])
    expect(((await replay.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id)
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error')
  })
})
