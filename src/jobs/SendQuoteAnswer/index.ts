import type { TaskConfig } from 'payload'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { leadAdminPath, serverUrl } from '@/lib/server-url'
import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import { notificationAddresses } from '@/lib/business'
import { alertExcerpt } from '@/lib/owner-alerts'
import { alertOwner } from '@/jobs/SendOwnerAlert'
import { formatMoney } from '@/lib/money'

// A customer's answer to a quote, to the business's notification addresses. Queued only by
// the request that recorded the answer (src/collections/Quotes/endpoints/answerQuote.ts), so once per answer.
export const sendQuoteAnswer: TaskConfig<'sendQuoteAnswer'> = {
  slug: 'sendQuoteAnswer',
  label: "Tell the business about a customer's answer",
  inputSchema: [{ name: 'quoteId', type: 'number', required: true }],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const quote = await payload.findByID({
      collection: 'quotes',
      id: input.quoteId,
      depth: 1,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    if (!quote || typeof quote.lead !== 'object' || !quote.lead) return { output: { sent: false } }
    if (quote.status !== 'accepted' && quote.status !== 'changes_requested')
      return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const timeZone = businessTimeZone(settings.timeZone)
    const accepted = quote.status === 'accepted'
    const answeredAt = accepted ? quote.acceptedAt : quote.changeRequestedAt
    const customer = `${quote.lead.firstName} ${quote.lead.lastName}`
    const total = formatMoney(quote.totalCents ?? 0, 'price')
    const { render } = await import('@react-email/render')
    const { QuoteAnswerEmail } = await import('@/email/templates/quote-answer')
    const element = QuoteAnswerEmail({
      accepted,
      customer,
      phone: quote.lead.phone,
      total,
      answeredAt: formatBusinessDate(answeredAt, timeZone),
      changeRequest: accepted ? null : (quote.changeRequest ?? null),
      leadLink: `${serverUrl()}${leadAdminPath(quote.lead.id)}`,
    })
    const to = notificationAddresses(settings.notificationRecipients)
    const html = await render(element)
    const text = await render(element, { plainText: true })
    const subject = accepted ? `Quote accepted: ${customer}, ${total}` : `Changes requested: ${customer}`
    const key = `quote-answer:${quote.id}:${quote.status}:${answeredAt}`
    // By text too (the e-mail is the alert's e-mail); a text that fails is retried with the
    // job, after the e-mail had its go.
    const textFailure = await alertOwner(payload, {
      key,
      about: accepted
        ? `Quote accepted: ${customer}, ${total}`
        : `Changes requested by ${customer}: "${alertExcerpt(quote.changeRequest)}"`,
      path: leadAdminPath(quote.lead.id),
      lead: quote.lead.id,
    }).then(
      () => null,
      (error: unknown) => ({ error }),
    )
    // Per answer: a change request, then an acceptance of the revised quote, are two e-mails.
    const sent = await mailAboutLeadOnce(
      payload,
      key,
      {
        lead: quote.lead.id,
        what: accepted ? 'Acceptance to the business' : 'Change request to the business',
      },
      { to, subject, html, text },
    )
    if (textFailure) throw textFailure.error
    return { output: { sent } }
  },
}
