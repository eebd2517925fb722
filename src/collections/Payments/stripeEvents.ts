import type { PostgresAdapter, PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import { text, timestamp } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { PayloadRequest } from 'payload'

import { PAYMENT_METHOD_LABELS, formatCents } from '@/lib/invoices'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { closePaidSession } from '@/collections/Invoices/checkoutSessions'
import { flagOverpayment } from '@/collections/Invoices/overpayment'
import { lockInvoice, settleInvoice } from '@/collections/Invoices/settle'
import { lockQuote, recordDeposit, settleInvoicesOfQuote } from '@/collections/Quotes/deposits'
import { dbOf } from '@/server/db'
import type { Stripe } from '@/server/payments/stripe'

import { notePayment } from './recordPayment'
import { queueStripeFee } from './stripeFee'

// Stripe delivers each event at least once, sometimes several times at once, and in no
// promised order. Each is handled once: its id is claimed in the handling transaction (the
// primary key makes a second delivery wait for the first, then find it done). A payment is
// one row per payment intent, however many events tell of it; a charge's refunds are one
// row holding the largest refunded total Stripe has told of, so an older event changes nothing.
export const STRIPE_EVENTS_TABLE = 'stripe_events'

type SchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

export const declareStripeEvents: SchemaHook = ({ adapter, schema }) => {
  schema.tables[STRIPE_EVENTS_TABLE] = (adapter as unknown as PostgresAdapter).pgSchema.table(
    STRIPE_EVENTS_TABLE,
    {
      id: text('id').primaryKey(),
      type: text('type').notNull(),
      receivedAt: timestamp('received_at', { withTimezone: true, precision: 3, mode: 'string' })
        .notNull()
        .defaultNow(),
    },
  )
  return schema
}

/** A refund told of before its payment: answered so that Stripe sends it again later. */
export class PaymentNotYetRecorded extends Error {}

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
export async function handleStripeEvent(
  req: PayloadRequest,
  event: Stripe.Event,
): Promise<'recorded' | 'duplicate' | 'ignored'> {
  const db = await dbOf(req.payload, req)
  if (!(await claimEvent(db, event))) return 'duplicate'
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      if (session.payment_status !== 'paid') return 'ignored'
      await closePaidSession(req, session.id)
      if (session.metadata?.kind === 'deposit')
        return recordDeposit(req, {
          quote: Number(session.metadata.quote),
          lead: Number(session.metadata.lead),
          paymentIntent: idOf(session.payment_intent),
          amountCents: session.amount_total,
        })
      return recordCardPayment(req, {
        invoice: Number(session.metadata?.invoice),
        paymentIntent: idOf(session.payment_intent),
        amountCents: session.amount_total,
      })
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object
      if (intent.metadata?.kind === 'deposit')
        return recordDeposit(req, {
          quote: Number(intent.metadata.quote),
          lead: Number(intent.metadata.lead),
          paymentIntent: intent.id,
          amountCents: intent.amount_received,
        })
      return recordCardPayment(req, {
        invoice: Number(intent.metadata?.invoice),
        paymentIntent: intent.id,
        amountCents: intent.amount_received,
      })
    }
    case 'charge.refunded': {
      const charge = event.data.object
      const intent = typeof charge.payment_intent === 'object' ? charge.payment_intent : null
      return recordCardRefund(req, {
        charge: charge.id,
        paymentIntent: idOf(charge.payment_intent),
        refundedCents: charge.amount_refunded,
        invoice: Number(charge.metadata?.invoice ?? intent?.metadata?.invoice),
        quote: Number(charge.metadata?.quote ?? intent?.metadata?.quote),
      })
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

async function recordCardPayment(
  req: PayloadRequest,
  p: { invoice: number; paymentIntent: string | null; amountCents: number | null },
): Promise<'recorded' | 'ignored'> {
  // Not ours (no invoice of this site in its metadata), or nothing paid.
  if (!Number.isSafeInteger(p.invoice) || !p.paymentIntent || !p.amountCents || p.amountCents <= 0)
    return 'ignored'
  // The invoice's row lock before the payment row: the row's foreign key takes a share lock
  // on the invoice that settleInvoice's FOR UPDATE would then wait on, so two events of one
  // invoice, each holding one, would deadlock.
  const locked = await lockInvoice(req.payload, req, p.invoice)
  if (!locked || locked.kind !== 'invoice' || locked.status === 'draft') return 'ignored'
  const db = await dbOf(req.payload, req)
  const inserted = (await db.execute(sql`
    INSERT INTO payments (invoice_id, lead_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
    SELECT id, lead_id, 'payment', 'card_online', ${p.amountCents}, ${p.paymentIntent}, now(), now(), now()
    FROM invoices WHERE id = ${p.invoice} AND kind = 'invoice' AND status <> 'draft'
    ON CONFLICT (stripe_id) DO NOTHING
    RETURNING id`)) as unknown as Rows<{ id: number }>
  const id = inserted.rows[0]?.id
  if (id == null) return 'ignored'
  await settleInvoice(req.payload, req, p.invoice)
  await notePayment(req.payload, req, Number(id))
  await flagOverpayment(req, p.invoice, p.amountCents)
  await req.payload.jobs.queue({ task: 'sendPaymentReceipt', input: { paymentId: Number(id) }, req })
  await req.payload.jobs.queue({ task: 'sendOwnerAlert', input: { kind: 'payment', id: Number(id) }, req })
  await req.payload.jobs.queue({ task: 'fetchStripeFee', input: { paymentId: Number(id) }, req })
  return 'recorded'
}

async function recordCardRefund(
  req: PayloadRequest,
  r: { charge: string; paymentIntent: string | null; refundedCents: number; invoice: number; quote: number },
): Promise<'recorded' | 'ignored'> {
  if (!r.paymentIntent || !(r.refundedCents > 0)) return 'ignored'
  const db = await dbOf(req.payload, req)
  const paid = (await db.execute(sql`
    SELECT invoice_id, lead_id, quote_id FROM payments
    WHERE stripe_id = ${r.paymentIntent} AND kind IN ('payment', 'deposit')`)) as unknown as Rows<{
    invoice_id: number | null
    lead_id: number | null
    quote_id: number | null
  }>
  const payment = paid.rows[0]
  if (!payment) {
    // Only a charge of one of our invoices (or quotes' deposits) can have its payment still to
    // come; any other (made in Stripe's dashboard, by another product) is none of ours, and a
    // 409 would have Stripe send it again for three days.
    const mine = Number.isSafeInteger(r.invoice)
      ? sql`SELECT id FROM invoices WHERE id = ${r.invoice} AND kind = 'invoice'`
      : Number.isSafeInteger(r.quote)
        ? sql`SELECT id FROM quotes WHERE id = ${r.quote}`
        : null
    if (!mine) return 'ignored'
    const ours = (await db.execute(mine)) as unknown as Rows<{ id: number }>
    if (ours.rows.length === 0) return 'ignored'
    throw new PaymentNotYetRecorded(`No payment ${r.paymentIntent} yet`)
  }
  // The invoice's lock before the refund row, as for a payment: no deadlock with settleInvoice.
  // A deposit's refund takes its quote's lock first, as the deposit did, then its invoices'.
  if (payment.invoice_id != null) await lockInvoice(req.payload, req, Number(payment.invoice_id))
  else if (payment.quote_id != null) await lockQuote(req, Number(payment.quote_id))
  const key = `refund:${r.charge}`
  // The row first, then its lock: concurrent events of one charge take turns.
  await db.execute(sql`
    INSERT INTO payments (invoice_id, lead_id, quote_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
    VALUES (${payment.invoice_id}, ${payment.lead_id}, ${payment.quote_id}, 'refund', 'card_online', 0, ${key}, now(), now(), now())
    ON CONFLICT (stripe_id) DO NOTHING`)
  const held = (await db.execute(sql`
    SELECT id, amount_cents FROM payments WHERE stripe_id = ${key} FOR UPDATE`)) as unknown as Rows<{
    id: number
    amount_cents: string | number
  }>
  const before = Number(held.rows[0].amount_cents)
  if (r.refundedCents <= before) return 'ignored'
  await db.execute(sql`
    UPDATE payments SET amount_cents = ${r.refundedCents}, received_at = now(), updated_at = now()
    WHERE id = ${held.rows[0].id}`)
  if (payment.invoice_id != null) await settleInvoice(req.payload, req, Number(payment.invoice_id))
  else if (payment.quote_id != null) await settleInvoicesOfQuote(req, Number(payment.quote_id))
  if (payment.lead_id != null) {
    const number = (await db.execute(sql`
      SELECT number FROM invoices WHERE id = ${payment.invoice_id}`)) as unknown as Rows<{
      number: string | null
    }>
    await recordLeadEvent(req.payload, req, {
      lead: Number(payment.lead_id),
      kind: 'payment_refunded',
      text: [
        formatCents(r.refundedCents - before),
        PAYMENT_METHOD_LABELS.card_online,
        number.rows[0]?.number ? `invoice ${number.rows[0].number}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    })
  }
  return 'recorded'
}
