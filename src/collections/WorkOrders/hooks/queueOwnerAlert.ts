import type { CollectionAfterChangeHook } from 'payload'

import { partnerDealership } from '@/access/isPartner'

// A dealership's new work order, or its change to one, alerts the owner (the staff's own saves
// do not): queued in the save's transaction, once per save.
export const queueOwnerAlert: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (partnerDealership(req.user) === null || req.context.demoContent) return doc
  const change = operation === 'create' ? 'new' : String(doc.updatedAt)
  await req.payload.jobs.queue({
    task: 'sendOwnerAlert',
    input: { kind: 'work-order', id: doc.id, change },
    req,
  })
  return doc
}
