import type { CollectionAfterChangeHook } from 'payload'

// Every new lead is e-mailed to the business and confirmed to the customer. The jobs are
// queued with `req`, so they are part of the lead's own transaction: no lead without its
// e-mails, no e-mail about a lead that was rolled back. Sending happens later, with retries.
export const queueQuoteEmails: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || req.context.demoContent) return doc
  for (const audience of ['business', 'customer'] as const) {
    await req.payload.jobs.queue({ task: 'sendQuoteEmail', input: { leadId: doc.id, audience }, req })
  }
  return doc
}
