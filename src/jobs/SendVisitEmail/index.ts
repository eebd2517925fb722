import { sql } from '@payloadcms/db-postgres'
import type { TaskConfig } from 'payload'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { greetingName } from '@/lib/safe-first-name'
import { serverUrl } from '@/lib/server-url'
import type { Lead, Quote, Visit } from '@/payload-types'
import { dbOf } from '@/server/db'
import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import { visitCustomerLink } from '@/collections/Visits/customerLinks'
import { visitEventSequence, visitEventUid, visitInvitation } from '@/collections/Visits/visitInvitation'
import type { VisitEmailKind } from '@/email/templates/visit'
import { ERASED_LEAD } from '@/lib/erase-request'
import { textCustomerOnce } from '@/collections/TextMessages/customerTexts'
import { visitConfirmationText, visitReminderText } from '@/lib/customer-texts'

type Slug = 'sendVisitConfirmation' | 'sendVisitReminder' | 'sendVisitCancellation'

type TextOf = (businessName: string, when: string, moved: boolean) => string

const TASKS: Record<
  VisitEmailKind,
  {
    slug: Slug
    label: string
    what: string
    subject: (when: string, moved: boolean) => string
    text?: TextOf
  }
> = {
  confirmation: {
    slug: 'sendVisitConfirmation',
    label: 'Confirm a booked visit',
    what: 'Visit confirmation to the customer',
    // A move sends the confirmation of the new time: the customer reads that it moved.
    subject: (when, moved) => `Your visit is ${moved ? 'moved' : 'booked'}: ${when}`,
    text: visitConfirmationText,
  },
  reminder: {
    slug: 'sendVisitReminder',
    label: 'Remind a customer of a visit',
    what: 'Visit reminder to the customer',
    subject: (when) => `Reminder: your visit tomorrow, ${when}`,
    text: visitReminderText,
  },
  cancellation: {
    slug: 'sendVisitCancellation',
    label: 'Tell a customer their visit is cancelled',
    what: 'Visit cancellation to the customer',
    subject: (when) => `Your visit is cancelled: ${when}`,
  },
}

// A confirmation or reminder of a visit cancelled or moved since goes nowhere; a cancellation
// goes only for a visit still cancelled and ahead. Each goes once (src/server/email-delivery.ts).
function visitEmailTask(kind: VisitEmailKind): TaskConfig<Slug> {
  const task = TASKS[kind]
  return {
    slug: task.slug,
    label: task.label,
    inputSchema: [
      { name: 'visitId', type: 'number', required: true },
      { name: 'moved', type: 'checkbox' },
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
      })) as Visit | null
      const lead = visit?.lead as Lead | undefined
      if (!visit || typeof lead !== 'object' || lead.email === ERASED_LEAD.email)
        return { output: { sent: false } }
      if (Boolean(visit.cancelledAt) !== (kind === 'cancellation')) return { output: { sent: false } }
      if (new Date(visit.start).getTime() <= Date.now()) return { output: { sent: false } }
      // No early return on reminderSentAt: each channel is claimed once on its own (sendTextOnce,
      // mailAboutLeadOnce), and a retry must still send the channel that failed the first time.
      const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
      const timeZone = businessTimeZone(settings.timeZone)
      const quote = visit.quote as Quote | number | null | undefined
      // Its quote's link; a visit booked for a caller without a quote has a link of its own.
      const { kind: linkTo, url: link } = await visitCustomerLink(payload, {
        lead: lead.id,
        quote: (typeof quote === 'object' ? quote?.id : quote) ?? null,
      })
      const when = formatBusinessDate(visit.start, timeZone)
      const moved = kind === 'confirmation' && input.moved === true
      // Shown on the visit in the admin: when the reminder first went out, by either channel.
      const reminded = async () => {
        if (kind !== 'reminder') return
        const db = await dbOf(payload)
        await db.execute(
          sql`UPDATE visits SET reminder_sent_at = now() WHERE id = ${visit.id} AND reminder_sent_at IS NULL`,
        )
      }
      // By text too, with the customer's consent; once per visit, as the e-mail.
      // A text that fails is retried with the job, after the e-mail had its go.
      const textFailure = task.text
        ? await textCustomerOnce(
            payload,
            lead,
            `visit-${kind}:${visit.id}`,
            task.text(settings.businessName, when, moved),
            `${task.what} by text`,
          ).then(
            async (outcome) => {
              if (outcome?.status === 'sent') await reminded()
              return null
            },
            (error: unknown) => ({ error }),
          )
        : null
      const { render } = await import('@react-email/render')
      const { VisitEmail } = await import('@/email/templates/visit')
      const element = VisitEmail({
        kind,
        moved,
        greetingName: greetingName(lead.firstName),
        businessName: settings.businessName,
        businessPhone: settings.phone,
        when,
        address: lead.address ?? null,
        link,
        linkTo,
      })
      const html = await render(element)
      const text = await render(element, { plainText: true })
      // The customer's one calendar event of this lead's visits, updated or cancelled.
      const change = kind === 'cancellation' ? 'cancelled' : 'booked'
      const method = kind === 'cancellation' ? 'CANCEL' : 'REQUEST'
      const attachments =
        kind === 'reminder'
          ? []
          : [
              {
                filename: 'visit.ics',
                contentType: `text/calendar; charset=utf-8; method=${method}`,
                content: visitInvitation({
                  uid: visitEventUid(lead.id, new URL(serverUrl()).hostname),
                  sequence: visitEventSequence(await visitsBefore(payload, lead.id, visit.id), change),
                  method,
                  start: new Date(visit.start),
                  end: new Date(visit.end),
                  title: `${settings.businessName}: wheel repair visit`,
                  description: `Questions? Call or text ${settings.phone}. Move or cancel: ${link}`,
                  location: lead.address,
                  organizer: { name: settings.businessName, email: settings.email },
                  attendee: { name: `${lead.firstName} ${lead.lastName}`, email: lead.email },
                  url: link,
                }),
              },
            ]
      const sent = await mailAboutLeadOnce(
        payload,
        `visit-${kind}:${visit.id}`,
        { lead: lead.id, what: task.what },
        {
          to: lead.email,
          replyTo: settings.email,
          subject: task.subject(when, moved),
          html,
          text,
          attachments,
        },
      )
      if (sent) await reminded()
      if (textFailure) throw textFailure.error
      return { output: { sent } }
    },
  }
}

async function visitsBefore(payload: Parameters<typeof dbOf>[0], lead: number, visit: number) {
  const db = await dbOf(payload)
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM visits WHERE lead_id = ${lead} AND id < ${visit}`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0].n
}

export const sendVisitConfirmation = visitEmailTask('confirmation')
export const sendVisitReminder = visitEmailTask('reminder')
export const sendVisitCancellation = visitEmailTask('cancellation')
