import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { TaskConfig } from 'payload'

import { claimDueReminders } from '@/collections/Invoices/remind'

// One reminder of each invoice still owing the settings' number of days after it was sent: its
// e-mail, and its text with the customer's consent (sendInvoiceLink), then "Reminder sent" on the
// lead's timeline. Hourly; each invoice is claimed once, in the transaction that queues its
// sending, whatever the instances running it (src/collections/Invoices/remind.ts).
export const remindUnpaidInvoices: TaskConfig<'remindUnpaidInvoices'> = {
  slug: 'remindUnpaidInvoices',
  label: 'Remind customers of invoices still unpaid',
  schedule: [{ cron: '23 * * * *', queue: 'default' }],
  outputSchema: [{ name: 'reminded', type: 'number' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 60_000 } },
  handler: async ({ req }) => {
    const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
    const days = settings.invoiceReminderDays
    if (!days || days < 1) return { output: { reminded: 0 } }
    const own = await initTransaction(req)
    try {
      const due = await claimDueReminders(req, days)
      for (const invoice of due) {
        await req.payload.jobs.queue({
          task: 'sendInvoiceLink',
          input: { invoiceId: invoice.id, nonce: invoice.nonce, again: 'reminder', reminder: true },
          req,
        })
      }
      if (own) await commitTransaction(req)
      return { output: { reminded: due.length } }
    } catch (err) {
      if (own) await killTransaction(req)
      throw err
    }
  },
}
