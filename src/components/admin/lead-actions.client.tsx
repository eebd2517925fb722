'use client'

import { useRef } from 'react'

import { LOST_REASONS, LOST_REASON_LABELS, type LostReason } from '@/lib/lead-events'

import { jsonInit, useAction } from './admin-fetch'
import { ActionButton } from './action-button.client'

// Closing as lost keeps the spec's status; reopening puts the lead back in the list.
export function LeadLostControl({ leadId, lostReason }: { leadId: number; lostReason: LostReason | null }) {
  const { busy, run } = useAction()
  const reason = useRef<HTMLSelectElement>(null)
  const save = (value: LostReason | null) =>
    run(
      `/leads/${leadId}?depth=0`,
      jsonInit('PATCH', { lostReason: value }),
      value ? 'Lead closed as lost' : 'Lead reopened',
      'Failed to update the lead',
    )

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
