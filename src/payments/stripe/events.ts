import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { closePaidSession } from '@/payments/checkoutSessions'
import { lockInvoice, recordCardPayment, settleInvoice } from '@/payments/settle'
import { lockQuote, recordDeposit, settleInvoicesOfQuote } from '@/payments/deposits'
import { dbOf } from '@/server/db'
import { ACCOUNT_CURRENCY, type Stripe, chargeRefunds } from '@/payments/stripe'

import { notePayment } from '@/payments/recordPayment'
import { queueStripeFee } from '@/payments/stripe/fee'
import { formatMoney } from '@/lib/money'

// Stripe delivers each event at least once, sometimes several times at once, and in no
// promised order. Each is handled once: its id is claimed in the handling transaction (the
// primary key makes a second delivery wait for the first, then find it done). A payment is
// one row per payment intent, however many events tell of it, and a refund one row per refund
// (re_...), dated when Stripe made it, however many events list it. What an event says is checked
// against what was asked: money in another currency than the account's is not booked, and a
// payment for another amount than its Checkout Session asked is booked and flagged for the owner.

/** A refund told of before its payment: answered so that Stripe sends it again later. */
export class PaymentNotYetRecorded extends Error {}

/** A signed event no Stripe event looks like (an amount not in whole cents): a 400, no retry. */
export class MalformedStripeEvent extends Error {}

export type EventOutcome = 'recorded' | 'duplicate' | 'ignored' | 'flagged'

type Rows<T> = { rows: T[] }
type Db = Awaited<ReturnType<typeof dbOf>>

/** True when this delivery is the event's first; in the handling transaction. */
async function claimEvent(db: Db, event: Stripe.Event): Promise<boolean> {
  const claimed = (await db.execute(sql`
    INSERT INTO stripe_events (id, type) VALUES (${event.id}, ${event.type})
    ON CONFLICT (id) DO NOTHING RETURNING id`)) as unknown as Rows<{ id: string }>
  return claimed.rows.length === 1
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** What the event recorded; in the caller's transaction, which must be the request's. */
export async function handleStripeEvent(req: PayloadRequest, event: Stripe.Event): Promise<EventOutcome> {
  if (AMOUNTS_READ.has(event.type)) checkAmounts(event)
  const db = await dbOf(req.payload, req)
  if (!(await claimEvent(db, event))) return 'duplicate'
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      if (session.payment_status !== 'paid') return 'ignored'
      await closePaidSession(req, session.id)
      return recordPaid(req, {
        metadata: session.metadata,
        session: session.id,
        paymentIntent: idOf(session.payment_intent),
        amountCents: session.amount_total,
        currency: session.currency,
      })
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object
      return recordPaid(req, {
        metadata: intent.metadata,
        session: null,
        paymentIntent: intent.id,
        amountCents: intent.amount_received,
        currency: intent.currency,
      })
    }
    case 'charge.refunded': {
      const charge = event.data.object
      const intent = typeof charge.payment_intent === 'object' ? charge.payment_intent : null
      const listed = charge.refunds
      // Stripe lists a charge's refunds only when asked to expand them: then read from its API.
      const refunds =
        listed && Array.isArray(listed.data) && !listed.has_more
          ? listed.data
          : await chargeRefunds(charge.id)
      checkAmounts({ type: 'refunds', data: { object: { refunds } } })
      const mine = {
        invoice: Number(charge.metadata?.invoice ?? intent?.metadata?.invoice),
        quote: Number(charge.metadata?.quote ?? intent?.metadata?.quote),
      }
      const outcomes: EventOutcome[] = []
      for (const refund of [...refunds].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id)))
        outcomes.push(
          await recordCardRefund(req, refundOf(refund, charge.id, idOf(charge.payment_intent)), mine),
        )
      return outcomes.includes('recorded') ? 'recorded' : outcomes.includes('flagged') ? 'flagged' : 'ignored'
    }
    case 'refund.created':
    case 'refund.updated': {
      // A refund's own metadata is not its payment's: one whose payment is not recorded yet is
      // left to its charge's `charge.refunded`, answered 409 until then.
      const refund = event.data.object
      return recordCardRefund(req, refundOf(refund, idOf(refund.charge), idOf(refund.payment_intent)), null)
    }
    case 'charge.updated': {
      // Stripe's fee is known once the charge has its balance transaction, which asynchronous
      // capture adds after the payment's own events; before its payment, the payment's job reads it.
      const charge = event.data.object
      const intent = idOf(charge.payment_intent)
      if (!charge.balance_transaction || !intent) return 'ignored'
      return (await queueStripeFee(req, intent)) ? 'recorded' : 'ignored'
    }
    default:
      return 'ignored'
  }
}

