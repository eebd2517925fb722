import type { TaskConfig } from 'payload'

import { greetingName } from '@/lib/safe-first-name'
import { serverUrl } from '@/lib/server-url'
import { mailAboutLeadOnce, recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { textCustomerOnce } from '@/collections/TextMessages/customerTexts'
import { invoiceLinkText, invoiceReminderText } from '@/lib/customer-texts'
import { cardPaymentsEnabled } from '@/payments/stripe'
import { deliverOnce } from '@/server/email-delivery'
import { customerLinkToken } from '@/server/customer-link-token'
import { formatMoney } from '@/lib/money'

// A sent invoice to its customer, with its pay link: once per invoice, whatever the runners.
export const sendInvoiceLink: TaskConfig<'sendInvoiceLink'> = {
  slug: 'sendInvoiceLink',
  label: 'Send an invoice',
  inputSchema: [
    { name: 'invoiceId', type: 'number', required: true },
    { name: 'nonce', type: 'text', required: true },
    // Set when the owner sends it again: each resend is once in its own right.
    { name: 'again', type: 'text' },
    // A reminder of an invoice still owing, worded so, and on the lead's timeline once sent.
    { name: 'reminder', type: 'checkbox' },
  ],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const invoice = await payload.findByID({
      collection: 'invoices',
      id: input.invoiceId,
      depth: 1,
      overrideAccess: true,
      showHiddenFields: true,
      disableErrors: true,
      req,
    })
    const lead = invoice && typeof invoice.lead === 'object' ? invoice.lead : null
    if (!invoice || invoice.tokenNonce !== input.nonce || !lead || !invoice.customerEmail) {
      return { output: { sent: false } }
    }
    // Paid (or credited to nothing) since it was queued: nothing to remind of.
    const owing =
      (invoice.status === 'sent' || invoice.status === 'part_paid') && (invoice.balanceCents ?? 0) > 0
    if (input.reminder && !owing) return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const once = `invoice-link:${invoice.id}:${input.nonce}${input.again ? `:${input.again}` : ''}`
    const link = `${serverUrl()}/pay/${customerLinkToken(payload.secret, input.nonce, 'pay')}`
    // By text too, with the customer's consent (never after their STOP); once per link, as the
    // e-mail. A text that fails is retried with the job, after the e-mail had its go.
    const textOf = input.reminder ? invoiceReminderText : invoiceLinkText
    const texted = textCustomerOnce(
      payload,
      lead,
      once,
      textOf(settings.businessName, invoice.number ?? '', formatMoney(invoice.balanceCents ?? 0), link),
      `Invoice ${invoice.number} ${input.reminder ? 'reminder' : 'link'} texted to the customer`,
    ).then(
      () => null,
      (error: unknown) => ({ error }),
    )
    const { render } = await import('@react-email/render')
    const { InvoiceEmail } = await import('@/email/templates/invoice')
    const element = InvoiceEmail({
      greetingName: greetingName(lead.firstName),
      businessName: settings.businessName,
      businessPhone: settings.phone,
      number: invoice.number ?? '',
      lines: (invoice.lines ?? []).map((line) => ({
        description: line.description,
        quantity: line.quantity,
        amount: formatMoney(line.amountCents ?? 0),
      })),
      discount: invoice.discountCents ? formatMoney(invoice.discountCents) : null,
      total: formatMoney(invoice.totalCents ?? 0),
      deposit: invoice.depositCents ? formatMoney(invoice.depositCents) : null,
      balance: formatMoney(invoice.balanceCents ?? 0),
      note: invoice.note || null,
      link,
      cardsOnline: cardPaymentsEnabled(),
      reminder: Boolean(input.reminder),
    })
    const sent = await mailAboutLeadOnce(
      payload,
      once,
      {
        lead: lead.id,
        what: `Invoice ${invoice.number} ${input.reminder ? 'reminder ' : ''}to the customer`,
      },
      {
        to: invoice.customerEmail,
        replyTo: settings.email,
        subject: `${input.reminder ? 'Reminder: invoice' : 'Invoice'} ${invoice.number} from ${settings.businessName}`,
        html: await render(element),
        text: await render(element, { plainText: true }),
      },
    )
    const textFailure = await texted
    if (textFailure) throw textFailure.error
    if (input.reminder) {
      await deliverOnce(payload, `${once}:timeline`, async () => {
        const text = `Invoice ${invoice.number}, ${formatMoney(invoice.balanceCents ?? 0)} due`
        await recordLeadEvent(payload, undefined, { lead: lead.id, kind: 'invoice_reminded', text })
        return true
      })
    }
    return { output: { sent } }
  },
}
