import type { CollectionAfterChangeHook } from 'payload'

import { REVIEW_REQUEST_DELAY_HOURS } from '@/lib/business'
import { claimReviewRequestQueue } from '@/collections/ReviewOptOuts/reviewRequests'

// A completed job asks its customer for a review once, the settings' delay later (the same
// message to every customer: nobody is picked). Queued in the lead's transaction.
export const queueReviewRequest: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || req.context.demoContent) return doc
  if (doc.status !== 'completed' || previousDoc?.status === 'completed') return doc
  if (!(await claimReviewRequestQueue(req, doc.id))) return doc
  const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  const hours = settings.reviewRequestDelayHours ?? REVIEW_REQUEST_DELAY_HOURS
  await req.payload.jobs.queue({
    task: 'sendReviewRequest',
    input: { leadId: doc.id },
    waitUntil: new Date(Date.now() + hours * 60 * 60 * 1000),
    req,
  })
  return doc
}
