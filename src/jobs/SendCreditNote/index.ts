import type { TaskConfig } from 'payload'

import { relationId } from '@/lib/invoices'
import { greetingName } from '@/lib/safe-first-name'
import { serverUrl } from '@/lib/server-url'
import { mailAboutLeadOnce } from '@/collections/LeadEvents/timeline'
import { customerLinkToken } from '@/server/customer-link-token'
import { formatMoney } from '@/lib/money'

// An issued credit note to its customer, once whatever the runners, with the corrected
// invoice's new balance and its pay link.
export const sendCreditNote: TaskConfig<'sendCreditNote'> = {
  slug: 'sendCreditNote',
  label: 'Send a credit note',
  inputSchema: [{ name: 'creditNoteId', type: 'number', required: true }],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const read = (id: number) =>
      payload.findByID({
        collection: 'invoices',
        id,
        depth: 1,
        overrideAccess: true,
        showHiddenFields: true,
        disableErrors: true,
        req,
      })
    const note = await read(input.creditNoteId)
    const originalId = relationId(note?.corrects)
    const original = originalId ? await read(originalId) : null
    const lead = note && typeof note.lead === 'object' ? note.lead : null
    const to = note?.customerEmail || original?.customerEmail
    if (!note || note.kind !== 'credit_note' || note.status === 'draft' || !original || !lead || !to)
      return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const { render } = await import('@react-email/render')
    const { CreditNoteEmail } = await import('@/email/templates/credit-note')
    const element = CreditNoteEmail({
      greetingName: greetingName(lead.firstName),
      businessName: settings.businessName,
      businessPhone: settings.phone,
      number: note.number ?? '',
      invoiceNumber: original.number ?? '',
      lines: (note.lines ?? []).map((line) => ({
        description: line.description,
        quantity: line.quantity,
        amount: formatMoney(line.amountCents ?? 0),
      })),
      total: formatMoney(note.totalCents ?? 0),
      balance: formatMoney(Math.max(0, original.balanceCents ?? 0)),
      link: original.tokenNonce
        ? `${serverUrl()}/pay/${customerLinkToken(payload.secret, original.tokenNonce, 'pay')}`
        : null,
    })
    const sent = await mailAboutLeadOnce(
      payload,
      `credit-note:${note.id}`,
      { lead: lead.id, what: `Credit note ${note.number} to the customer` },
      {
        to,
        replyTo: settings.email,
        subject: `Credit note ${note.number} from ${settings.businessName}`,
        html: await render(element),
        text: await render(element, { plainText: true }),
      },
    )
    return { output: { sent } }
  },
}
