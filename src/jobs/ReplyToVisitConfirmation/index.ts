import type { TaskConfig } from 'payload'

import { sendTextOnce } from '@/collections/TextMessages/sendText'
import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { visitConfirmedReply } from '@/lib/customer-texts'

// The customer's "C" confirmed their visit (receiveText): a short answer, once per text, so they
// know it counted. An opted-out number is not answered (every outgoing text checks).
export const replyToVisitConfirmation: TaskConfig<'replyToVisitConfirmation'> = {
  slug: 'replyToVisitConfirmation',
  label: 'Answer a visit confirmed by text',
  inputSchema: [
    { name: 'messageId', type: 'number', required: true },
    { name: 'visitId', type: 'number', required: true },
  ],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const [message, visit] = await Promise.all([
      payload.findByID({
        collection: 'text-messages',
        id: input.messageId,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
      }),
      payload.findByID({
        collection: 'visits',
        id: input.visitId,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
      }),
    ])
    if (!message || !visit || visit.cancelledAt) return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
    const when = formatBusinessDate(visit.start, businessTimeZone(settings.timeZone))
    const lead = typeof visit.lead === 'object' ? visit.lead.id : visit.lead
    const outcome = await sendTextOnce(payload, `visit-confirmed:${message.id}`, {
      to: message.fromNumber,
      body: visitConfirmedReply(settings.businessName, when),
      lead,
    })
    return { output: { sent: outcome?.status === 'sent' } }
  },
}
