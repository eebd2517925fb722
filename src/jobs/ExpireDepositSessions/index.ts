import type { TaskConfig } from 'payload'

import { expireInvoicedDepositSessions } from '@/collections/Quotes/depositSessions'

// Out of the invoice's transaction, which must not wait on Stripe's API: the lead's deposit
// sessions still open expired once its job is invoiced. Retried while Stripe cannot be reached.
export const expireDepositSessions: TaskConfig<'expireDepositSessions'> = {
  slug: 'expireDepositSessions',
  label: "Expire a lead's Stripe deposit sessions once it is invoiced",
  inputSchema: [{ name: 'leadId', type: 'number', required: true }],
  outputSchema: [{ name: 'expired', type: 'number' }],
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 10_000 } },
  handler: async ({ input, req }) => ({
    output: { expired: await expireInvoicedDepositSessions(req.payload, input.leadId) },
  }),
}
