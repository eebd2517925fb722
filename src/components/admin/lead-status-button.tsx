import { LEAD_FORM_ERRORS, leadFormPath } from '@/lib/lead-forms'
import { LEAD_STATUS_LABELS, nextLeadStatus } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

import { PostForm } from './post-form.client'

// Status only moves forward, one step at a time; a completed lead gets no button. Completing a
// lead whose visit is still ahead is asked first, on the job's page, naming the visit.
export function LeadStatusButton({ id, status, back }: { id: number; status: LeadStatus; back: string }) {
  const next = nextLeadStatus(status)
  if (!next) return null
  return (
    <PostForm
      action={`/api${leadFormPath(id, 'status')}`}
      failed={LEAD_FORM_ERRORS.status}
      className="cbo-inline-form"
    >
      <input type="hidden" name="status" value={next} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="cbo-button cbo-button--primary">
        Mark {LEAD_STATUS_LABELS[next]}
      </button>
    </PostForm>
  )
}
