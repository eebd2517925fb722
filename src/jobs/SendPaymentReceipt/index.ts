import type { TaskConfig } from 'payload'

import { businessTimeZone, formatBusinessDate } from '@/lib/business-time'
import { PAYMENT_METHOD_LABELS, relationId } from '@/lib/invoices'
import { greetingName } from '@/lib/safe-first-name'
import { serverUrl } from '@/lib/server-url'
import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import { textCustomerOnce } from '@/collections/TextMessages/customerTexts'
import { receiptText } from '@/lib/customer-texts'
import { isTextLeadEmail } from '@/lib/text-messages'
import { customerLinkToken } from '@/server/customer-link-token'
import { formatMoney } from '@/lib/money'

// A receipt for each payment, once, whatever the runners: by hand at the van or by card online.
export const sendPaymentReceipt: TaskConfig<'sendPaymentReceipt'> = {
  slug: 'sendPaymentReceipt',
  label: 'Send a payment receipt',
  inputSchema: [{ name: 'paymentId', type: 'number', required: true }],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const payment = await payload.findByID({
      collection: 'payments',
      id: input.paymentId,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    const invoiceId = relationId(payment?.invoice)
    const invoice = invoiceId
      ? await payload.findByID({
          collection: 'invoices',
          id: invoiceId,
          depth: 1,
          overrideAccess: true,
          showHiddenFields: true,
          disableErrors: true,
          req,
        })
      : null
    const lead = invoice && typeof invoice.lead === 'object' ? invoice.lead : null
    if (!payment || payment.kind !== 'payment' || !invoice?.customerEmail || !lead)
      return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const link = invoice.tokenNonce
      ? `${serverUrl()}/pay/${customerLinkToken(payload.secret, invoice.tokenNonce, 'pay')}`
      : null
    // A customer who texted in and gave no e-mail address gets the receipt by text (with their
    // consent, never after STOP), once, with the link to the paid invoice.
    if (isTextLeadEmail(invoice.customerEmail)) {
      const amount = formatMoney(payment.amountCents)
      const balance = formatMoney(Math.max(0, invoice.balanceCents ?? 0))
      const outcome = await textCustomerOnce(
        payload,
        lead,
        `payment-receipt:${payment.id}`,
        receiptText(settings.businessName, amount, invoice.number ?? '', balance, link),
        `Receipt for ${amount} texted to the customer`,
      )
      return { output: { sent: outcome?.status === 'sent' } }
    }
    const { render } = await import('@react-email/render')
    const { PaymentReceiptEmail } = await import('@/email/templates/payment-receipt')
    const element = PaymentReceiptEmail({
      greetingName: greetingName(lead.firstName),
      businessName: settings.businessName,
      businessPhone: settings.phone,
      amount: formatMoney(payment.amountCents),
      method: PAYMENT_METHOD_LABELS[payment.method],
      receivedOn: formatBusinessDate(
        payment.receivedAt ?? payment.createdAt,
        businessTimeZone(settings.timeZone),
        {
          time: false,
        },
      ),
      number: invoice.number ?? '',
      balance: formatMoney(Math.max(0, invoice.balanceCents ?? 0)),
      link,
    })
    const sent = await mailAboutLeadOnce(
      payload,
      `payment-receipt:${payment.id}`,
      { lead: lead.id, what: `Receipt for ${formatMoney(payment.amountCents)} to the customer` },
      {
        to: invoice.customerEmail,
        replyTo: settings.email,
        subject: `Receipt from ${settings.businessName}: ${formatMoney(payment.amountCents)}`,
        html: await render(element),
        text: await render(element, { plainText: true }),
      },
    )
    return { output: { sent } }
  },
}
