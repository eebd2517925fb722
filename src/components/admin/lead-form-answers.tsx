import { newFormKey } from '@/server/form-key'
import {
  COMPLETE_CONFIRM_ID,
  LEAD_FORM_ERRORS,
  completeWithVisitQuestion,
  leadFormPath,
  noticeOf,
  type LeadFormOutcome,
  type Notice,
} from '@/lib/lead-forms'

import { ForgetOutcome } from './forget-outcome.client'
import { PostForm } from './post-form.client'

// What a plain form did, read from the address the server answered with, whether the page's
// script had loaded or not; where Payload's notices appear, and fading after a while by itself
// (CSS), as those do. Once shown, the outcome leaves the address (`forget`).
export function FlashNotice({
  notice,
  testId,
  forget,
}: {
  notice: Notice | null
  testId: string
  forget: boolean
}) {
  // New on every answer, so the same outcome twice in place shows (and fades) again.
  const answer = newFormKey()
  return (
    <>
      {notice ? (
        <div
          key={`notice-${answer}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`cbo-flash cbo-flash--${notice.tone}`}
          data-testid={testId}
        >
          <strong>{notice.title}</strong>
          {notice.description ? <span>{notice.description}</span> : null}
        </div>
      ) : null}
      {forget ? <ForgetOutcome key={`forget-${answer}`} /> : null}
    </>
  )
}

// A lead form's (src/collections/Leads/endpoints/leadForms.ts).
export const LeadFormNotice = ({ outcome }: { outcome: LeadFormOutcome | null }) => (
  <FlashNotice notice={noticeOf(outcome)} testId="lead-form-notice" forget={outcome !== null} />
)

// Asked on the job's page when Mark Completed was tapped on a lead whose visit is still ahead,
// with the script or without: the question, and a form that confirms it for this visit.
export function CompleteWithVisit(props: { leadId: number; visitId: number; when: string; back: string }) {
  return (
    <section
      id={COMPLETE_CONFIRM_ID}
      role="alert"
      className="cbo-confirm cbo-stack"
      data-testid="lead-complete-confirm"
    >
      <p>{completeWithVisitQuestion(props.when)}</p>
      <div className="cbo-inline">
        <PostForm
          action={`/api${leadFormPath(props.leadId, 'status')}`}
          failed={LEAD_FORM_ERRORS.status}
          className="cbo-inline-form"
        >
          <input type="hidden" name="status" value="completed" />
          <input type="hidden" name="visit" value={props.visitId} />
          <input type="hidden" name="back" value={props.back} />
          <button type="submit" className="cbo-button cbo-button--primary">
            Mark Completed and cancel the visit
          </button>
        </PostForm>
        <a href={props.back} className="cbo-button cbo-button--secondary">
          Keep the visit
        </a>
      </div>
    </section>
  )
}
