import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { PAYMENTS_CSV_HEADER } from '@/lib/payments-csv'

import { conventionalCsv, strictCsv } from '../helpers/csv'
import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { withFakeStripe } from '../helpers/stripe-harness'

// The bookkeeper's payments CSV: staff only, the days asked for in the business's time zone,
// dollars and cents, refunds negative, deposits with their customer, nothing a spreadsheet
// would run.

const h = setupHarness({ http: true })
const stripe = withFakeStripe(h)
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
let invoice: Doc

beforeAll(async () => {
  const lead = await seedLead(h.payload, { firstName: 'Dana', lastName: 'Reyes' })
  invoice = await seedSentInvoice(h.payload, lead.id)
  const pay = (data: Doc) =>
    h.payload.create({
      collection: 'payments',
      data: { invoice: invoice.id, ...data } as never,
      user: h.userOf('staff'),
      overrideAccess: false,
    })
  // A payment recorded by hand is from today or the last 90 days: these are recorded as on
  // November 20th, 2026 (only the clock's date is set; timers run as ever).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T18:00:00Z') })
  try {
    // 23:30 in Austin on the 2nd is the 3rd in UTC: the business's day counts.
    await pay({ method: 'cash', amountCents: 10_000, receivedAt: '2026-11-03T05:30:00.000Z' })
    await pay({
      method: 'check',
      amountCents: 7_550,
      reference: '=HYPERLINK("x")',
      receivedAt: '2026-11-04T15:00:00.000Z',
    })
    await pay({ method: 'zelle', amountCents: 100, receivedAt: '2026-11-09T15:00:00.000Z' })
  } finally {
    vi.useRealTimers()
  }
  await db().execute(sql`
    INSERT INTO payments (invoice_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
    VALUES (${invoice.id}, 'refund', 'card_online', 2500, 'refund:ch_1', '2026-11-04T16:00:00Z', now(), now())`)

  // A deposit paid on a quote (no invoice) and part of it refunded, as Stripe's webhook records
  // them; the lead's name as a spreadsheet would run it.
  const other = await seedLead(h.payload, { firstName: 'Sam', lastName: 'Ortiz' })
  await db().execute(sql`UPDATE leads SET first_name = '=HYPERLINK("y")' WHERE id = ${other.id}`)
  const quote = await h.payload.create({
    collection: 'quotes',
    data: { lead: other.id, lines: [{ kind: 'free', description: 'Two rims', amount: 250 }] } as never,
  })
  await db().execute(sql`
    INSERT INTO payments (quote_id, lead_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
    VALUES (${quote.id}, ${other.id}, 'deposit', 'card_online', 5000, 'pi_deposit_1', '2026-11-10T15:00:00Z', now(), now()),
           (${quote.id}, ${other.id}, 'refund', 'card_online', 1000, 'refund:ch_2', '2026-11-11T15:00:00Z', now(), now())`)
})

const csv = (query: string, persona: 'staff' | 'unapproved' | 'anonymous' = 'staff') =>
  h.http.get(`/api/payments/export.csv${query}`, { session: h.sessionOf(persona) })

