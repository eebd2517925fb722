'use client'

import { useRef } from 'react'

import { LEAD_FORM_ERRORS, leadFormPath } from '@/lib/lead-forms'
import { ADDRESS_MAX } from '@/lib/request-constants'
import { VISIT_CONFIRMED_LABEL } from '@/lib/visit-status'

import { jsonInit, useAction } from './admin-fetch'
import { ActionButton } from './action-button.client'
import { PostForm } from './post-form.client'

type SlotChoice = { start: string; label: string }

// Book, move or cancel the lead's visit for a customer who called, with the customers' rules:
// the same open slots, the same refusal when the last place was just taken.
export function LeadVisit({
  leadId,
  visit,
  slots,
  address,
  canBook = true,
  closed = false,
  back,
}: {
  leadId: number
  // `today`: the van goes there today, so "On my way" is offered.
  visit: { id: number; label: string; confirmed?: boolean; today?: boolean; done?: boolean } | null
  /** A completed job: its visit is history, with nothing left to do on it. */
  closed?: boolean
  slots: SlotChoice[]
  address: string | null
  // False for a lead closed as lost or completed: a lost lead's visit can still be cancelled, no other booked.
  canBook?: boolean
  /** The view the "On my way" form comes back to without script. */
  back: string
}) {
  const { busy, run: request } = useAction('always')
  const slot = useRef<HTMLSelectElement>(null)
  const place = useRef<HTMLInputElement>(null)
  const run = (path: string, init: RequestInit, done: string) =>
    request(path, init, done, 'Failed to update the visit')

  return (
    <section className="cbo-stack" aria-labelledby="cbo-visit-title" data-testid="lead-visit">
      <h3 id="cbo-visit-title">Visit</h3>
      {visit ? (
        <div className="cbo-inline">
          <span data-testid="lead-visit-time">{visit.label}</span>
          {visit.confirmed ? (
            <span className="cbo-meta" data-testid="lead-visit-confirmed">
              {VISIT_CONFIRMED_LABEL}
            </span>
          ) : null}
          {visit.done ? (
            <span className="cbo-meta" data-testid="lead-visit-done">
              Done
            </span>
          ) : null}
          {visit.today && !visit.done && !closed ? (
            <PostForm
              action={`/api${leadFormPath(leadId, 'on-my-way')}`}
              failed={LEAD_FORM_ERRORS['on-my-way-failed']}
              className="cbo-inline-form"
            >
              <input type="hidden" name="visit" value={visit.id} />
              <input type="hidden" name="back" value={back} />
              <button type="submit" className="cbo-button cbo-button--primary">
                On my way
              </button>
            </PostForm>
          ) : null}
          {visit.done || closed ? null : (
            <ActionButton
              look="secondary"
              disabled={busy}
              onClick={() => run(`/visits/${visit.id}/cancel`, jsonInit('POST', {}), 'Visit cancelled')}
            >
              Cancel visit
            </ActionButton>
          )}
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
                jsonInit('POST', {
                  lead: leadId,
                  start: slot.current?.value,
                  address: place.current?.value ?? '',
                }),
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
