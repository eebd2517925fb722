'use client'

import { Button, toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { LEAD_STATUS_LABELS, nextLeadStatus } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

import { jsonInit, useApi } from './admin-fetch'
import { useHydrated } from './use-hydrated'

// Status only moves forward, one step at a time; a completed lead gets no button.
export function LeadStatusButton({ id, status }: { id: number; status: LeadStatus }) {
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
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
    <Button margin={false} size="small" disabled={!hydrated || busy} onClick={() => advance(next)}>
      Mark {LEAD_STATUS_LABELS[next]}
    </Button>
  )
}
