import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { rowsOf, withFakeStripe } from '../helpers/stripe-harness'
import type { FakeCharge } from '../helpers/stripe-server'
import { emptyCollections } from '../helpers/payload'

// Stripe's webhook, signed with the SDK's own generateTestHeaderString by the fake
// (tests/helpers/stripe-server.ts): nothing unsigned or forged changes anything; each event,
// each payment and each refund total counts once, whatever the repeats and the order.

const h = setupHarness({ http: true, personas: false })
const stripe = withFakeStripe(h)
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = rowsOf(h)

let lead: Doc
let invoice: Doc
beforeEach(async () => {
  await emptyCollections(h.payload, ['payments', 'invoices', 'lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM stripe_events`)
  await db().execute(sql`DELETE FROM stripe_checkout_sessions`)
  await db().execute(sql`DELETE FROM invoice_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
  stripe.fake.reset()
  lead = await seedLead(h.payload)
  invoice = await seedSentInvoice(h.payload, lead.id)
})

const deliver = stripe.deliver

// The customer paying `amount` of the invoice on Stripe's page; the events Stripe then sends,
// built from the fake's Stripe-shaped objects. `refunded(total)`: the charge once refunds in
// Stripe's dashboard add up to `total`, as `charge.refunded` carries it (its refunds listed).
const paid = (amount: number) => {
  const metadata = { invoice: String(invoice.id), number: invoice.number }
  const { paymentIntent, charge } = stripe.fake.charge(amount, metadata)
  const snapshots = new Map<number, FakeCharge>()
  return {
    paymentIntent,
    charge,
    completed: stripe.fake.event('checkout.session.completed', {
      id: `cs_test_${Math.random().toString(16).slice(2)}`,
      object: 'checkout.session',
      amount_total: amount,
      currency: 'usd',
      mode: 'payment',
      payment_intent: paymentIntent,
      payment_status: 'paid',
      status: 'complete',
      metadata,
    }),
    succeeded: stripe.fake.event('payment_intent.succeeded', {
      ...stripe.fake.paymentIntents.get(paymentIntent),
    }),
    refunded: (total: number) => {
      if (!snapshots.has(total)) {
        const before = stripe.fake.charges.get(charge)!.amount_refunded
        snapshots.set(total, stripe.fake.refund(charge, total - before).charge)
      }
      return stripe.fake.event('charge.refunded', snapshots.get(total)!)
    },
  }
}

// What the owner is told to check in Stripe, on the job's timeline.
const flags = async () =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { and: [{ lead: { equals: lead.id } }, { kind: { equals: 'payment_check' } }] },
      sort: 'id',
      depth: 0,
    })
  ).docs.map((e) => e.text)

const state = async () => ({
  invoice: await h.payload.findByID({ collection: 'invoices', id: invoice.id, depth: 0 }),
  payments: await rows(
    sql`SELECT kind, method, amount_cents::int AS cents, stripe_id FROM payments ORDER BY id`,
  ),
  events: (
    await h.payload.find({
      collection: 'lead-events',
      where: {
        and: [{ lead: { equals: lead.id } }, { kind: { in: ['payment_received', 'payment_refunded'] } }],
      },
      sort: 'id',
      depth: 0,
    })
  ).docs.map((e) => [e.kind, e.text]),
})

describe('the Stripe webhook', () => {
  it('refuses an unsigned, wrongly signed or altered event with 400, changing nothing', async () => {
    const { completed } = paid(27_500)
    const before = await state()
    const cases = [
      await deliver(completed, null),
      await deliver(completed, stripe.fake.sign(completed, 'whsec_not_ours')),
      await deliver(completed.replace('27500', '1'), stripe.fake.sign(completed)),
      await deliver(completed, 't=1700000000,v1=00'),
    ]
    expect(cases.map((r) => r.status)).toEqual([400, 400, 400, 400])
    expect(await state()).toEqual(before)
    expect(await rows(sql`SELECT id FROM stripe_events`)).toEqual([])
  })

  it('refuses every event while Stripe is not set up', async () => {
    const { completed } = paid(27_500)
    const secret = process.env.STRIPE_WEBHOOK_SECRET
    delete process.env.STRIPE_WEBHOOK_SECRET
    try {
      expect((await deliver(completed)).status).toBe(400)
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = secret
    }
    expect((await state()).payments).toEqual([])
  })

  it('records a payment once for the same event three times, at once and again', async () => {
    const { completed, paymentIntent } = paid(27_500)
    const first = await Promise.all([deliver(completed), deliver(completed)])
    const again = await deliver(completed)
    expect([...first, again].map((r) => r.status)).toEqual([200, 200, 200])
    expect([...first.map((r) => r.body.outcome), again.body.outcome].sort()).toEqual([
      'duplicate',
      'duplicate',
      'recorded',
    ])
    const now = await state()
    expect(now.payments).toEqual([
      { kind: 'payment', method: 'card_online', cents: 27_500, stripe_id: paymentIntent },
    ])
    expect(now.invoice).toMatchObject({ status: 'paid', paidCents: 27_500, balanceCents: 0 })
    expect(now.events).toEqual([
      ['payment_received', `$275.00 · Card online (Stripe) · invoice ${invoice.number}`],
    ])

    await h.payload.jobs.run({ silent: true })
    await h.payload.jobs.run({ silent: true })
    const receipts = capturedMails(lead.email).filter((m) => m.includes('Subject: Receipt from'))
    expect(receipts).toHaveLength(1)
    expect(receipts[0]).toContain('Amount received: $275.00')
    expect(receipts[0]).toContain('Balance due: $0.00')
  })

  it('counts one payment when its session and its payment intent both tell of it', async () => {
    const { completed, succeeded } = paid(10_000)
    await Promise.all([deliver(succeeded), deliver(completed)])
    const now = await state()
    expect(now.payments).toHaveLength(1)
    expect(now.invoice).toMatchObject({ status: 'part_paid', paidCents: 10_000, balanceCents: 17_500 })
  })

  it('records each refund made in Stripe as its own row, once, whatever the order', async () => {
    const payment = paid(27_500)
    // The refund before its payment: refused for Stripe to send it again, recording nothing.
    const early = await deliver(payment.refunded(5_000))
    expect(early.status).toBe(409)
    expect((await state()).payments).toEqual([])
    await deliver(payment.completed)
    expect((await deliver(payment.refunded(5_000))).status).toBe(200)
    let now = await state()
    expect(now.invoice).toMatchObject({ status: 'part_paid', paidCents: 22_500, balanceCents: 5_000 })

    // A second refund of the charge ($70; Stripe's total: $120), then the first one's event again.
    const second = payment.refunded(12_000)
    const stale = payment.refunded(5_000)
    await deliver(second)
    await deliver(stale)
    now = await state()
    const [first, later] = stripe.fake.charges.get(payment.charge)!.refunds.data.slice().reverse()
    expect(now.payments).toEqual([
      { kind: 'payment', method: 'card_online', cents: 27_500, stripe_id: payment.paymentIntent },
      { kind: 'refund', method: 'card_online', cents: 5_000, stripe_id: first.id },
      { kind: 'refund', method: 'card_online', cents: 7_000, stripe_id: later.id },
    ])
    expect(now.invoice).toMatchObject({ status: 'part_paid', paidCents: 15_500, balanceCents: 12_000 })
    expect(now.events).toEqual([
      ['payment_received', `$275.00 · Card online (Stripe) · invoice ${invoice.number}`],
      ['payment_refunded', `$50.00 · Card online (Stripe) · invoice ${invoice.number}`],
      ['payment_refunded', `$70.00 · Card online (Stripe) · invoice ${invoice.number}`],
    ])
  })

  it('records a refund told by refund.created and by its charge once', async () => {
    const payment = paid(10_000)
    await deliver(payment.succeeded)
    const { refund, charge } = stripe.fake.refund(payment.charge, 2_500)
    const told = await Promise.all([
      deliver(stripe.fake.event('refund.created', refund)),
      deliver(stripe.fake.event('charge.refunded', charge)),
      deliver(stripe.fake.event('refund.updated', refund)),
    ])
    expect(told.map((r) => r.status)).toEqual([200, 200, 200])
    expect(told.map((r) => r.body.outcome).sort()).toEqual(['ignored', 'ignored', 'recorded'])
    const now = await state()
    expect(now.payments.filter((p) => p.kind === 'refund')).toEqual([
      { kind: 'refund', method: 'card_online', cents: 2_500, stripe_id: refund.id },
    ])
    expect(now.invoice).toMatchObject({ paidCents: 7_500 })
  })

  it("books only the refunds made after the one row a charge's refunds once shared", async () => {
    const payment = paid(27_500)
    await deliver(payment.completed)
    const earlier = payment.refunded(12_000)
    // $120 refunded, booked as the charge's one row of refunds before each refund had its own.
    await db().execute(sql`
      INSERT INTO payments (invoice_id, lead_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
      VALUES (${invoice.id}, ${lead.id}, 'refund', 'card_online', 12000, ${`refund:${payment.charge}`}, now() + interval '1 second', now(), now())`)
    expect((await deliver(earlier)).body.outcome).toBe('ignored')
    const later = stripe.fake.refund(payment.charge, 3_000, Math.floor(Date.now() / 1000) + 60)
    expect((await deliver(stripe.fake.event('charge.refunded', later.charge))).body.outcome).toBe('recorded')
    expect((await state()).payments.filter((p) => p.kind === 'refund').map((p) => p.cents)).toEqual([
      12_000, 3_000,
    ])
  })

  it('flags, and does not book, a refund greater than what its payment took', async () => {
    const payment = paid(15_000)
    await deliver(payment.completed)
    const charge = stripe.fake.charges.get(payment.charge)!
    const refund = {
      id: 're_test_huge',
      object: 'refund',
      amount: 900_000,
      charge: charge.id,
      currency: 'usd',
      metadata: {},
      payment_intent: payment.paymentIntent,
      reason: null,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    }
    const body = stripe.fake.event('charge.refunded', {
      ...charge,
      amount_refunded: 900_000,
      refunded: true,
      refunds: { object: 'list', data: [refund], has_more: false, total_count: 1, url: '/v1/refunds' },
    })
    const res = await deliver(body)
    expect([res.status, res.body.outcome]).toEqual([200, 'flagged'])
    const now = await state()
    expect(now.payments.map((p) => p.kind)).toEqual(['payment'])
    expect(now.invoice).toMatchObject({ paidCents: 15_000, balanceCents: 12_500 })
    expect(await flags()).toEqual([
      'Refund re_test_huge of $9,000.00 is more than the $150.00 left of its $150.00 card payment: not booked; check it in Stripe',
    ])
  })

  it('records events of one invoice arriving at once, without a deadlock', async () => {
    // Two payments, then a refund of one beside a third payment: each pair at once, in rounds.
    for (let round = 0; round < 4; round++) {
      const [a, b, c] = [paid(1_000), paid(2_000), paid(3_000)]
      const pair = await Promise.all([deliver(a.completed), deliver(b.succeeded)])
      const mixed = await Promise.all([deliver(a.refunded(400)), deliver(c.completed)])
      expect([...pair, ...mixed].map((r) => [r.status, r.body.outcome])).toEqual(
        Array(4).fill([200, 'recorded']),
      )
    }
    const now = await state()
    expect(now.payments.filter((p) => p.kind === 'payment')).toHaveLength(12)
    expect(now.payments.filter((p) => p.kind === 'refund')).toHaveLength(4)
    expect(now.invoice).toMatchObject({ paidCents: 4 * (6_000 - 400) })
  })

  it('answers 200 to a refund of a charge of no invoice of ours, 409 only to one of ours', async () => {
    const refundOf = (id: string, metadata: Record<string, string> | undefined) =>
      stripe.fake.event('charge.refunded', {
        id: `ch_${id}`,
        object: 'charge',
        amount: 5_000,
        amount_refunded: 5_000,
        currency: 'usd',
        payment_intent: `pi_${id}`,
        refunded: true,
        refunds: {
          object: 'list',
          data: [
            {
              id: `re_${id}`,
              object: 'refund',
              amount: 5_000,
              charge: `ch_${id}`,
              currency: 'usd',
              payment_intent: `pi_${id}`,
              status: 'succeeded',
              created: Math.floor(Date.now() / 1000),
            },
          ],
          has_more: false,
        },
        ...(metadata ? { metadata } : {}),
      })
    const strangers: (Record<string, string> | undefined)[] = [
      undefined,
      {},
      { invoice: String(Number(invoice.id) + 1000) },
      { other: 'x' },
    ]
    for (const metadata of strangers) {
      const response = await deliver(refundOf(Math.random().toString(16).slice(2), metadata))
      expect([response.status, response.body]).toEqual([200, { received: true, outcome: 'ignored' }])
    }
    const ours = await deliver(refundOf('ours', { invoice: String(invoice.id) }))
    expect(ours.status).toBe(409)
    expect((await state()).payments).toEqual([])
  })

  it('answers other events and payments of no invoice of ours with 200, recording no payment', async () => {
    const other = stripe.fake.event('customer.created', { id: 'cus_1', object: 'customer' })
    const stranger = stripe.fake.event('payment_intent.succeeded', {
      id: 'pi_elsewhere',
      object: 'payment_intent',
      amount_received: 1_000,
      metadata: {},
    })
    expect((await deliver(other)).body).toEqual({ received: true, outcome: 'ignored' })
    expect((await deliver(stranger)).body).toEqual({ received: true, outcome: 'ignored' })
    expect((await state()).payments).toEqual([])
  })
})

describe('what a signed event says, checked', () => {
  it('answers 400 at once to a signed body that is not JSON or not an event, recording nothing', async () => {
    for (const body of ['not json', '{"id": "evt_1", "type": "checkout.session.completed"', 'null', '[]']) {
      const res = await deliver(body)
      expect([body, res.status]).toEqual([body, 400])
    }
    expect(await rows(sql`SELECT id FROM stripe_events`)).toEqual([])
  })

  it('answers 400 at once to an amount that is not whole cents, recording nothing', async () => {
    const payment = paid(27_500)
    const bodies = [
      payment.completed.replace('"amount_total": 27500', '"amount_total": 27500.5'),
      payment.succeeded.replace('"amount_received": 27500', '"amount_received": -1'),
      payment.succeeded.replace('"amount_received": 27500', '"amount_received": "27500"'),
    ]
    for (const body of bodies) {
      const res = await deliver(body)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^This body is not a Stripe event: .* is not a whole number of cents$/)
    }
    const refund = stripe.fake.refund(payment.charge, 1_000).charge
    const fractional = stripe.fake.event('charge.refunded', {
      ...refund,
      refunds: { ...refund.refunds, data: [{ ...refund.refunds.data[0], amount: 999.5 }] },
    })
    await deliver(payment.completed)
    expect((await deliver(fractional)).status).toBe(400)
    expect((await state()).payments.map((p) => p.kind)).toEqual(['payment'])
    expect((await rows(sql`SELECT type FROM stripe_events`)).map((e) => e.type)).toEqual([
      'checkout.session.completed',
    ])
  })

  it("books nothing in another currency than the account's, and flags it on the job", async () => {
    const metadata = { invoice: String(invoice.id), number: invoice.number }
    const yen = stripe.fake.event('payment_intent.succeeded', {
      id: 'pi_test_yen',
      object: 'payment_intent',
      amount: 2_000,
      amount_received: 2_000,
      currency: 'jpy',
      status: 'succeeded',
      metadata,
    })
    const session = stripe.fake.event('checkout.session.completed', {
      id: 'cs_test_yen',
      object: 'checkout.session',
      amount_total: 2_000,
      currency: 'jpy',
      payment_intent: 'pi_test_yen',
      payment_status: 'paid',
      status: 'complete',
      metadata,
    })
    expect((await deliver(yen)).body).toEqual({ received: true, outcome: 'flagged' })
    expect((await deliver(session)).body).toEqual({ received: true, outcome: 'flagged' })
    const now = await state()
    expect(now.payments).toEqual([])
    expect(now.invoice).toMatchObject({ status: 'sent', paidCents: 0, balanceCents: 27_500 })
    expect(await flags()).toEqual([
      "JPY 2000 (in Stripe's smallest unit) paid by card in another currency than the account's: not booked; refund it in Stripe",
    ])
  })

  it('books a payment for another amount than its Checkout Session asked, and flags it', async () => {
    const payment = paid(100)
    const session = JSON.parse(payment.completed).data.object.id as string
    await db().execute(sql`
      INSERT INTO stripe_checkout_sessions (id, invoice_id, amount_cents) VALUES (${session}, ${invoice.id}, 27500)`)
    expect((await deliver(payment.completed)).body.outcome).toBe('recorded')
    // Its payment intent's event, told after: nothing new, no second flag.
    expect((await deliver(payment.succeeded)).body.outcome).toBe('ignored')
    const now = await state()
    expect(now.payments).toEqual([
      { kind: 'payment', method: 'card_online', cents: 100, stripe_id: payment.paymentIntent },
    ])
    expect(now.invoice).toMatchObject({ status: 'part_paid', paidCents: 100, balanceCents: 27_400 })
    expect(await flags()).toEqual([
      '$1.00 paid by card where its Stripe page asked $275.00; check it in Stripe',
    ])
  })
})
