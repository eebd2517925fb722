'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'

import { ADDRESS_MAX } from '@/lib/request-constants'

import { ApiError, jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

// The owner corrects or adds where the van goes (a customer who called, a typo). Folded, so the
// lead's facts stay short on a phone; uncontrolled, so what was typed before the script loaded counts.
export function LeadAddressForm({ leadId, address }: { leadId: number; address: string | null }) {
  const { api } = useApi()
  const router = useRouter()
  const field = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  async function save() {
    setBusy(true)
    try {
      const value = field.current?.value.trim() ?? ''
      await api(`/leads/${leadId}?depth=0`, jsonInit('PATCH', { address: value || null }))
      toast.success(value ? 'Address saved' : 'Address removed')
      router.refresh()
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500 ? error.message : 'Failed to update the lead'
      toast.error('Error', { description: message })
    }
    setBusy(false)
  }

  return (
    <details className="cbo-edit" data-testid="lead-address-edit">
      <summary>{address ? 'Edit address' : 'Add address'}</summary>
      <form
        className="cbo-inline"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
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
