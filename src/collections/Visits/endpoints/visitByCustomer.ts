import type { Endpoint, PayloadRequest } from 'payload'

import {
  type BookingSettings,
  bookingSettings,
  bookVisit,
  cancelVisit,
  inTransaction,
} from '@/collections/Visits/bookings'
import { VISIT_LINK_ENDPOINTS, VISIT_OUTCOME_STATUS, type VisitOutcome } from '@/lib/visit-messages'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { quoteForToken } from '@/collections/Quotes/customerLinks'
import { depositStateOf } from '@/payments/deposits'
import { linkNonceOf } from '@/server/customer-link-token'
import { leadForVisitToken, visitNonceOf } from '@/collections/Visits/customerLinks'
import { readFormOrRefusal } from '@/server/read-capped-body'
import { clientAddress, hitCustomerLinkLimit } from '@/server/rate-limit'

const noStore = { 'Cache-Control': 'no-store, private' }
const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...noStore, ...headers } })

const TOO_MANY = 'Too many requests from this connection. Please try again in a few minutes.'

// The forms of the quote page, and of a visit's own page for a visit booked without a quote
// (no script needed): the answer is a redirect back to the page the token opens, which shows
// the outcome and fresh slots. Scripts and tests may ask for JSON.
function customerAnswer(
  req: PayloadRequest,
  token: string,
  outcome: VisitOutcome | 'invalid' | 'too_many',
  retryAfterSeconds = 0,
): Response {
  const page = visitNonceOf(req.payload, token) ? 'visit' : 'quote'
  if (req.headers.get('accept')?.includes('application/json')) {
    if (outcome === 'invalid') return json(404, { message: 'This link is not valid.' })
    if (outcome === 'too_many')
      return json(429, { message: TOO_MANY }, { 'Retry-After': String(retryAfterSeconds) })
    return json(VISIT_OUTCOME_STATUS[outcome], { outcome })
  }
  // Over the limit, the page says "Too many requests" itself, with a 429.
  const valid =
    outcome !== 'invalid' &&
    (linkNonceOf(req.payload.secret, token) !== null || visitNonceOf(req.payload, token) !== null)
  const back = !valid
    ? `/${page}/invalid`
    : outcome === 'too_many'
      ? `/${page}/${token}`
      : `/${page}/${token}?visit=${outcome}`
  return new Response(null, { status: 303, headers: { ...noStore, Location: back } })
}

function customerHandler(kind: 'book' | 'cancel'): Endpoint['handler'] {
  return async (req) => {
    const form = await readFormOrRefusal(req as unknown as Request, 16 * 1024, noStore)
    if (form instanceof Response) return form
    const token = form.get('token') ?? ''
    const visitNonce = visitNonceOf(req.payload, token)
    const nonce = linkNonceOf(req.payload.secret, token) ?? visitNonce
    if (!nonce) return customerAnswer(req, token, 'invalid')
    const limit = await hitCustomerLinkLimit(req.payload, clientAddress(req.headers), nonce)
    if (!limit.allowed) return customerAnswer(req, token, 'too_many', limit.retryAfterSeconds)
    const settings = await bookingSettings(req.payload)
    // A visit's own link: the lead it opens, with no quote and so no deposit to wait for.
    if (visitNonce) {
      const lead = await leadForVisitToken(req.payload, token)
      if (lead === null) return customerAnswer(req, token, 'invalid')
      return kind === 'cancel'
        ? cancelled(req, token, settings, lead)
        : booked(req, token, settings, form, lead, null)
    }
    const found = await quoteForToken(req.payload, token)
    if (!found) return customerAnswer(req, token, 'invalid')
    if (found.state === 'done') return customerAnswer(req, token, 'lead_completed')
    if (found.state !== 'accepted') return customerAnswer(req, token, 'not_accepted')
    const quote = found.quote
    const lead = typeof quote.lead === 'object' ? quote.lead.id : quote.lead
    if (kind === 'cancel') return cancelled(req, token, settings, lead)
    // The owner's rule "a visit only after the deposit": nothing is stored until it is paid.
    if ((await depositStateOf(req.payload, undefined, quote)).holdsBooking)
      return customerAnswer(req, token, 'deposit_due')
    return booked(req, token, settings, form, lead, quote.id)
  }
}

async function cancelled(req: PayloadRequest, token: string, settings: BookingSettings, lead: number) {
  const id = await inTransaction(
    req,
    () => cancelVisit(req, settings, { lead }, { byCustomer: true }),
    (done) => done !== null,
  )
  return customerAnswer(req, token, id === null ? 'too_late' : 'cancelled')
}

async function booked(
  req: PayloadRequest,
  token: string,
  settings: BookingSettings,
  form: URLSearchParams,
  lead: number,
  quote: number | null,
) {
  const booking = await inTransaction(
    req,
    () =>
      bookVisit(req, settings, {
        lead,
        quote,
        start: form.get('start') ?? '',
        address: form.get('address'),
        by: 'customer',
      }),
    (b) => b.ok,
  )
  return customerAnswer(req, token, booking.ok ? 'booked' : booking.reason)
}

export const bookVisitByCustomer: Endpoint = {
  path: VISIT_LINK_ENDPOINTS.book,
  method: 'post',
  handler: answeredWhenFailing('visit booking', customerHandler('book')),
}
export const cancelVisitByCustomer: Endpoint = {
  path: VISIT_LINK_ENDPOINTS.cancel,
  method: 'post',
  handler: answeredWhenFailing('visit cancel', customerHandler('cancel')),
}
