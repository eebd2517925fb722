import type { CollectionAfterChangeHook } from 'payload'

// Queued with `req`, inside the lead's transaction: no lead without its e-mails, no e-mail
// about a lead that was rolled back.
export const queueQuoteEmails: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || req.context.demoContent) return doc
  for (const audience of ['business', 'customer'] as const) {
    await req.payload.jobs.queue({ task: 'sendQuoteEmail', input: { leadId: doc.id, audience }, req })
  }
  return doc
}
