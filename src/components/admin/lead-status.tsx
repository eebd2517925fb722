import { Pill } from '@payloadcms/ui'

import { LEAD_STATUS_LABELS } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

// Payload's own pill styles have no colours for these statuses. A lead closed as lost keeps its
// status underneath (the spec's four), but it is no longer where that status says: it reads Lost.
export function LeadStatusPill({ status, lost = false }: { status: LeadStatus; lost?: boolean }) {
  return (
    <Pill size="small" className={`cbo-status cbo-status--${lost ? 'lost' : status}`}>
      {lost ? 'Lost' : LEAD_STATUS_LABELS[status]}
    </Pill>
  )
}
