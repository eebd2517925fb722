'use client'

import { ConfirmationModal, toast, useModal } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { completeWithVisitQuestion, leadFormPath } from '@/lib/lead-forms'
import { LEAD_STATUS_LABELS, nextLeadStatus } from '@/lib/lead-status'
import type { LeadStatus } from '@/lib/lead-status'

import { ApiError, formInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'

type VisitAhead = { visit: { id: number; when: string } }
const visitAheadOf = (error: unknown) =>
  error instanceof ApiError && error.status === 409
    ? ((error.body as VisitAhead | null)?.visit ?? null)
    : null

// Status only moves forward, one step at a time; a completed lead gets no button. A plain form
// (src/collections/Leads/endpoints/leadForms.ts): a tap before the page's script has loaded
// posts it, and the server answers with this view, saying what happened. Completing a lead
// whose visit is still ahead asks first, naming the visit.
export function LeadStatusButton({ id, status, back }: { id: number; status: LeadStatus; back: string }) {
  const [busy, setBusy] = useState(false)
  const [visitAhead, setVisitAhead] = useState<VisitAhead['visit'] | null>(null)
  const { api } = useApi()
  const { openModal } = useModal()
  const router = useRouter()
  const next = nextLeadStatus(status)
  if (!next) return null
  const modalSlug = `cbo-complete-lead-${id}`

  async function advance(to: LeadStatus, visit?: number) {
    setBusy(true)
    try {
      await api(
        leadFormPath(id, 'status'),
        formInit({ status: to, ...(visit ? { visit: String(visit) } : {}) }),
      )
      toast.success('Status Updated', { description: `Lead status changed to ${to}` })
      router.refresh()
    } catch (error) {
      const ahead = visit ? null : visitAheadOf(error)
      if (ahead) {
        setVisitAhead(ahead)
        openModal(modalSlug)
      } else {
        const message = error instanceof ApiError && error.status < 500 ? error.message : null
        toast.error('Error', { description: message ?? 'Failed to update lead status' })
        router.refresh()
      }
    }
    setBusy(false)
  }

  return (
    <>
      <form
        method="post"
        action={`/api${leadFormPath(id, 'status')}`}
        className="cbo-inline-form"
        onSubmit={(event) => {
          event.preventDefault()
          void advance(next)
        }}
      >
        <input type="hidden" name="status" value={next} />
        <input type="hidden" name="back" value={back} />
        <ActionButton type="submit" submitsWithoutScript disabled={busy}>
          Mark {LEAD_STATUS_LABELS[next]}
        </ActionButton>
      </form>
      {next === 'completed' ? (
        <ConfirmationModal
          modalSlug={modalSlug}
          heading="Mark Completed?"
          body={visitAhead ? completeWithVisitQuestion(visitAhead.when) : ''}
          confirmLabel="Mark Completed and cancel the visit"
          onConfirm={() => (visitAhead ? advance('completed', visitAhead.id) : undefined)}
        />
      ) : null}
    </>
  )
}
