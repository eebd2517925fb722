import { sql } from '@payloadcms/db-postgres'
import type { TaskConfig } from 'payload'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { REPLY_PROMISE_HOURS } from '@/lib/business'
import type { Lead } from '@/payload-types'
import { offeredPrice } from '@/lib/home-content'
import { serviceTitle } from '@/lib/catalog'
import { promoLabel, sourceLabel } from '@/lib/lead-source'
import { createPerCoreLimiter } from '@/lib/limiter'
import { greetingName } from '@/lib/safe-first-name'
import { isTextLeadEmail } from '@/lib/text-messages'
import { dbOf } from '@/server/db'
import { deliverOnce, type WithHandOver } from '@/server/email-delivery'
import { mailAboutLead } from '@/collections/LeadEvents/timeline'
import { forgiveRateLimitHit, hitRateLimit } from '@/server/rate-limit'

import { pruneCompletedJobs } from './pruneCompletedJobs'
import { readStoredPhoto } from './readStoredPhoto'
import { notificationAddresses } from '@/lib/business'
import { leadAdminPath } from '@/lib/server-url'
import { withoutTypist } from '@/lib/staff-lead'

type Audience = 'business' | 'customer'

// Base64 adds a third and many mail services refuse messages over 20-25 MB; photos past this are linked.
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024

// Payload's exponential back-off has no upper bound, so the budget is the number of attempts: 12 retries
// from 30 s span about 34 hours, so an outage of a day still delivers.
const DEFAULT_ATTEMPTS = 12
const CONFIRMATIONS_PER_ADDRESS = { max: 1, windowSeconds: 24 * 60 * 60 }
const DEFAULT_BACKOFF_MS = 30_000

// A business e-mail holds its photos until sent; ten built side by side after a burst took 70-100 MB.
// One per core at a time, waiting before claiming, so a wait holds no claim.
const withPhotoMailSlot = createPerCoreLimiter()

// Kept from before requests and quotes had names of their own: queued jobs are stored under
// this slug (an enum in payload_jobs), so renaming it would strand them.
export const REQUEST_EMAILS_TASK = 'sendQuoteEmail'

// Each audience is its own job, so a retry never sends the other e-mail twice.
export const sendRequestEmails: TaskConfig<typeof REQUEST_EMAILS_TASK> = {
  slug: REQUEST_EMAILS_TASK,
  label: "Send a new request's e-mails",
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
  // The variables keep their first names: deployments set them.
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
    if (!lead) return { output: { sent: false } }
    const sent = audience === 'business' ? await withPhotoMailSlot(() => deliver(lead)) : await deliver(lead)
    if (sent) await pruneCompletedJobs(payload)
    return { output: { sent } }

    async function deliver(lead: Lead): Promise<boolean> {
      // Recorded on the lead too, for the back office.
      if (lead[`${audience}EmailSentAt`]) return false
      // The key's first name kept: a job retried across a deploy must find its row.
      const key = `quote-email:${audience}:${lead.id}`
      const sent = await deliverOnce(payload, key, async (withHandOver, { takenOver }) => {
        // One confirmation per address a day: the form must not become a way to mail anyone. A
        // runner that died holding the e-mail had counted it.
        const daily =
          audience === 'customer' && !takenOver ? `confirmation:email:${lead.email.toLowerCase()}` : null
        if (daily && !(await hitRateLimit(payload, daily, CONFIRMATIONS_PER_ADDRESS)).allowed) return false
        try {
          return await send(lead, withHandOver)
        } catch (error) {
          if (daily) await forgiveRateLimitHit(payload, daily, CONFIRMATIONS_PER_ADDRESS)
          throw error
        }
      })
      if (sent) {
        const column = sql.raw(`${audience}_email_sent_at`)
        await (await dbOf(payload)).execute(sql`UPDATE leads SET ${column} = now() WHERE id = ${lead.id}`)
      }
      return sent
    }

    // False when there is nobody to send it to.
    async function send(lead: Lead, withHandOver: WithHandOver): Promise<boolean> {
      const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
      const { render } = await import('@react-email/render')
      const title = lead.offeredTitle || serviceTitle(lead.serviceType)
      const details = {
        firstName: lead.firstName,
        lastName: lead.lastName,
        phone: lead.phone,
        email: lead.email,
        description: lead.description,
        serviceTitle: title,
        price: offeredPrice(lead),
        photoCount: lead.photos?.length ?? 0,
      }

      if (audience === 'business') {
        const { NewRequestEmail, newRequestHeadline } = await import('@/email/templates/new-request')
        const headline = newRequestHeadline({ ...lead, serviceTitle: title })
        // The staff member who typed the lead in knows of it already.
        const typist = typeof lead.enteredBy === 'object' ? lead.enteredBy?.email : null
        const to = withoutTypist(notificationAddresses(settings.notificationRecipients), typist)
        if (!to.length) return false
        const admin = `${payload.config.serverURL}/admin/collections`
        const attachments: { filename: string; content: Buffer; contentType: string }[] = []
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
        const element = NewRequestEmail({
          ...details,
          headline,
          // The lead's details in Lead Management: light enough to open on a phone in the van.
          adminUrl: `${payload.config.serverURL}${leadAdminPath(lead.id)}`,
          attachedPhotoCount: attachments.length,
          linkedPhotos,
          promo: promoLabel(lead),
          source: sourceLabel(lead),
          receivedAt: formatBusinessDate(lead.createdAt, businessTimeZone(settings.timeZone)),
          address: lead.address,
          zip: lead.zip,
          vehicle: lead.vehicle,
          wheelSize: lead.wheelSize,
        })
        const html = await render(element)
        const text = await render(element, { plainText: true })
        const subject = `${headline} from ${lead.firstName} ${lead.lastName}`
        await mailAboutLead(payload, lead.id, 'Quote request to the business', () =>
          payload.sendEmail(
            withHandOver({
              to,
              // A texted request's address is a placeholder: the owner answers it by text.
              replyTo: isTextLeadEmail(lead.email) ? undefined : lead.email,
              subject,
              html,
              text,
              attachments,
            }),
          ),
        )
        return true
      } else {
        if (isTextLeadEmail(lead.email)) return false
        const { RequestReceivedEmail } = await import('@/email/templates/request-received')
        const element = RequestReceivedEmail({
          greetingName: greetingName(lead.firstName),
          serviceTitle: title,
          photoCount: details.photoCount,
          businessName: settings.businessName,
          businessPhone: settings.phone,
          replyHours: REPLY_PROMISE_HOURS,
        })
        const html = await render(element)
        const text = await render(element, { plainText: true })
        await mailAboutLead(payload, lead.id, 'Confirmation to the customer', () =>
          payload.sendEmail(
            withHandOver({
              to: lead.email,
              replyTo: settings.email,
              subject: `We received your ${title} request`,
              html,
              text,
            }),
          ),
        )
        return true
      }
    }
  },
}
