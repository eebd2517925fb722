import type { TaskConfig } from 'payload'

import { issueStatements } from '@/collections/Statements/issue'
import { businessTimeZone } from '@/lib/business-time'
import { previousPeriod } from '@/lib/statements'

// The monthly statements: on the 1st (in the business's time zone) last month's, one per
// dealership with work done. Payload's schedules have no time zone, so it runs hourly and
// issues what is missing: the first run after midnight on the 1st issues them, the others find
// them issued (and a 1st the site was down is caught up). One scheduled job at a time in the
// deployment (src/server/db-schema.ts); two runs at once still issue each statement once.
export const issueMonthlyStatements: TaskConfig<'issueMonthlyStatements'> = {
  slug: 'issueMonthlyStatements',
  label: 'Issue the dealerships’ monthly statements',
  schedule: [{ cron: '7 * * * *', queue: 'default' }],
  inputSchema: [{ name: 'month', type: 'text' }],
  outputSchema: [{ name: 'issued', type: 'number' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 60_000 } },
  handler: async ({ input, req }) => {
    const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
    const month = input?.month || previousPeriod(new Date(), businessTimeZone(settings.timeZone))
    const result = await issueStatements(req.payload, month)
    return { output: { issued: result.issued.length } }
  },
}
