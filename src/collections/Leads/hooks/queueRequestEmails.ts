import type { CollectionAfterChangeHook } from 'payload'

import { REQUEST_EMAILS_TASK } from '@/jobs/SendRequestEmails'
import { PARTNER_CHANNEL, TEXT_CHANNEL } from '@/lib/lead-source'
import { isTextLeadEmail } from '@/lib/text-messages'

// Queued with `req`, inside the lead's transaction: no lead without its e-mails, no e-mail
// about a lead that was rolled back.
export const queueRequestEmails: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || req.context.demoContent) return doc
  // A texted request has no address to confirm to (its e-mail is a placeholder); the customer's
  // confirmation speaks of a repair, not of a dealership's partnership, which the owner answers by phone.
  // A lead typed in without an e-mail has nobody to confirm to either.
  const businessOnly =
    doc.channel === TEXT_CHANNEL || doc.channel === PARTNER_CHANNEL || isTextLeadEmail(doc.email)
  const audiences = businessOnly ? (['business'] as const) : (['business', 'customer'] as const)
  for (const audience of audiences) {
    await req.payload.jobs.queue({ task: REQUEST_EMAILS_TASK, input: { leadId: doc.id, audience }, req })
  }
  return doc
}
