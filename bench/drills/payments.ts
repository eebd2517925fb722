import os from 'node:os'

import { adminAuthorization } from '../lib/auth'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import { percentile, round } from '../lib/stats'
import { type FakeStripe, startFakeStripe } from '../../tests/helpers/stripe-server'
import { STRIPE_WEBHOOK_PATH } from '../../src/payments/stripe'
import {
  NO_RATE_LIMIT,
  QUOTE_PATH,
  formOf,
  freePort,
  leadsOf,
  logsErrorLines,
  pool,
  requestFields,
  runTag,
  send,
  serverLogFile,
  sleep,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// Drill: Stripe's webhook flooded. 20 sent invoices, paid by card in three ways: 7 in one
// payment, 7 in two, 6 in one then partly refunded in Stripe's dashboard twice ($10, then $15).
// Each payment is told twice, by its Checkout Session and by its payment intent; each refund
// by `charge.refunded` (the charge listing its refunds so far) and the second also by
// `refund.created`; and one payment in yen, with an invoice's metadata, is told once. 73 events
// in all, 34 of them delivered twice (the second copy to the other instance), so 107
// deliveries, all at once, over two instances on one database (both running the queue), each
// signed with the SDK's generateTestHeaderString. Out of order on purpose: every refund goes out
// before its payment (the later charge before the earlier one), a split payment's payment
// intent before its session. Stripe then sends again whatever was not answered 2xx, as it would
// (a refund before its payment is answered 409).
// Then: no answer ≥ 500 and none missing; 409 only for refunds; every event answered 200 in
// the end and recorded at most once; one payment row per payment intent; one refund row per
// refund, of its amount; nothing of the yen payment booked, and it flagged once on its job;
// each invoice's paid, balance and status right; the timeline told of each payment and each
// refund once; one receipt job per payment; Stripe's fee filled on each payment; no error line
// in any log.
// Figures: deliveries per second and answer latency (p50/p95) of the burst.
const INVOICES = 20
const DUPLICATES = 34
// Stripe sends a failed delivery again (within the hour at first); the drill at once.
const RETRY_ROUNDS = 3
// The fee comes from Stripe through the job queue (a tick every 10 s on each instance).
const FEE_WITHIN_SECONDS = 90

type Way = 'full' | 'split' | 'refunded'
const wayOf = (n: number): Way => (['full', 'split', 'refunded'] as const)[n % 3]
const totalOf = (n: number) => 20_000 + n * 137
const REFUNDS = [1_000, 1_500] as const // in the order made: two partial refunds of one charge
const REFUNDED = REFUNDS[0] + REFUNDS[1]
const YEN = 2_000

type StripeEvent = { id: string; body: string; type: string; invoice: number; paymentIntent: string }
type Delivery = Outcome & { event: StripeEvent; copy: 0 | 1; round: number }

export async function paymentsDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('payments')
  const failures: string[] = []
  const fake: FakeStripe = await startFakeStripe()
  const env = { ...fake.env, ...NO_RATE_LIMIT }
  const logs = { a: serverLogFile('payments-a'), b: serverLogFile('payments-b') }
  const servers: RunningServer[] = []
  const deliveries: Delivery[] = []
  const invoices: { n: number; id: number; lead: number; number: string; total: number }[] = []
  const payments: {
    invoice: number
    paymentIntent: string
    charge: string
    amount: number
    fee: number
    refunds: { id: string; amount: number }[]
  }[] = []
  let foreign: StripeEvent | null = null
  let events: StripeEvent[] = []
  let warmUpMs: number[] = []
  let burstSeconds = 0
  let feesAfterSeconds: number | null = null
  const load = { before: os.loadavg(), after: [0, 0, 0] }
  try {
    servers.push(
      ...(await Promise.all([
        startServer(env, { logFile: logs.a, port: await freePort() }),
        startServer(env, { logFile: logs.b, port: await freePort() }),
      ])),
    )
    const urlOf = (i: number) => servers[i % 2].url

    // The drill's setup, which must work: a lead and a sent invoice for each customer.
    const requests = await pool(range(INVOICES), 4, (n) =>
      send(`${urlOf(n)}${QUOTE_PATH}`, { method: 'POST', body: formOf(requestFields(tag, n)) }),
    )
    if (requests.some((o) => o.status !== 201))
      throw new Error(
        `quote requests answered ${JSON.stringify(tally(requests.map((o) => o.status ?? 'none')))}`,
      )
    const leadIds = new Map(
      (await withDb(databaseUrl, (db) => leadsOf(db, tag))).map((l) => [l.email, Number(l.id)] as const),
    )
    const authorization = await adminAuthorization(urlOf(0))
    const staff = { Authorization: authorization, 'Content-Type': 'application/json' }
    await pool(range(INVOICES), 4, async (n) => {
      const fields = requestFields(tag, n)
      const lead = leadIds.get(fields.email)!
      const draft = await send(`${urlOf(n)}/api/invoices`, {
        method: 'POST',
        headers: staff,
        body: JSON.stringify({
          lead,
          customerName: `${fields.firstName} ${fields.lastName}`,
          customerEmail: fields.email,
          lines: [{ description: 'Rim repair', quantity: 1, unitCents: totalOf(n) }],
        }),
      })
      const id = Number((draft.json?.doc as { id?: number } | undefined)?.id)
      if (draft.status !== 201 || !id)
        throw new Error(`an invoice draft answered ${draft.status}: ${draft.body}`)
      const sent = await send(`${urlOf(n)}/api/invoices/${id}/send`, { method: 'POST', headers: staff })
      if (sent.status !== 200) throw new Error(`sending an invoice answered ${sent.status}: ${sent.body}`)
      invoices.push({ n, id, lead, number: String(sent.json?.number), total: totalOf(n) })
    })
    invoices.sort((x, y) => x.n - y.n)

    // What the customers paid (held by the fake, which later tells the fee), and Stripe's events.
    const later: StripeEvent[] = []
    const first: StripeEvent[] = []
    for (const inv of invoices) {
      const metadata = { invoice: String(inv.id), number: inv.number }
      const way = wayOf(inv.n)
      const amounts =
        way === 'split' ? [Math.floor(inv.total / 2), inv.total - Math.floor(inv.total / 2)] : [inv.total]
      for (const amount of amounts) {
        const paid = fake.charge(amount, metadata)
        const refunds: { id: string; amount: number }[] = []
        payments.push({ invoice: inv.id, ...paid, refunds })
        const eventOf = (type: string, object: Record<string, unknown>): StripeEvent => {
          const body = fake.event(type, object)
          return {
            id: (JSON.parse(body) as { id: string }).id,
            body,
            type,
            invoice: inv.id,
            paymentIntent: paid.paymentIntent,
          }
        }
        const completed = eventOf('checkout.session.completed', {
          id: `cs_test_${tag}_${paid.paymentIntent}`,
          object: 'checkout.session',
          amount_total: amount,
          mode: 'payment',
          payment_intent: paid.paymentIntent,
          payment_status: 'paid',
          status: 'complete',
          metadata,
        })
        const succeeded = eventOf('payment_intent.succeeded', {
          ...fake.paymentIntents.get(paid.paymentIntent),
        })
        later.push(...(way === 'split' ? [succeeded, completed] : [completed, succeeded]))
        if (way === 'refunded') {
          // The charge as each refund left it, listing its refunds so far; the later one first.
          const told = REFUNDS.map((cents) => {
            const { charge, refund } = fake.refund(paid.charge, cents)
            refunds.push({ id: refund.id, amount: cents })
            return [eventOf('charge.refunded', { ...charge }), eventOf('refund.created', { ...refund })]
          })
          first.push(told[1][0], told[1][1], told[0][0])
        }
      }
    }
    // A payment in yen told with an invoice's metadata: flagged on its job, never booked.
    const yen = invoices[0]
    foreign = {
      id: '',
      body: fake.event('payment_intent.succeeded', {
        id: `pi_yen_${tag}`,
        object: 'payment_intent',
        amount: YEN,
        amount_received: YEN,
        currency: 'jpy',
        status: 'succeeded',
        metadata: { invoice: String(yen.id), number: yen.number },
        created: Math.floor(Date.now() / 1000),
      }),
      type: 'payment_intent.succeeded',
      invoice: yen.id,
      paymentIntent: `pi_yen_${tag}`,
    }
    foreign.id = (JSON.parse(foreign.body) as { id: string }).id
    later.push(foreign)
    events = [...first, ...later]
    const duplicated = new Set(spread(events.length, DUPLICATES))
    const burst: { event: StripeEvent; copy: 0 | 1; instance: number }[] = []
    events.forEach((event, i) => {
      burst.push({ event, copy: 0, instance: i })
      if (duplicated.has(i)) burst.push({ event, copy: 1, instance: i + 1 })
    })

    const deliver = async (event: StripeEvent, instance: number, copy: 0 | 1, round: number) => {
      const outcome = await send(`${urlOf(instance)}${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': fake.sign(event.body) },
        body: event.body,
      })
      deliveries.push({ ...outcome, event, copy, round })
      return outcome
    }
    // Each instance's first API request loads Payload: an unsigned one (400, nothing recorded) does.
    warmUpMs = await Promise.all(
      [0, 1].map(async (i) => {
        const res = await send(`${urlOf(i)}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', body: '{}' })
        if (res.status !== 400) throw new Error(`an unsigned event was answered ${res.status}`)
        return res.ms
      }),
    )

    load.before = os.loadavg()
    const t0 = Date.now()
    await Promise.all(burst.map((d) => deliver(d.event, d.instance, d.copy, 0)))
    burstSeconds = (Date.now() - t0) / 1000
    load.after = os.loadavg()

    for (let round = 1; round <= RETRY_ROUNDS; round++) {
      const answered = new Set(deliveries.filter((d) => isOk(d)).map((d) => d.event.id))
      const again = events.filter((e) => !answered.has(e.id))
      if (!again.length) break
      await sleep(1_000)
      for (const [i, event] of again.entries()) await deliver(event, i, 0, round)
    }

    // Until Stripe's fee is on every payment (fetched by the job queue).
    for (const deadline = Date.now() + FEE_WITHIN_SECONDS * 1000; Date.now() < deadline; await sleep(1_000)) {
      const left = await withDb(databaseUrl, async (db) =>
        Number(
          (
            await db.query(
              `SELECT count(*) AS n FROM payments WHERE stripe_id = ANY($1) AND stripe_fee_cents IS NULL`,
              [payments.map((p) => p.paymentIntent)],
            )
          ).rows[0].n,
        ),
      )
      if (left === 0) {
        feesAfterSeconds = (Date.now() - t0) / 1000
        break
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await fake.close()
  }

  // The answers.
  const burst = deliveries.filter((d) => d.round === 0)
  const statuses = tally(burst.map((d) => d.status ?? `no answer (${d.error})`))
  if (burst.length !== events.length + DUPLICATES)
    failures.push(`${burst.length} deliveries answered, expected ${events.length + DUPLICATES}`)
  const wrong = deliveries.filter(
    (d) => !isOk(d) && !(d.status === 409 && d.event.type === 'charge.refunded'),
  )
  const foreignAnswers = deliveries.filter((d) => d.event === foreign).map((d) => d.json?.outcome)
  if (!foreignAnswers.length || foreignAnswers.some((o) => o !== 'flagged' && o !== 'duplicate'))
    failures.push(`the payment in yen was answered ${JSON.stringify(foreignAnswers)}, expected flagged`)
  if (wrong.length)
    failures.push(
      `${wrong.length} answers neither 200 nor a refund's 409: ${JSON.stringify(tally(wrong.map((d) => `${d.event.type} ${d.status ?? d.error}`)))}`,
    )
  const okIds = new Set(deliveries.filter(isOk).map((d) => d.event.id))
  const unanswered = events.filter((e) => !okIds.has(e.id))
  if (unanswered.length)
    failures.push(`${unanswered.length} events not answered 200 after ${RETRY_ROUNDS} deliveries again`)
  const recordedTwice = events.filter(
    (e) => deliveries.filter((d) => d.event.id === e.id && d.json?.outcome === 'recorded').length > 1,
  )
  if (recordedTwice.length) failures.push(`${recordedTwice.length} events recorded more than once`)

  // What is recorded.
  const ids = invoices.map((i) => i.id)
  const stored = await withDb(databaseUrl, async (db) => ({
    payments: (
      await db.query<{ invoice: number; kind: string; cents: number; stripe_id: string; fee: number | null }>(
        `SELECT invoice_id AS invoice, kind, amount_cents::int AS cents, stripe_id, stripe_fee_cents::int AS fee
           FROM payments WHERE invoice_id = ANY($1)`,
        [ids],
      )
    ).rows,
    invoices: (
      await db.query<{ id: number; paid: number; balance: number; status: string }>(
        `SELECT id, paid_cents::int AS paid, balance_cents::int AS balance, status FROM invoices WHERE id = ANY($1)`,
        [ids],
      )
    ).rows,
    timeline: (
      await db.query<{ lead: number; kind: string; text: string }>(
        `SELECT lead_id AS lead, kind, text FROM lead_events
          WHERE lead_id = ANY($1) AND kind IN ('payment_received', 'payment_refunded', 'payment_check')`,
        [invoices.map((i) => i.lead)],
      )
    ).rows,
    receipts: (
      await db.query<{ payment: string; n: string }>(
        `SELECT input->>'paymentId' AS payment, count(*) AS n FROM payload_jobs
          WHERE task_slug = 'sendPaymentReceipt' GROUP BY 1`,
      )
    ).rows,
    claimed: Number(
      (
        await db.query(`SELECT count(*) AS n FROM stripe_events WHERE id = ANY($1)`, [
          events.map((e) => e.id),
        ])
      ).rows[0].n,
    ),
    paymentIds: (
      await db.query<{ id: number }>(`SELECT id FROM payments WHERE stripe_id = ANY($1)`, [
        payments.map((p) => p.paymentIntent),
      ])
    ).rows.map((r) => String(r.id)),
    foreignRows: Number(
      (
        await db.query(`SELECT count(*) AS n FROM payments WHERE stripe_id = $1`, [
          foreign?.paymentIntent ?? '',
        ])
      ).rows[0].n,
    ),
  }))

  const rowsOf = (id: string) => stored.payments.filter((p) => p.stripe_id === id)
  const notOnce = payments.filter((p) => {
    const rows = rowsOf(p.paymentIntent)
    return (
      rows.length !== 1 ||
      rows[0].cents !== p.amount ||
      rows[0].kind !== 'payment' ||
      rows[0].invoice !== p.invoice
    )
  })
  if (notOnce.length)
    failures.push(`${notOnce.length} of ${payments.length} payments not recorded once, as paid`)
  const refunded = payments.filter((p) => wayOf(invoices.find((i) => i.id === p.invoice)!.n) === 'refunded')
  const badRefunds = refunded.filter(
    (p) =>
      p.refunds.length !== REFUNDS.length ||
      p.refunds.some((r) => {
        const rows = rowsOf(r.id)
        return rows.length !== 1 || rows[0].cents !== r.amount || rows[0].kind !== 'refund'
      }),
  )
  if (badRefunds.length)
    failures.push(
      `${badRefunds.length} of ${refunded.length} refunded charges without one row per refund, of its amount`,
    )
  if (stored.foreignRows) failures.push(`the payment in yen was booked (${stored.foreignRows} rows)`)
  const strays = stored.payments.length - payments.length - refunded.length * REFUNDS.length
  if (strays) failures.push(`${strays} payment rows more than expected`)

  const badBalances = invoices.filter((inv) => {
    const row = stored.invoices.find((r) => Number(r.id) === inv.id)
    const paid = inv.total - (wayOf(inv.n) === 'refunded' ? REFUNDED : 0)
    const status = paid === inv.total ? 'paid' : 'part_paid'
    return !row || row.paid !== paid || row.balance !== inv.total - paid || row.status !== status
  })
  if (badBalances.length)
    failures.push(`${badBalances.length} of ${INVOICES} invoices with a wrong paid, balance or status`)

  const centsOf = (text: string) =>
    Math.round(Number(/^\$([\d,]+\.\d\d)/.exec(text)?.[1].replace(/,/g, '')) * 100)
  const badTimelines = invoices.filter((inv) => {
    const events = stored.timeline.filter((e) => Number(e.lead) === inv.lead)
    const received = events.filter((e) => e.kind === 'payment_received').map((e) => centsOf(e.text))
    const refundedHere = events.filter((e) => e.kind === 'payment_refunded').map((e) => centsOf(e.text))
    const flags = events.filter((e) => e.kind === 'payment_check').length
    const paidHere = payments.filter((p) => p.invoice === inv.id).map((p) => p.amount)
    return (
      received.sort().join() !== paidHere.sort().join() ||
      refundedHere.sort().join() !== (wayOf(inv.n) === 'refunded' ? [...REFUNDS].sort().join() : '') ||
      flags !== (inv.id === foreign?.invoice ? 1 : 0)
    )
  })
  if (badTimelines.length) failures.push(`${badTimelines.length} leads whose timeline tells the money wrong`)

  const receiptsOf = new Map(stored.receipts.map((r) => [r.payment, Number(r.n)]))
  const badReceipts = stored.paymentIds.filter((id) => receiptsOf.get(id) !== 1)
  if (badReceipts.length) failures.push(`${badReceipts.length} payments without exactly one receipt job`)
  if (stored.claimed !== events.length)
    failures.push(`${stored.claimed} events claimed, expected ${events.length}`)

  const badFees = payments.filter((p) => rowsOf(p.paymentIntent)[0]?.fee !== p.fee)
  if (badFees.length) failures.push(`${badFees.length} of ${payments.length} payments without Stripe's fee`)

  const errors = logsErrorLines(logs, failures)
  const answerOf = (list: Delivery[]) => {
    const ms = list.map((d) => d.ms)
    return {
      n: ms.length,
      p50: round(percentile(ms, 50)),
      p95: round(percentile(ms, 95)),
      max: Math.max(0, ...ms),
    }
  }
  return {
    failures,
    figures: {
      instances: '2 web + queue, one database',
      invoices: INVOICES,
      payments: payments.length,
      refundedCharges: refunded.length,
      refunds: refunded.length * REFUNDS.length,
      events: events.length,
      deliveries: burst.length,
      deliveredTwice: DUPLICATES,
      statuses,
      retried: tally(deliveries.filter((d) => d.round > 0).map((d) => `${d.event.type} ${d.status}`)),
      outcomes: tally(burst.map((d) => `${d.event.type} ${String(d.json?.outcome ?? d.status)}`)),
      warmUpMs,
      burstSeconds: round(burstSeconds),
      deliveriesPerSecond: round(burst.length / burstSeconds),
      answerMs: answerOf(burst),
      answerMsByKind: {
        payment: answerOf(burst.filter((d) => !/refund/.test(d.event.type))),
        refund: answerOf(burst.filter((d) => /refund/.test(d.event.type))),
        secondCopy: answerOf(burst.filter((d) => d.copy === 1)),
      },
      feesStoredSecondsAfterFirstDelivery: feesAfterSeconds === null ? null : round(feesAfterSeconds),
      loadAverage: { before: load.before.map((v) => round(v, 2)), after: load.after.map((v) => round(v, 2)) },
      cores: os.cpus().length,
      errorLines: errors,
      logs,
    },
  }
}

const range = (length: number) => Array.from({ length }, (_, n) => n)
const isOk = (d: Outcome) => d.status !== null && d.status >= 200 && d.status < 300
/** `count` of the indexes 0..length-1, spread evenly. */
const spread = (length: number, count: number) => range(count).map((i) => Math.floor((i * length) / count))
