import { Pill } from '@payloadcms/ui'

import { LEAD_STATUS_LABELS } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

// Payload's own pill styles have no colours for these statuses.
export function LeadStatusPill({ status }: { status: LeadStatus }) {
  return (
    <Pill size="small" className={`cbo-status cbo-status--${status}`}>
      {LEAD_STATUS_LABELS[status]}
    </Pill>
  )
}
