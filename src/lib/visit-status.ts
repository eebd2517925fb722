// Where a lead's visit stands: nothing is stored but the start and the cancellation.
export const VISIT_STATUSES = ['upcoming', 'past', 'cancelled'] as const
export type VisitStatus = (typeof VISIT_STATUSES)[number]

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
}

// A visit the customer confirmed (a C to the reminder), wherever the back office lists it.
export const VISIT_CONFIRMED_LABEL = 'Confirmed by the customer'

export type VisitTimes = { start: string; cancelledAt?: string | null }

export function visitStatus(visit: VisitTimes, now: Date): VisitStatus {
  if (visit.cancelledAt) return 'cancelled'
  return new Date(visit.start).getTime() >= now.getTime() ? 'upcoming' : 'past'
}

// A lead has at most one visit not cancelled (a move cancels the old one): that one, else the
// one cancelled last.
export function leadVisit<V extends VisitTimes>(visits: readonly V[]): V | null {
  const live = visits.find((v) => !v.cancelledAt)
  if (live) return live
  const latest = (v: V) => new Date(v.cancelledAt ?? 0).getTime()
  return visits.reduce<V | null>((last, v) => (!last || latest(v) > latest(last) ? v : last), null)
}
