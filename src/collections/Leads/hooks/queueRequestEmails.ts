import type { CollectionAfterChangeHook } from 'payload'

import { REQUEST_EMAILS_TASK } from '@/jobs/SendRequestEmails'
import { TEXT_CHANNEL } from '@/lib/lead-source'

// Queued with `req`, inside the lead's transaction: no lead without its e-mails, no e-mail
// about a lead that was rolled back.
export const queueRequestEmails: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || req.context.demoContent) return doc
  // A texted request has no address to confirm to (its e-mail is a placeholder).
  const audiences =
    doc.channel === TEXT_CHANNEL ? (['business'] as const) : (['business', 'customer'] as const)
  for (const audience of audiences) {
    await req.payload.jobs.queue({ task: REQUEST_EMAILS_TASK, input: { leadId: doc.id, audience }, req })
  }
  return doc
}
