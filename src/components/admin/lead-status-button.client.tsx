'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { LEAD_STATUS_LABELS, nextLeadStatus } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

import { jsonInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

// Status only moves forward, one step at a time; a completed lead gets no button.
export function LeadStatusButton({ id, status }: { id: number; status: LeadStatus }) {
  const [busy, setBusy] = useState(false)
  const { api } = useApi()
  const router = useRouter()
  const next = nextLeadStatus(status)
  if (!next) return null

  async function advance(to: LeadStatus) {
    setBusy(true)
    try {
      await api(`/leads/${id}?depth=0`, jsonInit('PATCH', { status: to }))
      toast.success('Status Updated', { description: `Lead status changed to ${to}` })
      router.refresh()
    } catch {
      toast.error('Error', { description: 'Failed to update lead status' })
    }
    setBusy(false)
  }

  return (
    <ActionButton disabled={busy} onClick={() => advance(next)}>
      Mark {LEAD_STATUS_LABELS[next]}
    </ActionButton>
  )
}
