import type { TaskConfig } from 'payload'

import { sendTextOnce } from '@/collections/TextMessages/sendText'
import { helpReply } from '@/lib/text-messages'

// HELP (or INFO) is answered with who we are and how to reach us, once per text, as carriers
// require: even to a number that opted out (CTIA), which gets nothing else.
export const replyToHelp: TaskConfig<'replyToHelp'> = {
  slug: 'replyToHelp',
  label: 'Answer a HELP text',
  inputSchema: [{ name: 'messageId', type: 'number', required: true }],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const message = await payload.findByID({
      collection: 'text-messages',
      id: input.messageId,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    if (!message) return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
    const lead = typeof message.lead === 'object' ? message.lead?.id : message.lead
    const outcome = await sendTextOnce(payload, `help:${message.id}`, {
      to: message.fromNumber,
      body: helpReply(settings.businessName, settings.phone),
      lead: lead ?? null,
      evenIfOptedOut: true,
    })
    return { output: { sent: outcome?.status === 'sent' } }
  },
}
