import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { TaskConfig } from 'payload'

import { claimOverdueStatements } from '@/collections/Statements/remind'
import { businessTimeZone } from '@/lib/business-time'

// One reminder of each statement still owing after its due day, to the dealership's billing
// address. Hourly; each statement is claimed once, in the transaction that queues its e-mail,
// whatever the instances and the worker running it (src/collections/Statements/remind.ts).
export const remindOverdueStatements: TaskConfig<'remindOverdueStatements'> = {
  slug: 'remindOverdueStatements',
  label: 'Remind dealerships of overdue statements',
  schedule: [{ cron: '37 * * * *', queue: 'default' }],
  outputSchema: [{ name: 'reminded', type: 'number' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 60_000 } },
  handler: async ({ req }) => {
    const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
    const own = await initTransaction(req)
    try {
      const due = await claimOverdueStatements(req, businessTimeZone(settings.timeZone))
      for (const statementId of due) {
        await req.payload.jobs.queue({ task: 'sendStatementReminder', input: { statementId }, req })
      }
      if (own) await commitTransaction(req)
      return { output: { reminded: due.length } }
    } catch (err) {
      if (own) await killTransaction(req)
      throw err
    }
  },
}
