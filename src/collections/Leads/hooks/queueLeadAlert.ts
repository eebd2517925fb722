import type { CollectionAfterChangeHook } from 'payload'

import { parsePhoneList } from '@/lib/text-messages'

// In the lead's transaction, as its e-mails: no alert about a lead that was rolled back. Only
// when the settings name a number to text; the job reads them again when it runs.
export const queueLeadAlert: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || req.context.demoContent) return doc
  const settings = await req.payload.findGlobal({
    slug: 'site-settings',
    depth: 0,
    select: { notificationPhones: true },
    overrideAccess: true,
    req,
  })
  if (!parsePhoneList(settings.notificationPhones).numbers.length) return doc
  await req.payload.jobs.queue({ task: 'sendLeadAlert', input: { leadId: doc.id }, req })
  return doc
}
