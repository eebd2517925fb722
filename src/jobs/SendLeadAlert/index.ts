import type { TaskConfig } from 'payload'

import { sendTextOnce } from '@/collections/TextMessages/sendText'
import { serviceTitle } from '@/lib/catalog'
import { leadAdminPath } from '@/lib/server-url'
import { serverUrl } from '@/lib/server-url'
import { leadAlertText, parsePhoneList } from '@/lib/text-messages'

// The owner hears of every new lead on the phone in the van: one text to each notification
// number in the site settings, once per lead and number however many runners take the job.
export const sendLeadAlert: TaskConfig<'sendLeadAlert'> = {
  slug: 'sendLeadAlert',
  label: 'Text the business about a new lead',
  inputSchema: [{ name: 'leadId', type: 'number', required: true }],
  outputSchema: [{ name: 'sent', type: 'number' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const lead = await payload.findByID({
      collection: 'leads',
      id: input.leadId,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    if (!lead || lead.erasedAt) return { output: { sent: 0 } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
    const body = leadAlertText(
      { ...lead, service: lead.offeredTitle || serviceTitle(lead.serviceType) },
      // The lead's job page, where every alert leads.
      `${serverUrl()}${leadAdminPath(lead.id)}`,
    )
    let sent = 0
    const failures: unknown[] = []
    // Each number on its own: one that fails is retried without holding the others back.
    // Texts to the owner can be turned off in the settings.
    const phones = settings.alertTexts === false ? [] : parsePhoneList(settings.notificationPhones).numbers
    for (const to of phones) {
      try {
        const outcome = await sendTextOnce(
          payload,
          `lead-alert:${lead.id}:${to}`,
          // Filed under its lead, which it names: it goes when the lead is deleted or erased.
          { to, body, lead: lead.id, toBusiness: true },
          { lead: lead.id, what: 'Text alert to the business' },
        )
        if (outcome?.status === 'sent') sent += 1
      } catch (error) {
        failures.push(error)
      }
    }
    if (failures.length) throw failures[0]
    return { output: { sent } }
  },
}
