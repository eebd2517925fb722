import type { TaskConfig } from 'payload'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { greetingName } from '@/lib/safe-first-name'
import { serverUrl } from '@/lib/server-url'
import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import { customerLinkToken } from '@/server/customer-link-token'
import { textCustomerOnce } from '@/collections/TextMessages/customerTexts'
import { quoteLinkText } from '@/lib/customer-texts'
import { formatMoney } from '@/lib/money'

// The priced quote to its customer. Skipped when the quote was revised or sent again since
// (its link changed): only the latest link goes out.
export const sendQuoteLink: TaskConfig<'sendQuoteLink'> = {
  slug: 'sendQuoteLink',
  label: 'Send a priced quote',
  inputSchema: [
    { name: 'quoteId', type: 'number', required: true },
    { name: 'nonce', type: 'text', required: true },
  ],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const quote = await payload.findByID({
      collection: 'quotes',
      id: input.quoteId,
      depth: 1,
      overrideAccess: true,
      showHiddenFields: true,
      disableErrors: true,
      req,
    })
    if (!quote || quote.tokenNonce !== input.nonce || typeof quote.lead !== 'object' || !quote.lead) {
      return { output: { sent: false } }
    }
    const lead = quote.lead
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const timeZone = businessTimeZone(settings.timeZone)
    const link = `${serverUrl()}/quote/${customerLinkToken(payload.secret, input.nonce)}`
    // By text too, with the customer's consent; once per link, as the e-mail. A text that
    // fails is retried with the job, after the e-mail had its go.
    const texted = textCustomerOnce(
      payload,
      lead,
      `quote-link:${quote.id}:${input.nonce}`,
      quoteLinkText(settings.businessName, link),
      'Quote link texted to the customer',
    ).then(
      () => null,
      (error: unknown) => ({ error }),
    )
    const { render } = await import('@react-email/render')
    const { QuoteOfferEmail } = await import('@/email/templates/quote-offer')
    const element = QuoteOfferEmail({
      greetingName: greetingName(lead.firstName),
      businessName: settings.businessName,
      businessPhone: settings.phone,
      lines: (quote.lines ?? []).map((line) => ({
        description: line.title ?? '',
        quantity: line.kind === 'free' ? 1 : (line.quantity ?? 1),
        amount: formatMoney(line.amountCents ?? 0, 'price'),
      })),
      deliveryFee: quote.deliveryFeeCents ? formatMoney(quote.deliveryFeeCents, 'price') : null,
      discount: quote.discountCents ? formatMoney(quote.discountCents, 'price') : null,
      total: formatMoney(quote.totalCents ?? 0, 'price'),
      validUntil: formatBusinessDate(quote.validUntil, timeZone, { time: false }),
      note: quote.note || null,
      link,
    })
    const html = await render(element)
    const text = await render(element, { plainText: true })
    // Per link: a quote sent again with a new link is a new e-mail.
    const sent = await mailAboutLeadOnce(
      payload,
      `quote-link:${quote.id}:${input.nonce}`,
      { lead: lead.id, what: 'Quote to the customer' },
      {
        to: lead.email,
        replyTo: settings.email,
        subject: `Your quote from ${settings.businessName}`,
        html,
        text,
      },
    )
    const textFailure = await texted
    if (textFailure) throw textFailure.error
    return { output: { sent } }
  },
}
