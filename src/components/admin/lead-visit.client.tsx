'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'

import { ADDRESS_MAX } from '@/lib/request-constants'

import { ApiError, jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

export type SlotChoice = { start: string; label: string }

// Book, move or cancel the lead's visit for a customer who called, with the customers' rules:
// the same open slots, the same refusal when the last place was just taken.
export function LeadVisit({
  leadId,
  visit,
  slots,
  address,
  canBook = true,
}: {
  leadId: number
  visit: { id: number; label: string } | null
  slots: SlotChoice[]
  address: string | null
  // False for a lead closed as lost: its visit can still be cancelled, no other booked.
  canBook?: boolean
}) {
  const { api } = useApi()
  const router = useRouter()
  const slot = useRef<HTMLSelectElement>(null)
  const place = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  async function run(path: string, body: unknown, done: string) {
    setBusy(true)
    try {
      await api(path, jsonInit('POST', body))
      toast.success(done)
      router.refresh()
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500 ? error.message : 'Failed to update the visit'
      toast.error('Error', { description: message })
      router.refresh()
    }
    setBusy(false)
  }

  return (
    <section className="cbo-stack" aria-labelledby="cbo-visit-title" data-testid="lead-visit">
      <h3 id="cbo-visit-title">Visit</h3>
      {visit ? (
        <div className="cbo-inline">
          <span data-testid="lead-visit-time">{visit.label}</span>
          <ActionButton
            look="secondary"
            disabled={busy}
            onClick={() => run(`/visits/${visit.id}/cancel`, {}, 'Visit cancelled')}
          >
            Cancel visit
          </ActionButton>
        </div>
      ) : (
        <p className="cbo-meta">No visit booked.</p>
      )}
      {!canBook ? null : slots.length ? (
        <div className="cbo-inline">
          {/* The van goes there: a visit is booked only with one (saved on the lead). */}
          <label className="cbo-field">
            <span>Street address</span>
            <input
              ref={place}
              type="text"
              autoComplete="off"
              maxLength={ADDRESS_MAX}
              defaultValue={address ?? ''}
              data-testid="lead-visit-address"
            />
          </label>
          <label className="cbo-field">
            <span>{visit ? 'Move to' : 'Book for'}</span>
            {/* Uncontrolled: a choice made before the script loads is the one read on "Book". */}
            <select ref={slot} defaultValue={slots[0].start}>
              {slots.map((slot) => (
                <option key={slot.start} value={slot.start}>
                  {slot.label}
                </option>
              ))}
            </select>
          </label>
          <ActionButton
            disabled={busy}
            onClick={() =>
              run(
                '/visits/book',
                { lead: leadId, start: slot.current?.value, address: place.current?.value ?? '' },
                visit ? 'Visit moved' : 'Visit booked',
              )
            }
          >
            {visit ? 'Move visit' : 'Book visit'}
          </ActionButton>
        </div>
      ) : (
        <p className="cbo-meta">No open slots in the coming days.</p>
      )}
    </section>
  )
}
