import type { TaskConfig } from 'payload'

import { expireStaleSessions } from '@/payments/checkoutSessions'

// Out of the transaction that changed the invoice's balance, which must not wait on Stripe's
// API: its Checkout Sessions for the old amount expired. Retried while Stripe cannot be reached.
export const expireCheckoutSessions: TaskConfig<'expireCheckoutSessions'> = {
  slug: 'expireCheckoutSessions',
  label: "Expire an invoice's Stripe sessions for an old balance",
  inputSchema: [{ name: 'invoiceId', type: 'number', required: true }],
  outputSchema: [{ name: 'expired', type: 'number' }],
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 10_000 } },
  handler: async ({ input, req }) => ({
    output: { expired: await expireStaleSessions(req.payload, input.invoiceId) },
  }),
}
