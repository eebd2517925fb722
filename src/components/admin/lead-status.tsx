import { Pill } from '@payloadcms/ui'

import type { JobFact } from '@/lib/job-facts'
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

// The status as the spec writes it, and beside it what has happened on the job (src/lib/job-facts.ts).
export function LeadStatusLine({
  status,
  lost = false,
  facts,
}: {
  status: LeadStatus
  lost?: boolean
  facts: JobFact[] | undefined
}) {
  return (
    <div className="cbo-status-line">
      <LeadStatusPill status={status} lost={lost} />
      {facts?.length ? (
        <ul className="cbo-job-facts" aria-label="What happened" data-testid="job-facts">
          {facts.map((fact) => (
            <li key={fact.key} className={`cbo-job-fact cbo-job-fact--${fact.key}`}>
              {fact.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
