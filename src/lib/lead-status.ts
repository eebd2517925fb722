// A lead moves one step forward at a time; nothing moves back.
export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'completed'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  completed: 'Completed',
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value)
}

export function nextLeadStatus(status: LeadStatus): LeadStatus | null {
  const i = LEAD_STATUSES.indexOf(status)
  return i >= 0 && i < LEAD_STATUSES.length - 1 ? LEAD_STATUSES[i + 1] : null
}

export const LOST_LEAD_STATUS_ERROR = 'This lead is closed as lost: reopen it before changing its status.'

// Visits are booked for open leads only: the van never drives to a lead closed as lost, and a
// completed lead's work is done (completing one cancels its visit still ahead).
export type ClosedToVisits = 'lead_lost' | 'lead_completed'

export function closedToVisits(lead: {
  status?: string | null
  lostReason?: string | null
}): ClosedToVisits | null {
  if (lead.lostReason) return 'lead_lost'
  return lead.status === 'completed' ? 'lead_completed' : null
}

export function leadStatusChangeError(from: unknown, to: unknown): string | null {
  if (from === to) return null
  if (!isLeadStatus(to)) return `Unknown lead status "${String(to)}".`
  if (!isLeadStatus(from)) return null
  const next = nextLeadStatus(from)
  if (next === to) return null
  return next
    ? `A lead's status can only move one step forward: from "${from}" the next status is "${next}".`
    : `This lead is already "${from}"; its status cannot change any more.`
}
