'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'

import { leadFormPath } from '@/lib/lead-forms'
import { LEAD_NOTE_MAX, LOST_REASONS, LOST_REASON_LABELS, type LostReason } from '@/lib/lead-events'

import { ApiError, jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback

// A note on the lead's timeline, in the name of whoever writes it. A plain form
// (src/collections/Leads/endpoints/leadForms.ts), so a note sent before the script has loaded
// is posted by the browser itself; uncontrolled, so one typed before then is kept and counts.
export function LeadNoteForm({ leadId, back }: { leadId: number; back: string }) {
  const { api } = useApi()
  const router = useRouter()
  const field = useRef<HTMLTextAreaElement>(null)
  // Enabled as the server renders it; the browser refuses an empty note until the script runs.
  const [empty, setEmpty] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => setEmpty(!field.current?.value.trim()), [])

  async function save() {
    setBusy(true)
    try {
      await api('/lead-events?depth=0', jsonInit('POST', { lead: leadId, text: field.current?.value ?? '' }))
      if (field.current) field.current.value = ''
      setEmpty(true)
      toast.success('Note added')
      router.refresh()
    } catch (error) {
      toast.error('Error', { description: messageOf(error, 'Failed to add the note') })
    }
    setBusy(false)
  }

  return (
    <form
      method="post"
      action={`/api${leadFormPath(leadId, 'note')}`}
      className="cbo-stack cbo-note"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <input type="hidden" name="back" value={back} />
      <label className="cbo-field">
        <span>Note</span>
        <textarea
          ref={field}
          name="text"
          rows={3}
          required
          maxLength={LEAD_NOTE_MAX}
          onChange={(e) => setEmpty(!e.target.value.trim())}
          placeholder="Called, left a message…"
        />
      </label>
      <div className="cbo-inline">
        <ActionButton type="submit" submitsWithoutScript disabled={busy || empty}>
          Add note
        </ActionButton>
      </div>
    </form>
  )
}

// Closing as lost keeps the spec's status; reopening puts the lead back in the list.
export function LeadLostControl({ leadId, lostReason }: { leadId: number; lostReason: LostReason | null }) {
  const { api } = useApi()
  const router = useRouter()
  const reason = useRef<HTMLSelectElement>(null)
  const [busy, setBusy] = useState(false)

  async function save(value: LostReason | null) {
    setBusy(true)
    try {
      await api(`/leads/${leadId}?depth=0`, jsonInit('PATCH', { lostReason: value }))
      toast.success(value ? 'Lead closed as lost' : 'Lead reopened')
      router.refresh()
    } catch (error) {
      toast.error('Error', { description: messageOf(error, 'Failed to update the lead') })
    }
    setBusy(false)
  }

  if (lostReason) {
    return (
      <div className="cbo-inline" data-testid="lead-lost">
        <span>Closed as lost: {LOST_REASON_LABELS[lostReason]}</span>
        <ActionButton look="secondary" disabled={busy} onClick={() => save(null)}>
          Reopen
        </ActionButton>
      </div>
    )
  }
  return (
    <div className="cbo-inline">
      <label className="cbo-field">
        <span>Reason</span>
        {/* Uncontrolled: a choice made before the script loads is the one read on "Close". */}
        <select ref={reason} defaultValue={LOST_REASONS[0]}>
          {LOST_REASONS.map((r) => (
            <option key={r} value={r}>
              {LOST_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <ActionButton
        look="secondary"
        disabled={busy}
        onClick={() => save((reason.current?.value as LostReason | undefined) ?? LOST_REASONS[0])}
      >
        Close as lost
      </ActionButton>
    </div>
  )
}
