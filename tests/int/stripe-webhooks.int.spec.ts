import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { rowsOf, withFakeStripe } from '../helpers/stripe-harness'

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
  for (const collection of ['payments', 'invoices', 'lead-events', 'leads', 'payload-jobs'] as const) {
    await h.payload.db.deleteMany({ collection, where: {} })
  }
  await db().execute(sql`DELETE FROM stripe_events`)
  await db().execute(sql`DELETE FROM invoice_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
  stripe.fake.reset()
  lead = await seedLead(h.payload)
  invoice = await seedSentInvoice(h.payload, lead.id)
})

const deliver = stripe.deliver

// The customer paying `amount` of the invoice on Stripe's page; the events Stripe then sends.
const paid = (amount: number) => {
  const paymentIntent = `pi_test_${Math.random().toString(16).slice(2)}`
  const metadata = { invoice: String(invoice.id), number: invoice.number }
  return {
    paymentIntent,
    completed: stripe.fake.event('checkout.session.completed', {
      id: `cs_test_${Math.random().toString(16).slice(2)}`,
      object: 'checkout.session',
      amount_total: amount,
      payment_intent: paymentIntent,
      payment_status: 'paid',
      status: 'complete',
      metadata,
    }),
    succeeded: stripe.fake.event('payment_intent.succeeded', {
      id: paymentIntent,
      object: 'payment_intent',
      amount: amount,
      amount_received: amount,
      status: 'succeeded',
      metadata,
    }),
    refunded: (total: number) =>
      stripe.fake.event('charge.refunded', {
        id: `ch_for_${paymentIntent}`,
        object: 'charge',
        amount,
        amount_refunded: total,
        payment_intent: paymentIntent,
        refunded: total === amount,
        // Stripe copies the payment intent's metadata onto its charge.
        metadata,
      }),
  }
}

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

  it('records refunds made in Stripe once per total, whatever the order', async () => {
    const payment = paid(27_500)
    // The refund before its payment: refused for Stripe to send it again, recording nothing.
    const early = await deliver(payment.refunded(5_000))
    expect(early.status).toBe(409)
    expect((await state()).payments).toEqual([])
    await deliver(payment.completed)
    expect((await deliver(payment.refunded(5_000))).status).toBe(200)
    let now = await state()
    expect(now.invoice).toMatchObject({ status: 'part_paid', paidCents: 22_500, balanceCents: 5_000 })

    // A second refund of the charge (Stripe's total: 12,000), then the first one's event again.
    const second = payment.refunded(12_000)
    const stale = payment.refunded(5_000)
    await deliver(second)
    await deliver(stale)
    now = await state()
    expect(now.payments).toEqual([
      { kind: 'payment', method: 'card_online', cents: 27_500, stripe_id: payment.paymentIntent },
      {
        kind: 'refund',
        method: 'card_online',
        cents: 12_000,
        stripe_id: `refund:ch_for_${payment.paymentIntent}`,
      },
    ])
    expect(now.invoice).toMatchObject({ status: 'part_paid', paidCents: 15_500, balanceCents: 12_000 })
    expect(now.events).toEqual([
      ['payment_received', `$275.00 · Card online (Stripe) · invoice ${invoice.number}`],
      ['payment_refunded', `$50.00 · Card online (Stripe) · invoice ${invoice.number}`],
      ['payment_refunded', `$70.00 · Card online (Stripe) · invoice ${invoice.number}`],
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
        payment_intent: `pi_${id}`,
        refunded: true,
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
