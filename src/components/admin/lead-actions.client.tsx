'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'

import { LOST_REASONS, LOST_REASON_LABELS, type LostReason } from '@/lib/lead-events'

import { ApiError, jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback

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
