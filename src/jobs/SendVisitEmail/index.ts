import { sql } from '@payloadcms/db-postgres'
import type { TaskConfig } from 'payload'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { greetingName } from '@/lib/safe-first-name'
import { serverUrl } from '@/lib/server-url'
import type { Lead, Quote, Visit } from '@/payload-types'
import { dbOf } from '@/server/db'
import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import { quoteToken } from '@/server/quote-token'
import { visitInvitation } from '@/collections/Visits/visitInvitation'

type Kind = 'confirmation' | 'reminder'

// A cancelled or moved visit gets no e-mail; each goes once (src/server/email-delivery.ts).
function visitEmailTask(kind: Kind): TaskConfig<'sendVisitConfirmation' | 'sendVisitReminder'> {
  return {
    slug: kind === 'confirmation' ? 'sendVisitConfirmation' : 'sendVisitReminder',
    label: kind === 'confirmation' ? 'Confirm a booked visit' : 'Remind a customer of a visit',
    inputSchema: [{ name: 'visitId', type: 'number', required: true }],
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
      if (!visit || visit.cancelledAt || typeof lead !== 'object') return { output: { sent: false } }
      if (new Date(visit.start).getTime() <= Date.now()) return { output: { sent: false } }
      if (kind === 'reminder' && visit.reminderSentAt) return { output: { sent: false } }
      const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
      const timeZone = businessTimeZone(settings.timeZone)
      const quote = visit.quote as Quote | null | undefined
      const nonce = typeof quote === 'object' && quote ? await nonceOf(payload, quote.id) : null
      const link = nonce ? `${serverUrl()}/quote/${quoteToken(payload.secret, nonce)}` : serverUrl()
      const when = formatBusinessDate(visit.start, timeZone)
      const { render } = await import('@react-email/render')
      const { VisitEmail } = await import('@/email/templates/visit')
      const element = VisitEmail({
        reminder: kind === 'reminder',
        greetingName: greetingName(lead.firstName),
        businessName: settings.businessName,
        businessPhone: settings.phone,
        when,
        link,
      })
      const html = await render(element)
      const text = await render(element, { plainText: true })
      const attachments =
        kind === 'confirmation'
          ? [
              {
                filename: 'visit.ics',
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: visitInvitation({
                  uid: `visit-${visit.id}@${new URL(serverUrl()).hostname}`,
                  start: new Date(visit.start),
                  end: new Date(visit.end),
                  title: `${settings.businessName}: wheel repair visit`,
                  description: `Questions? Call or text ${settings.phone}. Move or cancel: ${link}`,
                  organizer: { name: settings.businessName, email: settings.email },
                  url: link,
                }),
              },
            ]
          : []
      const subject =
        kind === 'confirmation' ? `Your visit is booked: ${when}` : `Reminder: your visit tomorrow, ${when}`
      const sent = await mailAboutLeadOnce(
        payload,
        `visit-${kind}:${visit.id}`,
        {
          lead: lead.id,
          what:
            kind === 'confirmation' ? 'Visit confirmation to the customer' : 'Visit reminder to the customer',
        },
        { to: lead.email, replyTo: settings.email, subject, html, text, attachments },
      )
      // Shown on the visit in the admin.
      if (sent && kind === 'reminder') {
        const db = await dbOf(payload)
        await db.execute(sql`UPDATE visits SET reminder_sent_at = now() WHERE id = ${visit.id}`)
      }
      return { output: { sent } }
    },
  }
}

async function nonceOf(payload: Parameters<typeof dbOf>[0], quote: number): Promise<string | null> {
  const db = await dbOf(payload)
  const result = (await db.execute(sql`SELECT token_nonce FROM quotes WHERE id = ${quote}`)) as unknown as {
    rows: { token_nonce: string | null }[]
  }
  return result.rows[0]?.token_nonce ?? null
}

export const sendVisitConfirmation = visitEmailTask('confirmation')
export const sendVisitReminder = visitEmailTask('reminder')
