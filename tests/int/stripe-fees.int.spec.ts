import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { rowsOf, withFakeStripe } from '../helpers/stripe-harness'
import { stripeFeeOf } from '../helpers/stripe-server'
import { emptyCollections } from '../helpers/payload'

// Stripe's fee on a card payment, read from its charge's balance transaction through the SDK
// (the fake answers `expand[]=latest_charge.balance_transaction` as Stripe does): at once when
// Stripe has it, else once its `charge.updated` says the transaction exists. The payments CSV
// shows it where known.

const h = setupHarness({ http: true })
const stripe = withFakeStripe(h)
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = rowsOf(h)

let invoice: Doc
beforeEach(async () => {
  await emptyCollections(h.payload, [
    'payments',
    'invoices',
    'quotes',
    'lead-events',
    'leads',
    'payload-jobs',
  ])
  await db().execute(sql`DELETE FROM stripe_events`)
  stripe.fake.reset()
  const lead = await seedLead(h.payload, { firstName: 'Dana', lastName: 'Reyes' })
  invoice = await seedSentInvoice(h.payload, lead.id)
})

const deliver = async (body: string) => {
  const res = await stripe.deliver(body)
  expect(res.status).toBe(200)
  return res.body.outcome as string
}

// The customer paying on Stripe's page, and the session's event Stripe then sends.
const pay = async (amount: number, options: { feeLater?: boolean } = {}) => {
  const paid = stripe.fake.charge(amount, { invoice: String(invoice.id), number: invoice.number }, options)
  const outcome = await deliver(
    stripe.fake.event('checkout.session.completed', {
      id: `cs_test_${paid.paymentIntent}`,
      object: 'checkout.session',
      amount_total: amount,
      payment_intent: paid.paymentIntent,
      payment_status: 'paid',
      status: 'complete',
      metadata: { invoice: String(invoice.id), number: invoice.number },
    }),
  )
  expect(outcome).toBe('recorded')
  return paid
}

const feeOf = async (paymentIntent: string) =>
  (
    await rows<{ fee: number | null }>(sql`
    SELECT stripe_fee_cents::int AS fee FROM payments WHERE stripe_id = ${paymentIntent}`)
  )[0]?.fee

const runJobs = () => h.payload.jobs.run({ silent: true })

const csvLine = async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const res = await h.http.get(`/api/payments/export.csv?from=${day(-1)}&to=${day(1)}`, {
    session: h.sessionOf('staff'),
  })
  expect(res.status).toBe(200)
  return res.text.split('\r\n')[1].split(',')
}

describe("Stripe's fee on a card payment", () => {
  it("is read from the charge's balance transaction once the payment is recorded", async () => {
    const paid = await pay(27_500)
    expect(await feeOf(paid.paymentIntent)).toBeNull()
    await runJobs()
    expect(paid.fee).toBe(828)
    expect(await feeOf(paid.paymentIntent)).toBe(828)
    expect(stripe.fake.requests).toContain(`GET /v1/payment_intents/${paid.paymentIntent}`)
    // Amount, then Stripe's fee.
    expect((await csvLine()).slice(5, 7)).toEqual(['275.00', '8.28'])
  })

  it("is left unknown until Stripe's charge.updated tells of the balance transaction", async () => {
    const paid = await pay(10_000, { feeLater: true })
    await runJobs()
    expect(await feeOf(paid.paymentIntent)).toBeNull()
    expect((await csvLine()).slice(5, 7)).toEqual(['100.00', ''])

    // An update without the transaction yet changes nothing.
    expect(
      await deliver(stripe.fake.event('charge.updated', { ...stripe.fake.charges.get(paid.charge) })),
    ).toBe('ignored')
    const charge = stripe.fake.capture(paid.charge)
    expect(await deliver(stripe.fake.event('charge.updated', { ...charge }))).toBe('recorded')
    await runJobs()
    expect(await feeOf(paid.paymentIntent)).toBe(stripeFeeOf(10_000))
    expect((await csvLine()).slice(5, 7)).toEqual(['100.00', '3.20'])

    // Once known, later updates of the charge ask Stripe nothing more.
    const asked = stripe.fake.requests.length
    expect(await deliver(stripe.fake.event('charge.updated', { ...charge }))).toBe('ignored')
    await runJobs()
    expect(stripe.fake.requests.length).toBe(asked)
  })

  it('changes nothing when the charge is updated before its payment is recorded', async () => {
    const early = stripe.fake.charge(5_000, { invoice: String(invoice.id) })
    expect(
      await deliver(stripe.fake.event('charge.updated', { ...stripe.fake.charges.get(early.charge) })),
    ).toBe('ignored')
    expect(await rows(sql`SELECT id FROM payload_jobs WHERE task_slug = 'fetchStripeFee'`)).toEqual([])
  })

  it("is read for a quote's deposit paid by card too", async () => {
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: invoice.lead, lines: [{ kind: 'free', description: 'Two rims', amount: 250 }] } as never,
    })
    const metadata = { kind: 'deposit', quote: String(quote.id), lead: String(invoice.lead) }
    const paid = stripe.fake.charge(5_000, metadata)
    const outcome = await deliver(
      stripe.fake.event('checkout.session.completed', {
        id: `cs_test_${paid.paymentIntent}`,
        object: 'checkout.session',
        amount_total: 5_000,
        payment_intent: paid.paymentIntent,
        payment_status: 'paid',
        status: 'complete',
        metadata,
      }),
    )
    expect(outcome).toBe('recorded')
    await runJobs()
    expect(await feeOf(paid.paymentIntent)).toBe(stripeFeeOf(5_000))
  })

  it('stays unknown, and the payment recorded, while Stripe cannot be reached; the job tries again', async () => {
    const paid = await pay(27_500)
    // The SDK's own two retries, then the job's attempt fails.
    stripe.fake.failNext(3)
    await runJobs()
    expect(await feeOf(paid.paymentIntent)).toBeNull()
    const [job] = await rows<{ tried: number; error: boolean; done: boolean }>(sql`
      SELECT total_tried::int AS tried, has_error AS error, completed_at IS NOT NULL AS done
      FROM payload_jobs WHERE task_slug = 'fetchStripeFee'`)
    expect(job).toMatchObject({ tried: 1, done: false })
  })
})
