import type { TaskConfig } from 'payload'

import { REPLY_PROMISE_HOURS } from '@/lib/business'
import { serviceTitle } from '@/lib/catalog'

import { readStoredPhoto } from './readStoredPhoto'

type Audience = 'business' | 'customer'

// One e-mail about one new lead: to the business (site-settings recipients, photos
// attached, a link to the lead) or the confirmation to the customer. Queued by the leads
// collection in the lead's transaction; each audience is its own job so a retry never
// sends the other e-mail twice. A failure is logged by the queue and retried with
// exponential back-off (30 s, 1 min, 2 min, ...); the submission itself never waits on it.
export const sendQuoteEmail: TaskConfig<'sendQuoteEmail'> = {
  slug: 'sendQuoteEmail',
  label: 'Send quote e-mail',
  inputSchema: [
    { name: 'leadId', type: 'number', required: true },
    {
      name: 'audience',
      type: 'select',
      required: true,
      options: [
        { label: 'Business', value: 'business' },
        { label: 'Customer', value: 'customer' },
      ],
    },
  ],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: {
    attempts: Number(process.env.QUOTE_EMAIL_ATTEMPTS || 8),
    backoff: { type: 'exponential', delay: Number(process.env.QUOTE_EMAIL_BACKOFF_MS || 30_000) },
  },
  handler: async ({ input, req }) => {
    const { payload } = req
    const audience = input.audience as Audience
    const lead = await payload.findByID({
      collection: 'leads',
      id: input.leadId,
      depth: 1,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    // Deleted before the e-mail went out: nothing to tell anyone.
    if (!lead) return { output: { sent: false } }

    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const { render } = await import('@react-email/render')
    const title = serviceTitle(lead.serviceType)
    const details = {
      firstName: lead.firstName,
      lastName: lead.lastName,
      phone: lead.phone,
      email: lead.email,
      description: lead.description,
      serviceTitle: title,
      photoCount: lead.photos?.length ?? 0,
    }

    if (audience === 'business') {
      const { QuoteBusinessEmail } = await import('@/email/templates/quote-business')
      const to = settings.notificationRecipients
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      const adminUrl = `${payload.config.serverURL}/admin/collections/leads/${lead.id}`
      const element = QuoteBusinessEmail({ ...details, adminUrl })
      const attachments = []
      for (const photo of lead.photos ?? []) {
        if (typeof photo !== 'object' || !photo.filename) continue
        attachments.push({
          filename: `photo-${attachments.length + 1}${photo.filename.slice(photo.filename.lastIndexOf('.'))}`,
          content: await readStoredPhoto(req, photo),
          contentType: photo.mimeType ?? 'image/jpeg',
        })
      }
      await payload.sendEmail({
        to,
        replyTo: lead.email,
        subject: `New quote request: ${title} from ${lead.firstName} ${lead.lastName}`,
        html: await render(element),
        text: await render(element, { plainText: true }),
        attachments,
      })
    } else {
      const { QuoteCustomerEmail } = await import('@/email/templates/quote-customer')
      const element = QuoteCustomerEmail({
        ...details,
        businessName: settings.businessName,
        businessPhone: settings.phone,
        replyHours: REPLY_PROMISE_HOURS,
      })
      await payload.sendEmail({
        to: lead.email,
        subject: `We received your ${title} request`,
        html: await render(element),
        text: await render(element, { plainText: true }),
      })
    }
    return { output: { sent: true } }
  },
}
