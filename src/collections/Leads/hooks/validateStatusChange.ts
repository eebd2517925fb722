import type { SelectFieldSingleValidation } from 'payload'
import { select } from 'payload/shared'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { LOST_LEAD_STATUS_ERROR, leadStatusChangeError } from '@/lib/lead-status'
import { upcomingVisitOf } from '@/collections/Visits/bookings'

// new → contacted → quoted → completed, one step forward at a time; a lead closed as lost moves
// only once reopened; a lead whose visit is still ahead is completed only with that visit
// settled (the status endpoint asks first, then cancels it in the same transaction).
export const validateStatusChange: SelectFieldSingleValidation = async (value, args) => {
  const base = select(value, args)
  if (base !== true) return base
  if (args.operation !== 'update') return true
  const order = leadStatusChangeError(args.previousValue, value)
  if (order || value === args.previousValue) return order ?? true
  if ((args.data as { lostReason?: unknown } | undefined)?.lostReason) return LOST_LEAD_STATUS_ERROR
  if (value === 'completed' && args.id != null) {
    const { req } = args
    const visit = await upcomingVisitOf(req.payload, req, Number(args.id))
    if (visit) {
      const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req })
      const when = formatBusinessDate(visit.start, businessTimeZone(settings.timeZone))
      return `This lead's visit on ${when} is still ahead: cancel it first, or mark the lead completed in Lead Management, which asks before cancelling it.`
    }
  }
  return true
}
