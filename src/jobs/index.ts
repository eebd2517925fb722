import type { JobsConfig } from 'payload'

import { nobody } from '@/access/nobody'

import { sendQuoteEmail } from './SendQuoteEmail'

// Queued tasks, run in-process by the server (see src/instrumentation.ts): every 10
// seconds the default queue is worked through. Tests and CLI scripts do not start the
// cron (getPayload without `cron: true`); they run jobs explicitly.
export const jobs: JobsConfig = {
  tasks: [sendQuoteEmail],
  autoRun: [{ cron: '*/10 * * * * *', queue: 'default', limit: 20 }],
  // Payload starts that cron at boot (src/instrumentation.ts decides with JOBS_AUTORUN) and
  // again on the first API or admin request whatever was decided (its request handlers call
  // getPayload with cron: true), so an instance told to leave the queue to a worker checks
  // on every tick too.
  shouldAutoRun: () => process.env.JOBS_AUTORUN !== 'false',
  // Completed jobs stay (pruned after a week by the quote e-mail task): with several
  // instances two runners can take the same job, and the slower one fails on a job the
  // other already deleted. A job that ran out of attempts stays with its error.
  deleteJobOnComplete: false,
  // Payload's default lets any signed-in account, approved or not, run the queue through
  // GET /api/payload-jobs/run (and /handle-schedules) or queue and cancel jobs. The server
  // does all of that itself with overrideAccess (autoRun, the leads hook), so no caller needs it.
  access: { run: nobody, queue: nobody, cancel: nobody },
}
