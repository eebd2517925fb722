import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint } from 'payload'

import { NotAStripeEvent, STRIPE_WEBHOOK_PATH, verifiedEvent } from '@/payments/stripe'
import { BodyTooLarge, readCappedBody } from '@/server/read-capped-body'

import { MalformedStripeEvent, PaymentNotYetRecorded, handleStripeEvent } from '@/payments/stripe/events'

// Stripe's events are a few kilobytes; a checkout session with its line items, tens.
const MAX_BODY_BYTES = 256 * 1024
const noStore = { 'Cache-Control': 'no-store, private' }
const answer = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...noStore, ...headers } })

// POST /api/stripe/webhooks (the path Payload's Stripe plugin uses): the raw body checked
// against the Stripe-Signature header with the SDK, before anything is read from it; then the
// event handled once, in one transaction. Any answer but 2xx makes Stripe send it again later.
export const stripeWebhook: Endpoint = {
  path: STRIPE_WEBHOOK_PATH.slice('/api'.length),
  method: 'post',
  handler: async (req) => {
    let raw: string
    try {
      const bytes = await readCappedBody(req.body ?? null, req.headers.get('content-length'), MAX_BODY_BYTES)
      raw = new TextDecoder().decode(bytes)
    } catch (error) {
      if (error instanceof BodyTooLarge) return answer(413, { message: 'The request is too large.' })
      throw error
    }
    // Signed but no event Stripe would send: a 400 now, as it would fail on every retry.
    const notAnEvent = (error: Error) =>
      answer(400, { message: `This body is not a Stripe event: ${error.message}` })
    let event: ReturnType<typeof verifiedEvent>
    try {
      event = verifiedEvent(raw, req.headers.get('stripe-signature'))
    } catch (error) {
      if (error instanceof NotAStripeEvent) return notAnEvent(error)
      throw error
    }
    if (!event) return answer(400, { message: 'The Stripe-Signature header does not match this body.' })

    const own = await initTransaction(req)
    try {
      const outcome = await handleStripeEvent(req, event)
      if (own) await commitTransaction(req)
      return answer(200, { received: true, outcome })
    } catch (error) {
      if (own) await killTransaction(req)
      if (error instanceof MalformedStripeEvent) return notAnEvent(error)
      if (error instanceof PaymentNotYetRecorded) {
        return answer(
          409,
          { message: 'The payment of this refund is not recorded yet.' },
          { 'Retry-After': '60' },
        )
      }
      req.payload.logger.error({ err: error, msg: `Stripe event ${event.id} (${event.type}) failed` })
      return answer(503, { message: 'Please try again.' }, { 'Retry-After': '5' })
    }
  },
}
