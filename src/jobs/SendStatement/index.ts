import type { TaskConfig } from 'payload'

import { statementFiles } from '@/collections/Statements/statementFiles'
import { serverUrl } from '@/lib/server-url'
import { periodLabel } from '@/lib/statements'
import { deliverOnce } from '@/server/email-delivery'
import { formatMoney } from '@/lib/money'

// An issued statement to the dealership's billing address, its PDF and CSV attached: once per
// statement, whatever the runners (src/server/email-delivery.ts).
export const sendStatement: TaskConfig<'sendStatement'> = {
  slug: 'sendStatement',
  label: 'Send a dealership its monthly statement',
  inputSchema: [{ name: 'statementId', type: 'number', required: true }],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const statement = await payload.findByID({
      collection: 'statements',
      id: input.statementId,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    if (!statement) return { output: { sent: false } }
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const sent = await deliverOnce(payload, `statement:${statement.id}`, async (withHandOver) => {
      const files = await statementFiles(payload, statement, req)
      const { render } = await import('@react-email/render')
      const { StatementEmail } = await import('@/email/templates/statement')
      const element = StatementEmail({
        businessName: settings.businessName,
        businessPhone: settings.phone,
        dealershipName: statement.dealershipName,
        number: statement.number,
        month: periodLabel(statement.period),
        wheels: statement.lines?.length ?? 0,
        credits: statement.creditCents ? formatMoney(statement.creditCents) : null,
        total: formatMoney(statement.totalCents),
        netTermsDays: statement.netTermsDays,
        portalLink: `${serverUrl()}/partners/statements`,
      })
      await payload.sendEmail(
        withHandOver({
          to: statement.billingEmail,
          replyTo: settings.email,
          subject: `Statement ${statement.number} for ${periodLabel(statement.period)} from ${settings.businessName}`,
          html: await render(element),
          text: await render(element, { plainText: true }),
          attachments: [
            { filename: files.pdfName, content: files.pdf, contentType: 'application/pdf' },
            { filename: files.csvName, content: files.csv, contentType: 'text/csv' },
          ],
        }),
      )
      return true
    })
    return { output: { sent } }
  },
}