// Every amount the handling reads, before anything is written: a fraction of a cent, a
// negative or a string is no amount Stripe sends, and would fail on every retry.
const AMOUNT_FIELDS = ['amount', 'amount_total', 'amount_received', 'amount_refunded'] as const
const AMOUNTS_READ = new Set([
  'checkout.session.completed',
  'payment_intent.succeeded',
  'charge.refunded',
  'refund.created',
  'refund.updated',
])

function checkAmounts(event: { type: string; data: { object: unknown } }): void {
  const object = event.data.object as Record<string, unknown>
  const check = (o: Record<string, unknown>, where: string) => {
    for (const field of AMOUNT_FIELDS) {
      const value = o[field]
      if (value != null && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0))
        throw new MalformedStripeEvent(`${where}.${field} is not a whole number of cents`)
    }
  }
  check(object, event.type)
  const refunds = object.refunds as { data?: unknown } | unknown[] | null | undefined
  const list = Array.isArray(refunds) ? refunds : Array.isArray(refunds?.data) ? refunds.data : []
  for (const refund of list as Record<string, unknown>[]) {
    if (typeof refund?.id !== 'string' || typeof refund.amount !== 'number')
      throw new MalformedStripeEvent(`${event.type} lists a refund without its id or amount`)
    check(refund, `${event.type} refund`)
  }
}

const inAccountCurrency = (currency: string | null | undefined) =>
  currency == null || currency.toLowerCase() === ACCOUNT_CURRENCY

const foreign = (amount: number | null, currency: string) =>
  `${currency.toUpperCase()} ${amount ?? 0} (in Stripe's smallest unit)`

type Owner = { invoice?: number | null; quote?: number | null; lead?: number | null }

async function leadOf(db: Db, of: Owner): Promise<number | null> {
  const one = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as Rows<{ lead: number | null }>).rows[0]?.lead ?? null
  const safe = (n: number | null | undefined): n is number => n != null && Number.isSafeInteger(n)
  const lead =
    (safe(of.invoice)
      ? await one(sql`SELECT lead_id AS lead FROM invoices WHERE id = ${of.invoice}`)
      : null) ??
    (safe(of.quote) ? await one(sql`SELECT lead_id AS lead FROM quotes WHERE id = ${of.quote}`) : null) ??
    (safe(of.lead) ? await one(sql`SELECT id AS lead FROM leads WHERE id = ${of.lead}`) : null)
  return lead == null ? null : Number(lead)
}

/**
 * Tells the owner, on the job's timeline, of card money to check in Stripe; once per text, however
 * many events tell of it. 'ignored' when it is no job of ours.
 */
async function flagOnJob(req: PayloadRequest, of: Owner, text: string): Promise<'flagged' | 'ignored'> {
  const db = await dbOf(req.payload, req)
  const lead = await leadOf(db, of)
  if (lead == null) return 'ignored'
  const told = (await db.execute(sql`
    SELECT 1 FROM lead_events WHERE lead_id = ${lead} AND kind = 'payment_check' AND text = ${text}
    LIMIT 1`)) as unknown as Rows<unknown>
  if (told.rows.length === 0) await recordLeadEvent(req.payload, req, { lead, kind: 'payment_check', text })
  return 'flagged'
}

/**
 * What the payment's Checkout Session asked: its own when it is recorded, else the one of the
 * invoice's (or quote's) sessions for this amount, else the newest's; null when none was opened
 * here (then there is nothing to compare with).
 */
