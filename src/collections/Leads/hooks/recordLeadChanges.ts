import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import type { Lead } from '@/payload-types'
import { LOST_REASON_LABELS, isLostReason, statusChangeText } from '@/lib/lead-events'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'

// When the lead was closed as lost; cleared when it is reopened.
export const stampLost: CollectionBeforeChangeHook<Lead> = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || !('lostReason' in data)) return data
  const was = originalDoc?.lostReason ?? null
  const now = data.lostReason ?? null
  if (now && !was) return { ...data, lostAt: new Date().toISOString() }
  if (!now) return { ...data, lostAt: null }
  return data
}

// Status changes and closing or reopening go on the lead's timeline, with who did it.
export const recordLeadChanges: CollectionAfterChangeHook<Lead> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !previousDoc) return doc
  const by = req.user?.collection === 'users' ? req.user.id : null
  if (previousDoc.status !== doc.status) {
    await recordLeadEvent(req.payload, req, {
      lead: doc.id,
      kind: 'status',
      text: statusChangeText(previousDoc.status, doc.status),
      by,
    })
  }
  const was = previousDoc.lostReason ?? null
  const now = doc.lostReason ?? null
  if (now !== was) {
    await recordLeadEvent(req.payload, req, {
      lead: doc.id,
      kind: now ? 'lost' : 'reopened',
      text: isLostReason(now) ? LOST_REASON_LABELS[now] : null,
      by,
    })
  }
  return doc
}
