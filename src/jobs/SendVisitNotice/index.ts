import type { TaskConfig } from 'payload'

import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import type { VisitChange } from '@/email/templates/visit-notice'
import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { leadAdminPath, serverUrl } from '@/lib/server-url'
import type { Lead, Visit } from '@/payload-types'
import { notificationAddresses } from '@/lib/business'
import { alertOwner } from '@/jobs/SendOwnerAlert'
import { isTextLeadEmail } from '@/lib/text-messages'

const CHANGES: readonly VisitChange[] = ['booked', 'moved', 'cancelled']
const isChange = (value: unknown): value is VisitChange => CHANGES.includes(value as VisitChange)

// A visit the customer booked, moved or cancelled, to the business's notification addresses.
// Queued by the request that made the change (src/collections/Visits/bookings.ts); once per
// visit and change whatever the runners.
export const sendVisitNotice: TaskConfig<'sendVisitNotice'> = {
  slug: 'sendVisitNotice',
  label: "Tell the business about a customer's visit change",
  inputSchema: [
    { name: 'visitId', type: 'number', required: true },
    { name: 'change', type: 'text', required: true },
  ],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const visit = (await payload.findByID({
      collection: 'visits',
      id: input.visitId,
      depth: 1,
      overrideAccess: true,
      disableErrors: true,
      req,
    })) as Visit | null
    const lead = visit?.lead as Lead | undefined
    if (!visit || typeof lead !== 'object' || !isChange(input.change)) return { output: { sent: false } }
    const change = input.change
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const when = formatBusinessDate(visit.start, businessTimeZone(settings.timeZone))
    const customer = `${lead.firstName} ${lead.lastName}`
    const { render } = await import('@react-email/render')
    const { VisitNoticeEmail, visitNoticeTitle } = await import('@/email/templates/visit-notice')
    const element = VisitNoticeEmail({
      change,
      customer,
      phone: lead.phone,
      address: lead.address ?? null,
      when,
      leadLink: `${serverUrl()}${leadAdminPath(lead.id)}`,
    })
    const key = `visit-notice:${visit.id}:${change}`
    // By text too; a text that fails is retried with the job, after the e-mail had its go.
    const textFailure = await alertOwner(payload, {
      key,
      about: `Visit ${change} by ${customer}: ${when}`,
      path: leadAdminPath(lead.id),
      lead: lead.id,
    }).then(
      () => null,
      (error: unknown) => ({ error }),
    )
    const to = notificationAddresses(settings.notificationRecipients)
    const sent = await mailAboutLeadOnce(
      payload,
      key,
      {
        lead: lead.id,
        what: `Visit ${change === 'moved' ? 'move' : change === 'booked' ? 'booking' : 'cancellation'} to the business`,
      },
      {
        to,
        // A texted lead's address is a placeholder that reaches nobody: no reply goes there.
        replyTo: isTextLeadEmail(lead.email) ? undefined : lead.email,
        subject: visitNoticeTitle({ change, customer, when }),
        html: await render(element),
        text: await render(element, { plainText: true }),
      },
    )
    if (textFailure) throw textFailure.error
    return { output: { sent } }
  },
}
