import type { Endpoint } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { rowId } from '@/lib/row-id'

import { bookingSettings, cancelVisit, inTransaction } from '../bookings'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// POST /api/visits/:id/cancel: staff cancel a visit at any time before it starts.
export const cancelVisitForStaff: Endpoint = {
  path: '/:id/cancel',
  method: 'post',
  handler: async (req) => {
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const id = rowId(req.routeParams?.id)
    if (id === null) return refuse(404, 'Not Found')
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
