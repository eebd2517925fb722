import type { Endpoint, PayloadRequest } from 'payload'

import { PAID_RETURN_PARAM, PAY_LINK_ENDPOINTS, balanceCents } from '@/lib/invoices'
import { serverUrl } from '@/lib/server-url'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { cardPaymentsEnabled, createCheckoutSession } from '@/payments/stripe'
import { readFormOrRefusal } from '@/server/read-capped-body'
import { clientAddress, hitCustomerLinkLimit } from '@/server/rate-limit'

import {
  expireSession,
  closedSessionsOf,
  keepCheckoutSession,
  recordedOrExpired,
} from '@/payments/checkoutSessions'
import { invoiceForToken, payNonceOf } from '../customerLinks'

const MAX_BODY_BYTES = 4 * 1024
const noStore = { 'Cache-Control': 'no-store, private' }

// The pay page's "Pay by card" posts here without any script; the answer is a redirect to
// Stripe's own page (or back to the pay page, which says what happened). Scripts and tests
// may ask for JSON.
function answer(
  req: PayloadRequest,
  token: string,
  status: number,
  message: string,
  extra: { url?: string; headers?: Record<string, string> } = {},
): Response {
  const headers = { ...noStore, ...extra.headers }
  if (req.headers.get('accept')?.includes('application/json'))
    return Response.json({ message, url: extra.url }, { status, headers })
  const back = payNonceOf(req.payload, token) ? `/pay/${token}` : '/pay/invalid'
  return new Response(null, { status: 303, headers: { ...headers, Location: extra.url ?? back } })
}

// What the customer pays is the invoice's balance as the server has it: the form carries the
// link only. Two tabs (or two clicks) get the same Stripe session for the same balance.
export const payByCard: Endpoint = {
  path: PAY_LINK_ENDPOINTS.checkout,
  method: 'post',
  handler: answeredWhenFailing('pay by card', async (req) => {
    const form = await readFormOrRefusal(req as unknown as Request, MAX_BODY_BYTES, noStore)
    if (form instanceof Response) return form
    const token = form.get('token') ?? ''
    const nonce = payNonceOf(req.payload, token)
    if (!nonce) return answer(req, token, 404, 'This link is not valid.')
    const limit = await hitCustomerLinkLimit(req.payload, clientAddress(req.headers), nonce)
    if (!limit.allowed) {
      return answer(
        req,
        token,
        429,
        'Too many requests from this connection. Please try again in a few minutes.',
        {
          headers: { 'Retry-After': String(limit.retryAfterSeconds) },
        },
      )
    }
    if (!cardPaymentsEnabled()) return answer(req, token, 404, 'Card payments online are not available.')
    const found = await invoiceForToken(req.payload, token)
    if (!found) return answer(req, token, 404, 'This link is not valid.')
    const { invoice, state } = found
    if (state !== 'open') return answer(req, token, 409, 'This invoice cannot be paid online any more.')
    const owed = balanceCents({
      totalCents: invoice.totalCents ?? 0,
      depositCents: invoice.depositCents ?? 0,
      creditedCents: invoice.creditedCents ?? 0,
      paidCents: invoice.paidCents ?? 0,
    })
    if (owed < 50) return answer(req, token, 409, 'This invoice cannot be paid online any more.')
    const page = `${serverUrl()}/pay/${token}`
    const session = await createCheckoutSession({
      amountCents: owed,
      description: `Invoice ${invoice.number}`,
      customerEmail: invoice.customerEmail,
      metadata: { invoice: String(invoice.id), number: invoice.number ?? '' },
      successUrl: `${page}?${PAID_RETURN_PARAM.name}=${PAID_RETURN_PARAM.value}`,
      cancelUrl: page,
      // With the sessions closed so far: Stripe would replay an expired one for the same key.
      idempotencyKey: `pay:${invoice.id}:${invoice.paidCents ?? 0}:${owed}:${await closedSessionsOf(req.payload, { invoice: invoice.id })}`,
    })
    if (!session.url) throw new Error(`Stripe gave session ${session.id} no address.`)
    // The balance changed while Stripe opened it (cash recorded at that moment): never send
    // the customer to pay the old amount.
    const kept = await recordedOrExpired(req.payload, session.id, () =>
      keepCheckoutSession(req.payload, { id: session.id, invoiceId: invoice.id, amountCents: owed }),
    )
    if (!kept) {
      await expireSession(req.payload, session.id)
      return answer(
        req,
        token,
        409,
        'The balance of this invoice has just changed. Please check it and pay again.',
      )
    }
    return answer(req, token, 200, 'To Stripe.', { url: session.url })
  }),
}