describe('the payments CSV', () => {
  it('lists the payments and refunds of the days asked for, in dollars and cents', async () => {
    const res = await csv('?from=2026-11-02&to=2026-11-08')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="payments-2026-11-02-to-2026-11-08.csv"',
    )
    const n = invoice.number
    // The file as bytes: a byte order mark, CRLF, identifiers quoted; the card refund's reference
    // is Stripe's charge (a refund booked before refunds had their own ids).
    const file = (
      await h.http.bytes('/api/payments/export.csv?from=2026-11-02&to=2026-11-08', h.sessionOf('staff'))
    ).bytes
    expect(file.toString('utf8').split('\r\n')).toEqual([
      '\uFEFFDate,Invoice,Customer,Method,Kind,Amount,Stripe fee,Reference',
      `2026-11-02 23:30,"${n}",Dana Reyes,Cash,Payment,100.00,,`,
      `2026-11-04 09:00,"${n}",Dana Reyes,Check,Payment,75.50,,"'=HYPERLINK(""x"")"`,
      `2026-11-04 10:00,"${n}",Dana Reyes,Card online (Stripe),Refund,-25.00,,"ch_1"`,
      '',
    ])
    expect(conventionalCsv(file)).toEqual([
      PAYMENTS_CSV_HEADER,
      ['2026-11-02 23:30', n, 'Dana Reyes', 'Cash', 'Payment', '100.00', '', ''],
      ['2026-11-04 09:00', n, 'Dana Reyes', 'Check', 'Payment', '75.50', '', `'=HYPERLINK("x")`],
      ['2026-11-04 10:00', n, 'Dana Reyes', 'Card online (Stripe)', 'Refund', '-25.00', '', 'ch_1'],
    ])
  })

  it('lists deposits with their lead as the customer, marked as a deposit, with no invoice', async () => {
    const res = await csv('?from=2026-11-10&to=2026-11-11')
    expect(res.status).toBe(200)
    // A card deposit's reference is its payment intent.
    expect(strictCsv(res.text)).toEqual([
      PAYMENTS_CSV_HEADER,
      [
        '2026-11-10 09:00',
        '',
        `'=HYPERLINK("y") Ortiz`,
        'Card online (Stripe)',
        'Deposit',
        '50.00',
        '',
        'pi_deposit_1',
      ],
      [
        '2026-11-11 09:00',
        '',
        `'=HYPERLINK("y") Ortiz`,
        'Card online (Stripe)',
        'Deposit refund',
        '-10.00',
        '',
        'ch_2',
      ],
    ])
  })

  it('is for approved staff only, and asks for two days in order', async () => {
    expect((await csv('?from=2026-11-01&to=2026-11-30', 'unapproved')).status).toBe(403)
    expect((await csv('?from=2026-11-01&to=2026-11-30', 'anonymous')).status).toBe(403)
    for (const query of [
      '',
      '?from=2026-11-01',
      '?from=yesterday&to=2026-11-01',
      '?from=2026-02-30&to=2026-03-01',
      '?from=0000-01-01&to=2026-11-01',
      '?from=2026-13-01&to=2026-13-02',
    ]) {
      const res = await csv(query)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        errors: [{ message: 'Give the first and last day as from=YYYY-MM-DD&to=YYYY-MM-DD.' }],
      })
    }
    const backwards = await csv('?from=2026-11-30&to=2026-11-01')
    expect(backwards.status).toBe(400)
    expect(backwards.body).toEqual({
      errors: [{ message: 'The first day (2026-11-30) comes after the last (2026-11-01).' }],
    })
  })

  it('covers any month or range asked for, a past one too, from its first day to its last', async () => {
    // October 31st at 23:30 in Austin is November 1st in UTC: October's; November 1st 00:30 is not.
    await db().execute(sql`
      INSERT INTO payments (invoice_id, kind, method, amount_cents, reference, received_at, updated_at, created_at)
      VALUES (${invoice.id}, 'payment', 'check', 4200, 'CHK-1031', '2026-11-01T04:30:00Z', now(), now()),
             (${invoice.id}, 'payment', 'check', 4300, 'CHK-1101', '2026-11-01T05:30:00Z', now(), now()),
             (${invoice.id}, 'payment', 'check', 4100, 'CHK-0901', '2026-09-30T12:00:00Z', now(), now())`)
    const references = async (query: string) =>
      strictCsv((await csv(query)).text)
        .slice(1)
        .map((row) => row[7])
    expect(await references('?from=2026-10-01&to=2026-10-31')).toEqual(['CHK-1031'])
    expect(await references('?from=2026-09-01&to=2026-10-31')).toEqual(['CHK-0901', 'CHK-1031'])
    expect(await references('?from=2026-11-01&to=2026-11-01')).toEqual(['CHK-1101'])
  })
})

describe("the payments CSV's card refunds", () => {
  it('lists two partial refunds of one charge as two rows, each on its own day, once', async () => {
    const lead = await seedLead(h.payload, { firstName: 'Lucía', lastName: 'Nguyễn' })
    const billed = await seedSentInvoice(h.payload, lead.id)
    const { charge, paymentIntent } = stripe.fake.charge(27_500, {
      invoice: String(billed.id),
      number: billed.number,
    })
    const deliver = async (type: string, object: object) =>
      expect((await stripe.deliver(stripe.fake.event(type, object as Record<string, unknown>))).status).toBe(
        200,
      )
    await deliver('payment_intent.succeeded', stripe.fake.paymentIntents.get(paymentIntent)!)
    // $50 given back on December 7th, then $30 on the 9th (16:00 UTC: 10:00 in Austin).
    const fifty = stripe.fake.refund(charge, 5_000, Date.parse('2026-12-07T16:00:00Z') / 1000)
    await deliver('charge.refunded', fifty.charge)
    const thirty = stripe.fake.refund(charge, 3_000, Date.parse('2026-12-09T16:00:00Z') / 1000)
    await deliver('refund.created', thirty.refund)
    await deliver('charge.refunded', thirty.charge)
    // The first refund's event, told late, and Stripe's refund list read again: nothing new.
    await deliver('charge.refunded', fifty.charge)
    await deliver('refund.updated', fifty.refund)

    const res = await csv('?from=2026-12-01&to=2026-12-31')
    expect(res.status).toBe(200)
    const n = billed.number
    // Each refund's reference is its own Stripe id.
    expect(strictCsv(res.text)).toEqual([
      PAYMENTS_CSV_HEADER,
      [
        '2026-12-07 10:00',
        n,
        billed.customerName,
        'Card online (Stripe)',
        'Refund',
        '-50.00',
        '',
        fifty.refund.id,
      ],
      [
        '2026-12-09 10:00',
        n,
        billed.customerName,
        'Card online (Stripe)',
        'Refund',
        '-30.00',
        '',
        thirty.refund.id,
      ],
    ])
    const timeline = await h.payload.find({
      collection: 'lead-events',
      where: { and: [{ lead: { equals: lead.id } }, { kind: { equals: 'payment_refunded' } }] },
      sort: 'id',
      depth: 0,
    })
    expect(timeline.docs.map((e) => e.text)).toEqual([
      `$50.00 · Card online (Stripe) · invoice ${n}`,
      `$30.00 · Card online (Stripe) · invoice ${n}`,
    ])
  })
})
