import type { TaskConfig } from 'payload'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { REPLY_PROMISE_HOURS } from '@/lib/business'
import type { Lead } from '@/payload-types'
import { serviceTitle } from '@/lib/catalog'
import { promoLabel, sourceLabel } from '@/lib/lead-source'
import { createPerCoreLimiter } from '@/lib/limiter'
import { greetingName } from '@/lib/safe-first-name'
import { forgiveRateLimitHit, hitRateLimit } from '@/server/rate-limit'

import {
  type Audience,
  claimDelivery,
  markDelivered,
  pruneCompletedJobs,
  releaseClaim,
} from './deliveryClaim'
import { readStoredPhoto } from './readStoredPhoto'

// Total size of the photos attached to the business e-mail. Base64 makes a message a third
// larger, and many mail services refuse messages over 20-25 MB; photos past the cap are
// linked (their page in the admin) instead of attached.
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024

// Payload 3.90's exponential back-off waits delay * 2^n after the n-th failure, with no
// upper bound (payload/dist/queues/errors/calculateBackoffWaitUntil.js), so the budget
// is set by the number of attempts: 12 retries from 30 s keep trying for
// 30 s * (2^12 - 1), about 34 hours, so an outage of a day still delivers. Capping the
// delay instead would need a workflow that passes its own `retries` per run.
const DEFAULT_ATTEMPTS = 12
const CONFIRMATIONS_PER_ADDRESS = { max: 1, windowSeconds: 24 * 60 * 60 }
const DEFAULT_BACKOFF_MS = 30_000

// A business e-mail holds its photos (up to the cap above, a third more once encoded)
// until the mail server has taken it, and a queue run takes up to 20 jobs at once: after a
// burst of quotes, ten such e-mails built side by side took the server's memory up by
// 70-100 MB. At most one per core is built at a time in each instance; the others wait
// their turn before claiming their e-mail, so a wait holds no claim.
const withPhotoMailSlot = createPerCoreLimiter()

// One e-mail about one new lead: to the business (site-settings recipients, photos
// attached, a link to the lead) or the confirmation to the customer. Queued by the leads
// collection in the lead's transaction; each audience is its own job so a retry never
// sends the other e-mail twice. A failure is logged by the queue and retried with
// exponential back-off (30 s, 1 min, 2 min, ... for about 34 hours); the submission itself
// never waits on it.
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
    attempts: Number(process.env.QUOTE_EMAIL_ATTEMPTS || DEFAULT_ATTEMPTS),
    backoff: { type: 'exponential', delay: Number(process.env.QUOTE_EMAIL_BACKOFF_MS || DEFAULT_BACKOFF_MS) },
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
    const sent = audience === 'business' ? await withPhotoMailSlot(() => deliver(lead)) : await deliver(lead)
    if (sent) await pruneCompletedJobs(payload)
    return { output: { sent } }

    async function deliver(lead: Lead): Promise<boolean> {
      // Sent already, or another runner is sending it right now: nothing to do here.
      const claim = await claimDelivery(payload, lead.id, audience)
      if (!claim) return false
      // One confirmation per address a day: the form must not become a way to mail anyone.
      const daily = audience === 'customer' ? `confirmation:email:${lead.email.toLowerCase()}` : null
      if (daily && !(await hitRateLimit(payload, daily, CONFIRMATIONS_PER_ADDRESS)).allowed) {
        await releaseClaim(payload, claim)
        return false
      }
      try {
        await send(lead)
      } catch (error) {
        await releaseClaim(payload, claim)
        if (daily) await forgiveRateLimitHit(payload, daily)
        throw error
      }
      await markDelivered(payload, claim)
      return true
    }

    async function send(lead: Lead) {
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
        const admin = `${payload.config.serverURL}/admin/collections`
        const attachments = []
        const linkedPhotos: { label: string; url: string }[] = []
        let attachedBytes = 0
        for (const [index, photo] of (lead.photos ?? []).entries()) {
          if (typeof photo !== 'object' || !photo.filename) continue
          const label = `Photo ${index + 1}`
          const link = () => linkedPhotos.push({ label, url: `${admin}/customer-uploads/${photo.id}` })
          // The recorded size spares reading a photo that cannot fit; the bytes decide.
          if (attachedBytes + (photo.filesize ?? 0) > MAX_ATTACHMENT_BYTES) {
            link()
            continue
          }
          const content = await readStoredPhoto(req, photo)
          if (attachedBytes + content.byteLength > MAX_ATTACHMENT_BYTES) {
            link()
            continue
          }
          attachedBytes += content.byteLength
          attachments.push({
            filename: `photo-${index + 1}${photo.filename.slice(photo.filename.lastIndexOf('.'))}`,
            content,
            contentType: photo.mimeType ?? 'image/jpeg',
          })
        }
        const element = QuoteBusinessEmail({
          ...details,
          adminUrl: `${admin}/leads/${lead.id}`,
          attachedPhotoCount: attachments.length,
          linkedPhotos,
          promo: promoLabel(lead),
          source: sourceLabel(lead),
          receivedAt: formatBusinessDate(lead.createdAt, businessTimeZone(settings.timeZone)),
        })
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
          greetingName: greetingName(lead.firstName),
          serviceTitle: title,
          photoCount: details.photoCount,
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
    }
  },
}
