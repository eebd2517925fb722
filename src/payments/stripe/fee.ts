import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'
import { cardPaymentsEnabled, chargeFeeCents } from '@/payments/stripe'

type Rows<T> = { rows: T[] }

/**
 * Stripe's fee on a card payment (or a quote's deposit), read from its charge's balance transaction and kept on the
 * payment; null while Stripe does not know it yet (its `charge.updated` queues this again).
 */
export async function fillStripeFee(req: PayloadRequest, paymentId: number): Promise<number | null> {
  const db = await dbOf(req.payload, req)
  const found = (await db.execute(sql`
    SELECT stripe_id, stripe_fee_cents FROM payments
    WHERE id = ${paymentId} AND kind IN ('payment', 'deposit') AND method = 'card_online'`)) as unknown as Rows<{
    stripe_id: string | null
    stripe_fee_cents: string | number | null
  }>
  const payment = found.rows[0]
  if (!payment?.stripe_id) return null
  if (payment.stripe_fee_cents != null) return Number(payment.stripe_fee_cents)
  if (!cardPaymentsEnabled()) return null
  const fee = await chargeFeeCents(payment.stripe_id)
  if (fee == null) return null
  // Whichever runner gets here first writes it; Stripe's fee on a charge does not change.
  await db.execute(sql`
    UPDATE payments SET stripe_fee_cents = ${fee}, updated_at = now()
    WHERE id = ${paymentId} AND stripe_fee_cents IS NULL`)
  return fee
}

/** The fee's job for the card payment of a payment intent whose fee is still unknown. */
export async function queueStripeFee(req: PayloadRequest, paymentIntent: string): Promise<boolean> {
  const db = await dbOf(req.payload, req)
  const found = (await db.execute(sql`
    SELECT id FROM payments
    WHERE stripe_id = ${paymentIntent} AND kind IN ('payment', 'deposit') AND stripe_fee_cents IS NULL`)) as unknown as Rows<{
    id: number
  }>
  const id = found.rows[0]?.id
  if (id == null) return false
  await req.payload.jobs.queue({ task: 'fetchStripeFee', input: { paymentId: Number(id) }, req })
  return true
}
