import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { VISIT_LINK_ENDPOINTS, type VisitOutcome } from '@/lib/visit-messages'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { quoteForToken, withinCustomerLinkLimit } from '@/server/quote-links'
import { quoteNonceOf } from '@/server/quote-token'
import { readUrlEncodedForm, unreadableFormAnswer } from '@/server/read-capped-body'
import { clientAddress } from '@/server/rate-limit'
import { BOOKING_MESSAGES, bookingSettings, bookVisit, cancelVisit } from '@/collections/Visits/bookings'

const noStore = { 'Cache-Control': 'no-store, private' }
const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: noStore })

const TOO_MANY = 'Too many requests from this connection. Please try again in a few minutes.'

const STATUS: Record<VisitOutcome, number> = {
  booked: 200,
  cancelled: 200,
  taken: 409,
  not_offered: 400,
  too_late: 409,
  not_accepted: 409,
}

// Runs `work` in the request's transaction and commits only when it did what was asked: a
// move whose new place was taken keeps the old visit.
async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>, keep: (result: T) => boolean) {
  const own = await initTransaction(req)
  try {
    const result = await work()
    if (own) {
      if (keep(result)) await commitTransaction(req)
      else await killTransaction(req)
    }
    return result
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}

// The quote page's forms (no script needed): the answer is a redirect back to the page, which
// shows the outcome and fresh slots. Scripts and tests may ask for JSON.
function customerAnswer(
  req: PayloadRequest,
  token: string,
  outcome: VisitOutcome | 'invalid' | 'too_many',
): Response {
  if (req.headers.get('accept')?.includes('application/json')) {
    if (outcome === 'invalid') return json(404, { message: 'This link is not valid.' })
    if (outcome === 'too_many') return json(429, { message: TOO_MANY })
    return json(STATUS[outcome], { outcome })
  }
  // Over the limit, the quote's page says "Too many requests" itself.
  const valid = outcome !== 'invalid' && quoteNonceOf(req.payload.secret, token) !== null
  const back = !valid
    ? '/quote/invalid'
    : outcome === 'too_many'
      ? `/quote/${token}`
      : `/quote/${token}?visit=${outcome}`
  return new Response(null, { status: 303, headers: { ...noStore, Location: back } })
}

function customerHandler(kind: 'book' | 'cancel'): Endpoint['handler'] {
  return async (req) => {
    let form: URLSearchParams
    try {
      form = await readUrlEncodedForm(req as unknown as Request, 16 * 1024)
    } catch (error) {
      const refused = unreadableFormAnswer(error, noStore)
      if (refused) return refused
      throw error
    }
    const token = form.get('token') ?? ''
    const nonce = quoteNonceOf(req.payload.secret, token)
    if (!nonce) return customerAnswer(req, token, 'invalid')
    if (!(await withinCustomerLinkLimit(req.payload, clientAddress(req.headers), nonce))) {
      return customerAnswer(req, token, 'too_many')
    }
    const found = await quoteForToken(req.payload, token)
    if (!found) return customerAnswer(req, token, 'invalid')
    if (found.state !== 'accepted') return customerAnswer(req, token, 'not_accepted')
    const quote = found.quote
    const lead = typeof quote.lead === 'object' ? quote.lead.id : quote.lead
    const settings = await bookingSettings(req.payload)
    if (kind === 'cancel') {
      const cancelled = await inTransaction(
        req,
        () => cancelVisit(req, settings, { lead }, { byCustomer: true }),
        (id) => id !== null,
      )
      return customerAnswer(req, token, cancelled === null ? 'too_late' : 'cancelled')
    }
    const booking = await inTransaction(
      req,
      () =>
        bookVisit(req, settings, { lead, quote: quote.id, start: form.get('start') ?? '', by: 'customer' }),
      (b) => b.ok,
    )
    return customerAnswer(req, token, booking.ok ? 'booked' : booking.reason)
  }
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

const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// POST /api/visits/book {lead, start}: staff book (or move) a visit for a customer who called,
// with the same rules; the lead's latest quote, when it has one, is the visit's.
export const bookVisitForStaff: Endpoint = {
  path: '/book',
  method: 'post',
  handler: async (req) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const body = (await req.json?.().catch(() => null)) as { lead?: unknown; start?: unknown } | null
    const leadId = Number(body?.lead)
    if (!Number.isInteger(leadId) || leadId < 1 || typeof body?.start !== 'string') {
      return refuse(400, 'Give the lead and the start of a slot.')
    }
    const lead = await req.payload.findByID({
      collection: 'leads',
      id: leadId,
      depth: 0,
      disableErrors: true,
    })
    if (!lead) return refuse(404, 'Not Found')
    const { docs } = await req.payload.find({
      collection: 'quotes',
      where: { lead: { equals: leadId } },
      sort: '-createdAt',
      limit: 1,
      depth: 0,
      overrideAccess: true,
    })
    const userId = req.user.id
    const settings = await bookingSettings(req.payload)
    const booking = await inTransaction(
      req,
      () =>
        bookVisit(req, settings, {
          lead: leadId,
          quote: docs[0]?.id ?? null,
          start: body.start as string,
          by: 'staff',
          user: userId,
        }),
      (b) => b.ok,
    )
    if (!booking.ok) return refuse(STATUS[booking.reason], BOOKING_MESSAGES[booking.reason])
    return json(201, { message: 'Visit booked.', visit: booking.visit })
  },
}

// POST /api/visits/:id/cancel: staff cancel a visit at any time before it starts.
export const cancelVisitForStaff: Endpoint = {
  path: '/:id/cancel',
  method: 'post',
  handler: async (req) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const id = Number(req.routeParams?.id)
    if (!Number.isInteger(id) || id < 1) return refuse(404, 'Not Found')
    const userId = req.user.id
    const settings = await bookingSettings(req.payload)
    const cancelled = await inTransaction(
      req,
      () => cancelVisit(req, settings, { visit: id }, { byCustomer: false, user: userId }),
      (v) => v !== null,
    )
    if (cancelled === null) return refuse(409, 'This visit is already cancelled or has begun.')
    return json(200, { message: 'Visit cancelled.' })
  },
}
