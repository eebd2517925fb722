import type { TaskConfig } from 'payload'

import {
  expireDeletedQuoteSessions,
  expireInvoicedDepositSessions,
  expireSettledDepositSessions,
} from '@/payments/depositSessions'

// Out of the invoice's (or the quote delete's) transaction, which must not wait on Stripe's API:
// the deposit sessions still open expired once the job is invoiced or the quote is deleted. Retried while Stripe cannot be reached.
export const expireDepositSessions: TaskConfig<'expireDepositSessions'> = {
  slug: 'expireDepositSessions',
  label: "Expire a lead's Stripe deposit sessions once it is invoiced",
  // The lead once invoiced, the quote once deleted, or the quote once its deposit is settled by hand.
  inputSchema: [
    { name: 'leadId', type: 'number' },
    { name: 'quoteId', type: 'number' },
    { name: 'settledQuoteId', type: 'number' },
  ],
  outputSchema: [{ name: 'expired', type: 'number' }],
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 10_000 } },
  handler: async ({ input, req }) => ({
    output: {
      expired:
        (input.leadId == null ? 0 : await expireInvoicedDepositSessions(req.payload, input.leadId)) +
        (input.quoteId == null ? 0 : await expireDeletedQuoteSessions(req.payload, input.quoteId)) +
        (input.settledQuoteId == null
          ? 0
          : await expireSettledDepositSessions(req.payload, input.settledQuoteId)),
    },
  }),
}
