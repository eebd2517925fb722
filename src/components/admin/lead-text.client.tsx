'use client'

import { useRef } from 'react'

import { leadFormPath } from '@/lib/lead-forms'
import {
  REPLY_CONSENT_FIELD,
  REPLY_CONSENT_LABEL,
  REPLY_CONSENT_NOTE,
  REPLY_CONSENT_VALUE,
} from '@/lib/text-consent'
import { TEXT_BODY_MAX } from '@/lib/text-messages'

import { ActionButton } from './action-button.client'
import { PostForm } from './post-form.client'

type Props = {
  leadId: number
  back: string
  // Names this rendering of the form, so a second tap sends nothing more (the endpoint's replyKey).
  formKey: string
  phone: string
  optedOut: boolean
  // The customer neither texted in nor agreed to texts: the form asks first.
  askConsent: boolean
  quoteLink: string | null
  visitTime: string | null
}

// A text to the customer from the lead's details (src/collections/Leads/endpoints/leadForms.ts).
// The inserts put words at the caret, which needs the script: until then they stay disabled and
// the owner types.
export function LeadTextReply({
  leadId,
  back,
  formKey,
  phone,
  optedOut,
  askConsent,
  quoteLink,
  visitTime,
}: Props) {
  const field = useRef<HTMLTextAreaElement>(null)

  function insert(words: string) {
    const box = field.current
    if (!box) return
    const start = box.selectionStart
    const before = box.value.slice(0, start)
    const spaced = before && !/\s$/.test(before) ? ` ${words}` : words
    box.setRangeText(spaced, start, box.selectionEnd, 'end')
    box.focus()
  }

  return (
    <section className="cbo-stack" aria-labelledby="cbo-text-title" data-testid="lead-text-reply">
      <h3 id="cbo-text-title">Reply by text</h3>
      {optedOut ? (
        // The notices' box fades; this stays while it holds.
        <p className="cbo-confirm" data-testid="lead-text-opted-out">
          This customer texted STOP: no text reaches them until they text START.
        </p>
      ) : null}
      <PostForm
        action={`/api${leadFormPath(leadId, 'text')}`}
        failed="The text could not be sent."
        className="cbo-stack"
        reset
      >
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="key" value={formKey} />
        <label className="cbo-field">
          <span>Text to {phone}</span>
          <textarea ref={field} name="text" rows={3} required maxLength={TEXT_BODY_MAX} />
        </label>
        {askConsent ? (
          <label className="cbo-check" data-testid="lead-text-consent-ask">
            <input type="checkbox" name={REPLY_CONSENT_FIELD} value={REPLY_CONSENT_VALUE} required />
            <span>
              {REPLY_CONSENT_LABEL}
              <small className="cbo-meta">{REPLY_CONSENT_NOTE}</small>
            </span>
          </label>
        ) : null}
        <div className="cbo-inline">
          {quoteLink ? (
            <ActionButton look="secondary" onClick={() => insert(quoteLink)}>
              Insert quote link
            </ActionButton>
          ) : null}
          {visitTime ? (
            <ActionButton look="secondary" onClick={() => insert(visitTime)}>
              Insert visit time
            </ActionButton>
          ) : null}
          <button type="submit" className="cbo-button cbo-button--primary">
            Send text
          </button>
        </div>
      </PostForm>
    </section>
  )
}
