'use client'

import { useRef } from 'react'

import { ADDRESS_MAX } from '@/lib/request-constants'

import { jsonInit, useAction } from './admin-fetch'
import { ActionButton } from './action-button.client'

// The owner corrects or adds where the van goes (a customer who called, a typo). Folded, so the
// lead's facts stay short on a phone; uncontrolled, so what was typed before the script loaded counts.
export function LeadAddressForm({ leadId, address }: { leadId: number; address: string | null }) {
  const { busy, run } = useAction()
  const field = useRef<HTMLInputElement>(null)

  function save() {
    const value = field.current?.value.trim() ?? ''
    void run(
      `/leads/${leadId}?depth=0`,
      jsonInit('PATCH', { address: value || null }),
      value ? 'Address saved' : 'Address removed',
      'Failed to update the lead',
    )
  }

  return (
    <details className="cbo-edit" data-testid="lead-address-edit">
      <summary>{address ? 'Edit address' : 'Add address'}</summary>
      <form
        className="cbo-inline"
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        <label className="cbo-field cbo-field--grow">
          <span>Street address</span>
          <input
            ref={field}
            name="address"
            type="text"
            autoComplete="off"
            maxLength={ADDRESS_MAX}
            defaultValue={address ?? ''}
          />
        </label>
        <ActionButton type="submit" disabled={busy}>
          Save address
        </ActionButton>
      </form>
    </details>
  )
}
