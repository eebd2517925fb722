import type { TaskConfig } from 'payload'

import { ERASED_LEAD } from '@/lib/erase-request'
import { greetingName } from '@/lib/safe-first-name'
import { serverUrl } from '@/lib/server-url'
import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import {
  hasOptedOut,
  markReviewRequestSent,
  unsubscribePath,
} from '@/collections/ReviewOptOuts/reviewRequests'

// Sent once per lead, by one runner however many take jobs; nothing when the lead was deleted
// (or erased) before its time, or the customer asked for no more review requests.
export const sendReviewRequest: TaskConfig<'sendReviewRequest'> = {
  slug: 'sendReviewRequest',
  label: 'Ask a customer for a review',
  inputSchema: [{ name: 'leadId', type: 'number', required: true }],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
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
    if (!lead || lead.email === ERASED_LEAD.email || lead.reviewRequestSentAt)
      return { output: { sent: false } }
    if (await hasOptedOut(payload, lead.email)) return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
    const { render } = await import('@react-email/render')
    const { ReviewRequestEmail } = await import('@/email/templates/review-request')
    const unsubscribe = unsubscribePath(payload.secret, lead.email)
    const element = ReviewRequestEmail({
      greetingName: greetingName(lead.firstName),
      businessName: settings.businessName,
      reviewLink: settings.reviewLink || '',
      unsubscribeLink: `${serverUrl()}${unsubscribe}`,
    })
    const html = await render(element)
    const text = await render(element, { plainText: true })
    const sent = await mailAboutLeadOnce(
      payload,
      `review-request:${lead.id}`,
      { lead: lead.id, what: 'Review request to the customer' },
      {
        to: lead.email,
        replyTo: settings.email,
        subject: `How did we do? ${settings.businessName}`,
        html,
        text,
        // One-click unsubscribe (RFC 8058), which the large mailbox providers ask of bulk mail:
        // their POST to the API's address, with the link's e and t, opts the address out.
        headers: {
          'List-Unsubscribe': `<${serverUrl()}/api${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    )
    if (sent) await markReviewRequestSent(payload, lead.id)
    return { output: { sent } }
  },
}