async function askedCents(
  db: Db,
  p: { session: string | null; owner: ReturnType<typeof sql>; amountCents: number },
): Promise<number | null> {
  if (p.session) {
    const own = (await db.execute(sql`
      SELECT amount_cents FROM stripe_checkout_sessions WHERE id = ${p.session}`)) as unknown as Rows<{
      amount_cents: string | number
    }>
    if (own.rows[0]) return Number(own.rows[0].amount_cents)
  }
  const asked = (await db.execute(sql`
    SELECT amount_cents FROM stripe_checkout_sessions WHERE ${p.owner}
    ORDER BY (amount_cents = ${p.amountCents}) DESC, created_at DESC LIMIT 1`)) as unknown as Rows<{
    amount_cents: string | number
  }>
  return asked.rows[0] ? Number(asked.rows[0].amount_cents) : null
}

async function recordPaid(
  req: PayloadRequest,
  p: {
    metadata: Stripe.Metadata | null
    session: string | null
    paymentIntent: string | null
    amountCents: number | null
    currency: string | null
  },
): Promise<EventOutcome> {
  const deposit = p.metadata?.kind === 'deposit'
  const owner: Owner = deposit
    ? { quote: Number(p.metadata?.quote), lead: Number(p.metadata?.lead) }
    : { invoice: Number(p.metadata?.invoice) }
  if (!inAccountCurrency(p.currency))
    return flagOnJob(
      req,
      owner,
      `${foreign(p.amountCents, p.currency!)} paid by card in another currency than the account's: not booked; refund it in Stripe`,
    )
  const db = await dbOf(req.payload, req)
  const amount = p.amountCents ?? 0
  const ownerSql = deposit ? sql`quote_id = ${owner.quote}` : sql`invoice_id = ${owner.invoice}`
  const safeOwner = Number.isSafeInteger(deposit ? owner.quote : owner.invoice)
  const asked =
    safeOwner && amount > 0
      ? await askedCents(db, { session: p.session, owner: ownerSql, amountCents: amount })
      : null
  const differs = asked != null && asked !== amount
  const outcome = deposit
    ? await recordDeposit(req, {
        quote: Number(owner.quote),
        lead: owner.lead,
        paymentIntent: p.paymentIntent,
        amountCents: p.amountCents,
        // Less than its page asked (a cent for a $50 deposit) does not accept the quote.
        accepts: !(differs && amount < asked),
      })
    : await recordCardPayment(req, {
        invoice: Number(owner.invoice),
        paymentIntent: p.paymentIntent,
        amountCents: p.amountCents,
      })
  if (outcome !== 'recorded' || !differs) return outcome
  await flagOnJob(
    req,
    owner,
    deposit
      ? `${formatMoney(amount)} deposit paid by card where its Stripe page asked ${formatMoney(asked)}${amount < asked ? ': the quote is not accepted by it' : ''}; check it in Stripe`
      : `${formatMoney(amount)} paid by card where its Stripe page asked ${formatMoney(asked)}; check it in Stripe`,
  )
  return outcome
}

type CardRefund = {
  id: string
  amountCents: number
  /** Seconds since the epoch: when Stripe made it. */
  created: number
  currency: string | null
  status: string | null
  charge: string | null
  paymentIntent: string | null
}

const refundOf = (r: Stripe.Refund, charge: string | null, paymentIntent: string | null): CardRefund => ({
  id: r.id,
  amountCents: r.amount,
  created: Number.isSafeInteger(r.created) ? r.created : Math.floor(Date.now() / 1000),
  currency: r.currency ?? null,
  status: r.status ?? null,
  charge,
  paymentIntent,
})

/**
 * One refund of a card payment: a row of its own (its id, its amount, its date), once however
 * many events list it, and never more given back than the payment took (that is flagged, not
 * booked). `mine`: the charge's metadata, which says whether a payment still to come is ours.
 */
