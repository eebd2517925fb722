import Stripe from 'stripe'
import { isTextLeadEmail } from '@/lib/text-messages'

// The one door to the card processor (Stripe, through its official SDK): Checkout Sessions,
// which Stripe hosts so no card number reaches this server, and webhook signatures. Without
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET the business takes no cards online: the pay
// page says how to pay instead, and payments are recorded by hand.

export const STRIPE_API_ORIGIN = 'https://api.stripe.com'
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhooks'
/** The account's currency: the only one the books hold. */
export const ACCOUNT_CURRENCY = 'usd'

export type StripeConfig = { secretKey: string; webhookSecret: string; apiOrigin: string }

// Read at call time: the tests' fake Stripe sets them after the config is loaded.
export function stripeConfig(): StripeConfig | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = process.env
  // Both or nothing: a session we could not hear back about would be paid and never recorded.
  if (!secretKey || !webhookSecret) return null
  // STRIPE_API_URL: the tests' local fake of Stripe's API; Stripe itself otherwise.
  const apiOrigin = new URL(process.env.STRIPE_API_URL || STRIPE_API_ORIGIN).origin
  return { secretKey, webhookSecret, apiOrigin }
}

export const cardPaymentsEnabled = () => stripeConfig() !== null

const TIMEOUT_MS = 15_000
let client: { key: string; stripe: Stripe } | null = null

function clientFor(config: StripeConfig): Stripe {
  const key = `${config.secretKey}@${config.apiOrigin}`
  if (client?.key !== key) {
    const origin = new URL(config.apiOrigin)
    client = {
      key,
      // The SDK's own host/port/protocol options, as stripe-mock is reached.
      stripe: new Stripe(config.secretKey, {
        host: origin.hostname,
        port: origin.port || (origin.protocol === 'http:' ? 80 : 443),
        protocol: origin.protocol === 'http:' ? 'http' : 'https',
        timeout: TIMEOUT_MS,
        maxNetworkRetries: 2,
        telemetry: false,
      }),
    }
  }
  return client.stripe
}

function configured(): { config: StripeConfig; stripe: Stripe } {
  const config = stripeConfig()
  if (!config) throw new Error('Card payments are not set up (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET).')
  return { config, stripe: clientFor(config) }
}

export type CheckoutRequest = {
  /** What the customer pays, in cents: computed by the server, never taken from a request. */
  amountCents: number
  /** The line Stripe's page shows, e.g. "Invoice 2026-0007". */
  description: string
  customerEmail?: string | null
  /** Read back from the session and its payment by the webhook. */
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
  /** One session per invoice and amount however many tabs ask at once. */
  idempotencyKey: string
}

export type CheckoutSession = {
  id: string
  url: string | null
  status: string | null
  amountTotal: number | null
  expiresAt: number
}

const sessionOf = (s: Stripe.Checkout.Session): CheckoutSession => ({
  id: s.id,
  url: s.url,
  status: s.status,
  amountTotal: s.amount_total,
  expiresAt: s.expires_at,
})

export async function createCheckoutSession(req: CheckoutRequest): Promise<CheckoutSession> {
  if (!Number.isInteger(req.amountCents) || req.amountCents < 50) {
    // Stripe's own minimum for USD charges.
    throw new Error('A card payment must be at least $0.50.')
  }
  const { stripe } = configured()
  const create = (idempotencyKey: string) =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: ACCOUNT_CURRENCY,
              unit_amount: req.amountCents,
              product_data: { name: req.description },
            },
          },
        ],
        // A texted customer's stored address reaches nobody: Stripe's page asks for a real one.
        customer_email:
          req.customerEmail && !isTextLeadEmail(req.customerEmail) ? req.customerEmail : undefined,
        client_reference_id: req.metadata.invoice,
        metadata: req.metadata,
        payment_intent_data: { metadata: req.metadata },
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      },
      { idempotencyKey },
    )
  let session = await create(req.idempotencyKey)
  // A key replays its session for a day, even one expired since because it could not be
  // recorded: then a new one, keyed after it, so that two tabs still get the same.
  for (let tries = 0; tries < 3 && session.status === 'expired'; tries++)
    session = await create(`${req.idempotencyKey}:after:${session.id}`)
  return sessionOf(session)
}

export async function retrieveCheckoutSession(id: string): Promise<CheckoutSession> {
  const { stripe } = configured()
  return sessionOf(await stripe.checkout.sessions.retrieve(id))
}

/**
 * Closes an open session so that it can no longer be paid; a session already paid or expired
 * is left as it is. Resolves with the session's status after.
 */
export async function expireCheckoutSession(id: string): Promise<string | null> {
  const { stripe } = configured()
  try {
    return (await stripe.checkout.sessions.expire(id)).status
  } catch (error) {
    // Stripe refuses to expire a session that is no longer open: read which state it is in.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
    const session = await stripe.checkout.sessions.retrieve(id)
    if (session.status === 'open') throw error
    return session.status
  }
}

/**
 * Stripe's fee on a payment intent's charge, in cents, from the charge's balance transaction;
 * null while Stripe has not made that transaction yet (asynchronous capture: Stripe sends
 * `charge.updated` once it has).
 */
export async function chargeFeeCents(paymentIntentId: string): Promise<number | null> {
  const { stripe } = configured()
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
    expand: ['latest_charge.balance_transaction'],
  })
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
  const txn = typeof charge?.balance_transaction === 'object' ? charge.balance_transaction : null
  return txn ? txn.fee : null
}

/** A body signed with our secret that is no event (not JSON, no id or type): never worth a retry. */
export class NotAStripeEvent extends Error {}

/**
 * The event Stripe signed, from the raw body and the Stripe-Signature header; null when it is
 * unsigned, wrongly signed, too old, or card payments are not set up. Throws NotAStripeEvent
 * for a signed body that is not an event.
 */
export function verifiedEvent(rawBody: string, signature: string | null): Stripe.Event | null {
  const config = stripeConfig()
  if (!config || !signature) return null
  let event: Stripe.Event
  try {
    event = clientFor(config).webhooks.constructEvent(rawBody, signature, config.webhookSecret)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null
    // The signature held: what failed is reading the body (JSON.parse).
    throw new NotAStripeEvent(error instanceof Error ? error.message : String(error))
  }
  const shaped = event as unknown as { id?: unknown; type?: unknown; data?: { object?: unknown } }
  if (
    typeof shaped?.id !== 'string' ||
    typeof shaped.type !== 'string' ||
    typeof shaped.data?.object !== 'object' ||
    shaped.data.object === null
  )
    throw new NotAStripeEvent('No id, type or data.object')
  return event
}

/**
 * The refunds of a charge, newest first, when its event did not list them (Stripe lists a
 * charge's refunds only when asked to expand them).
 */
export async function chargeRefunds(chargeId: string): Promise<Stripe.Refund[]> {
  const { stripe } = configured()
  const refunds: Stripe.Refund[] = []
  for await (const refund of stripe.refunds.list({ charge: chargeId, limit: 100 })) refunds.push(refund)
  return refunds
}

/** The Stripe-Signature header Stripe would send: for the tests and the drill. */
export const signEvent = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })

export type { Stripe }
