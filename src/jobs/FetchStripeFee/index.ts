import type { TaskConfig } from 'payload'

import { fillStripeFee } from '@/payments/stripe/fee'

// Out of the webhook's transaction, which must not wait on Stripe's API: the fee of a card
// payment, for the bookkeeper's CSV. Retried while Stripe cannot be reached; written once.
export const fetchStripeFee: TaskConfig<'fetchStripeFee'> = {
  slug: 'fetchStripeFee',
  label: "Read Stripe's fee on a card payment",
  inputSchema: [{ name: 'paymentId', type: 'number', required: true }],
  outputSchema: [{ name: 'feeCents', type: 'number' }],
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => ({ output: { feeCents: await fillStripeFee(req, input.paymentId) } }),
}