async function recordCardRefund(
  req: PayloadRequest,
  r: CardRefund,
  mine: { invoice: number; quote: number } | null,
): Promise<EventOutcome> {
  // A refund that failed or was cancelled gave nothing back; one pending is on its way.
  if (!r.paymentIntent || !(r.amountCents > 0) || !['succeeded', 'pending'].includes(r.status ?? 'succeeded'))
    return 'ignored'
  const db = await dbOf(req.payload, req)
  const paid = (await db.execute(sql`
    SELECT id, invoice_id, lead_id, quote_id, amount_cents FROM payments
    WHERE stripe_id = ${r.paymentIntent} AND kind IN ('payment', 'deposit')`)) as unknown as Rows<{
    id: number
    invoice_id: number | null
    lead_id: number | null
    quote_id: number | null
    amount_cents: string | number
  }>
  const payment = paid.rows[0]
  if (!payment) {
    // Only a charge of one of our invoices (or quotes' deposits) can have its payment still to
    // come; any other (made in Stripe's dashboard, by another product) is none of ours, and a
    // 409 would have Stripe send it again for three days.
    if (!mine) return 'ignored'
    const query = Number.isSafeInteger(mine.invoice)
      ? sql`SELECT id FROM invoices WHERE id = ${mine.invoice} AND kind = 'invoice'`
      : Number.isSafeInteger(mine.quote)
        ? sql`SELECT id FROM quotes WHERE id = ${mine.quote}`
        : null
    if (!query) return 'ignored'
    const ours = (await db.execute(query)) as unknown as Rows<{ id: number }>
    if (ours.rows.length === 0) return 'ignored'
    throw new PaymentNotYetRecorded(`No payment ${r.paymentIntent} yet`)
  }
  const owner = { invoice: payment.invoice_id, quote: payment.quote_id, lead: payment.lead_id }
  if (!inAccountCurrency(r.currency))
    return flagOnJob(
      req,
      owner,
      `Refund ${r.id} of ${foreign(r.amountCents, r.currency!)} in another currency than the account's: not booked; check it in Stripe`,
    )
  // The invoice's lock before the refund row, as for a payment: no deadlock with settleInvoice.
  // A deposit's refund takes its quote's lock first, as the deposit did, then its invoices'; the
  // payment's own row last, so that refunds of one payment are decided one at a time.
  if (payment.invoice_id != null) await lockInvoice(req.payload, req, Number(payment.invoice_id))
  else if (payment.quote_id != null) await lockQuote(req, Number(payment.quote_id))
  await db.execute(sql`SELECT id FROM payments WHERE id = ${payment.id} FOR UPDATE`)
  // Booked already by its id, or within the charge's one row of refunds written before each
  // refund had its own (its total, dated when the last refund then known was told of).
  const known = (await db.execute(sql`
    SELECT 1 FROM payments
    WHERE stripe_id = ${r.id}
       OR (stripe_id = ${`refund:${r.charge}`} AND received_at >= to_timestamp(${r.created}))
    LIMIT 1`)) as unknown as Rows<unknown>
  if (known.rows.length > 0) return 'ignored'
  const before = (await db.execute(sql`
    SELECT coalesce(sum(amount_cents), 0) AS refunded FROM payments
    WHERE kind = 'refund' AND (refund_of_id = ${payment.id} OR stripe_id = ${`refund:${r.charge}`})`)) as unknown as Rows<{
    refunded: string | number
  }>
  const took = Number(payment.amount_cents)
  const refunded = Number(before.rows[0].refunded)
  if (refunded + r.amountCents > took)
    return flagOnJob(
      req,
      owner,
      `Refund ${r.id} of ${formatMoney(r.amountCents)} is more than the ${formatMoney(took - refunded)} left of its ${formatMoney(took)} card payment: not booked; check it in Stripe`,
    )
  const inserted = (await db.execute(sql`
    INSERT INTO payments (invoice_id, lead_id, quote_id, refund_of_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
    VALUES (${payment.invoice_id}, ${payment.lead_id}, ${payment.quote_id}, ${payment.id}, 'refund', 'card_online',
            ${r.amountCents}, ${r.id}, to_timestamp(${r.created}), now(), now())
    ON CONFLICT (stripe_id) DO NOTHING
    RETURNING id`)) as unknown as Rows<{ id: number }>
  const id = inserted.rows[0]?.id
  if (id == null) return 'ignored'
  if (payment.invoice_id != null) await settleInvoice(req.payload, req, Number(payment.invoice_id))
  else if (payment.quote_id != null) await settleInvoicesOfQuote(req, Number(payment.quote_id))
  await notePayment(req.payload, req, Number(id))
  return 'recorded'
}
