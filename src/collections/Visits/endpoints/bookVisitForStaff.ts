import type { Endpoint } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { VISIT_OUTCOME_STATUS } from '@/lib/visit-messages'

import { depositStateOf } from '@/payments/deposits'

import { BOOKING_MESSAGES, bookingSettings, bookVisit, inTransaction } from '../bookings'

export const DEPOSIT_HOLDS_BOOKING =
  'The deposit on this lead’s quote is not paid yet: a visit can be booked once it is.'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// POST /api/visits/book {lead, start, address?}: staff book (or move) a visit for a customer who
// called, with the same rules (an address given is saved on the lead; without one the lead's
// own, which it must have); the lead's latest quote, when it has one, is the visit's.
export const bookVisitForStaff: Endpoint = {
  path: '/book',
  method: 'post',
  handler: async (req) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const body = (await req.json?.().catch(() => null)) as {
      lead?: unknown
      start?: unknown
      address?: unknown
    } | null
    const leadId = Number(body?.lead)
    if (!Number.isInteger(leadId) || leadId < 1 || typeof body?.start !== 'string') {
      return refuse(400, 'Give the lead and the start of a slot.')
    }
    if (body.address != null && typeof body.address !== 'string') {
      return refuse(400, BOOKING_MESSAGES.address_invalid)
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
    const quote = docs[0]
    if (
      quote &&
      (quote.status === 'sent' || quote.status === 'accepted') &&
      (await depositStateOf(req.payload, undefined, quote)).holdsBooking
    ) {
      return refuse(409, DEPOSIT_HOLDS_BOOKING)
    }
    const userId = req.user.id
    const settings = await bookingSettings(req.payload)
    const booking = await inTransaction(
      req,
      () =>
        bookVisit(req, settings, {
          lead: leadId,
          quote: docs[0]?.id ?? null,
          start: body.start as string,
          address: body.address as string | null | undefined,
          by: 'staff',
          user: userId,
        }),
      (b) => b.ok,
    )
    if (!booking.ok) return refuse(VISIT_OUTCOME_STATUS[booking.reason], BOOKING_MESSAGES[booking.reason])
    return json(201, { message: 'Visit booked.', visit: booking.visit })
  },
}
