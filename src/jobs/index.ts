import type { JobsConfig } from 'payload'

import { nobody } from '@/access/nobody'

import { eraseStaleLeads } from './EraseStaleLeads'
import { expireCheckoutSessions } from './ExpireCheckoutSessions'
import { expireDepositSessions } from './ExpireDepositSessions'
import { fetchStripeFee } from './FetchStripeFee'
import { fetchTextPhotos } from './FetchTextPhotos'
import { issueMonthlyStatements } from './IssueStatements'
import { remindOverdueStatements } from './RemindOverdueStatements'
import { remindUnpaidInvoices } from './RemindUnpaidInvoices'
import { removeOrphanPhotos } from './RemoveOrphanPhotos'
import { replyToHelp } from './ReplyToHelp'
import { replyToVisitConfirmation } from './ReplyToVisitConfirmation'
import { sendCreditNote } from './SendCreditNote'
import { sendInvoiceLink } from './SendInvoiceLink'
import { sendPaymentReceipt } from './SendPaymentReceipt'
import { sendLeadAlert } from './SendLeadAlert'
import { sendOwnerAlert } from './SendOwnerAlert'
import { sendRequestEmails } from './SendRequestEmails'
import { sendStatement } from './SendStatement'
import { sendStatementReminder } from './SendStatementReminder'
import { sendQuoteAnswer } from './SendQuoteAnswer'
import { sendQuoteLink } from './SendQuoteLink'
import { sendReviewRequest } from './SendReviewRequest'
import { sendVisitCancellation, sendVisitConfirmation, sendVisitReminder } from './SendVisitEmail'
import { sendVisitNotice } from './SendVisitNotice'
import { sendWorkOrderProgress } from './SendWorkOrderProgress'

// How often an instance that runs the queue looks for due jobs: every 10 s unless
// JOBS_AUTORUN_SECONDS (1-59) says otherwise; the end-to-end server looks every second, so its
// tests wait for an e-mail as long as the work takes, not for the next tick.
function queueSeconds(): number {
  const seconds = Number(process.env.JOBS_AUTORUN_SECONDS)
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 59 ? seconds : 10
}

// Tests and CLI scripts do not start the cron (getPayload without `cron: true`); they run jobs explicitly.
export const jobs: JobsConfig = {
  tasks: [
    sendRequestEmails,
    sendQuoteLink,
    sendQuoteAnswer,
    sendReviewRequest,
    sendVisitConfirmation,
    sendVisitReminder,
    sendVisitCancellation,
    sendVisitNotice,
    sendLeadAlert,
    sendOwnerAlert,
    fetchTextPhotos,
    replyToHelp,
    replyToVisitConfirmation,
    sendInvoiceLink,
    sendPaymentReceipt,
    fetchStripeFee,
    expireCheckoutSessions,
    expireDepositSessions,
    sendCreditNote,
    eraseStaleLeads,
    removeOrphanPhotos,
    issueMonthlyStatements,
    sendStatement,
    sendWorkOrderProgress,
    remindUnpaidInvoices,
    remindOverdueStatements,
    sendStatementReminder,
  ],
  // Only an instance that runs the queue also queues the scheduled tasks (eraseStaleLeads,
  // removeOrphanPhotos, issueMonthlyStatements, remindUnpaidInvoices, remindOverdueStatements).
  autoRun: () => [
    {
      cron: `*/${queueSeconds()} * * * * *`,
      queue: 'default',
      limit: 20,
      disableScheduling: process.env.JOBS_AUTORUN === 'false',
    },
  ],
  // Payload also starts the cron on the first API or admin request, whatever was decided at boot, so an
  // instance that leaves the queue to a worker must check JOBS_AUTORUN on every tick.
  shouldAutoRun: () => process.env.JOBS_AUTORUN !== 'false',
  // Kept (pruned after a week): two instances can run the same job, and the slower would fail on a deleted one.
  deleteJobOnComplete: false,
  // Payload's default lets any signed-in account run, queue or cancel jobs; the server uses overrideAccess.
  access: { run: nobody, queue: nobody, cancel: nobody },
}
