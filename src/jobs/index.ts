import type { JobsConfig } from 'payload'

import { sendQuoteEmail } from './SendQuoteEmail'

// Queued tasks, run in-process by the server (see src/instrumentation.ts): every 10
// seconds the default queue is worked through. Tests and CLI scripts do not start the
// cron (getPayload without `cron: true`); they run jobs explicitly.
export const jobs: JobsConfig = {
  tasks: [sendQuoteEmail],
  autoRun: [{ cron: '*/10 * * * * *', queue: 'default', limit: 20 }],
  // A job that ran out of attempts stays in payload-jobs with its error, for staff to see.
  deleteJobOnComplete: true,
}
