import { businessTimeZone, formatCalendarDate } from '@/lib/business-time'
import { formatMoney } from '@/lib/money'
import { serverUrl } from '@/lib/server-url'
import { statementBalanceCents } from '@/lib/statement-balance'
import { periodLabel, statementDueDay } from '@/lib/statements'

import { statementEmailTask } from '../statementEmail'

// An overdue statement's one reminder to the dealership; none once it is paid in full.
export const sendStatementReminder = statementEmailTask({
  slug: 'sendStatementReminder',
  label: 'Remind a dealership of an overdue statement',
  once: 'statement-reminder',
  mail: async (statement, settings) => {
    const balance = statementBalanceCents(statement)
    if (balance === 0) return null
    const { render } = await import('@react-email/render')
    const { StatementReminderEmail } = await import('@/email/templates/statement-reminder')
    const due = statementDueDay(
      statement.issuedAt,
      statement.netTermsDays,
      businessTimeZone(settings.timeZone),
    )
    const element = StatementReminderEmail({
      businessName: settings.businessName,
      businessPhone: settings.phone,
      dealershipName: statement.dealershipName,
      number: statement.number,
      month: periodLabel(statement.period),
      total: formatMoney(statement.totalCents),
      paid: statement.paidCents ? formatMoney(statement.paidCents) : null,
      balance: formatMoney(balance),
      dueDate: formatCalendarDate(due),
      portalLink: `${serverUrl()}/partners/statements`,
    })
    return {
      subject: `Reminder: statement ${statement.number} is overdue, ${formatMoney(balance)} due`,
      html: await render(element),
      text: await render(element, { plainText: true }),
    }
  },
})
