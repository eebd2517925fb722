import { Pill } from '@payloadcms/ui'

import { LEAD_STATUS_LABELS } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

// Payload's Pill in the spec's status colours (new blue, contacted yellow, quoted
// purple, completed green), which Payload's own pill styles do not include.
export function LeadStatusPill({ status }: { status: LeadStatus }) {
  return (
    <Pill size="small" className={`cbo-status cbo-status--${status}`}>
      {LEAD_STATUS_LABELS[status]}
    </Pill>
  )
}
