'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'

import { leadFormPath, TEXT_SENT } from '@/lib/lead-forms'
import {
  REPLY_CONSENT_FIELD,
  REPLY_CONSENT_LABEL,
  REPLY_CONSENT_NOTE,
  REPLY_CONSENT_VALUE,
} from '@/lib/text-consent'
import { TEXT_BODY_MAX } from '@/lib/text-messages'

import { ApiError, formInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

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

// A text to the customer from the lead's details. A plain form
// (src/collections/Leads/endpoints/leadForms.ts): one sent before the script has loaded is
// posted by the browser and the server answers with this view. The inserts put words at the
// caret, which needs the script: until then they stay disabled and the owner types.
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
  const { api } = useApi()
  const router = useRouter()
  const field = useRef<HTMLTextAreaElement>(null)
  const consent = useRef<HTMLInputElement>(null)
  const [empty, setEmpty] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => setEmpty(!field.current?.value.trim()), [])

  function insert(words: string) {
    const box = field.current
    if (!box) return
    const start = box.selectionStart
    const before = box.value.slice(0, start)
    const spaced = before && !/\s$/.test(before) ? ` ${words}` : words
    box.setRangeText(spaced, start, box.selectionEnd, 'end')
    box.focus()
    setEmpty(!box.value.trim())
  }

  async function send() {
    setBusy(true)
    try {
      // Each send its own key: a busy form takes no second tap, and the next text is a new one.
      // (getRandomValues, not randomUUID: the latter needs HTTPS, a phone on the dev site has none.)
      const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('')
      const fields: Record<string, string> = { text: field.current?.value ?? '', key }
      if (consent.current?.checked) fields[REPLY_CONSENT_FIELD] = REPLY_CONSENT_VALUE
      await api(leadFormPath(leadId, 'text'), formInit(fields))
      if (field.current) field.current.value = ''
      setEmpty(true)
      toast.success(TEXT_SENT)
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.message : null
      toast.error('Error', { description: message ?? 'The text could not be sent.' })
    }
    // Sent or failed, the text is on the timeline now (a refused one with why).
    router.refresh()
    setBusy(false)
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
      <form
        method="post"
        action={`/api${leadFormPath(leadId, 'text')}`}
        className="cbo-stack cbo-note"
        onSubmit={(e) => {
          e.preventDefault()
          void send()
        }}
      >
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="key" value={formKey} />
        <label className="cbo-field">
          <span>Text to {phone}</span>
          <textarea
            ref={field}
            name="text"
            rows={3}
            required
            maxLength={TEXT_BODY_MAX}
            onChange={(e) => setEmpty(!e.target.value.trim())}
          />
        </label>
        {askConsent ? (
          <label className="cbo-check" data-testid="lead-text-consent-ask">
            <input
              ref={consent}
              type="checkbox"
              name={REPLY_CONSENT_FIELD}
              value={REPLY_CONSENT_VALUE}
              required
            />
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
          <ActionButton type="submit" submitsWithoutScript disabled={busy || empty}>
            Send text
          </ActionButton>
        </div>
      </form>
    </section>
  )
}
