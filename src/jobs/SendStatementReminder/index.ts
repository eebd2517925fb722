import type { TaskConfig } from 'payload'

import { businessTimeZone, formatCalendarDate } from '@/lib/business-time'
import { formatMoney } from '@/lib/money'
import { serverUrl } from '@/lib/server-url'
import { statementBalanceCents } from '@/lib/statement-balance'
import { periodLabel, statementDueDay } from '@/lib/statements'
import { deliverOnce } from '@/server/email-delivery'

// An overdue statement's one reminder to the dealership's billing address: once per statement,
// whatever the runners (src/server/email-delivery.ts); none once it is paid in full.
export const sendStatementReminder: TaskConfig<'sendStatementReminder'> = {
  slug: 'sendStatementReminder',
  label: 'Remind a dealership of an overdue statement',
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
    const sent = await deliverOnce(payload, `statement-reminder:${statement.id}`, async (withHandOver) => {
      // Read again under the claim: a payment recorded since the claim means no reminder.
      const now = await payload.findByID({
        collection: 'statements',
        id: statement.id,
        depth: 0,
        overrideAccess: true,
        req,
      })
      const balance = statementBalanceCents(now)
      if (balance === 0) return false
      const { render } = await import('@react-email/render')
      const { StatementReminderEmail } = await import('@/email/templates/statement-reminder')
      const due = statementDueDay(now.issuedAt, now.netTermsDays, businessTimeZone(settings.timeZone))
      const element = StatementReminderEmail({
        businessName: settings.businessName,
        businessPhone: settings.phone,
        dealershipName: now.dealershipName,
        number: now.number,
        month: periodLabel(now.period),
        total: formatMoney(now.totalCents),
        paid: now.paidCents ? formatMoney(now.paidCents) : null,
        balance: formatMoney(balance),
        dueDate: formatCalendarDate(due),
        portalLink: `${serverUrl()}/partners/statements`,
      })
      await payload.sendEmail(
        withHandOver({
          to: now.billingEmail,
          replyTo: settings.email,
          subject: `Reminder: statement ${now.number} is overdue, ${formatMoney(balance)} due`,
          html: await render(element),
          text: await render(element, { plainText: true }),
        }),
      )
      return true
    })
    return { output: { sent } }
  },
}
