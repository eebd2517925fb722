import type { Endpoint } from 'payload'

import { payByCard } from '@/collections/Invoices/endpoints/payByCard'
import { partnerEnquiry } from '@/collections/Leads/endpoints/partnerEnquiry'
import { submitRequest } from '@/collections/Leads/endpoints/submitRequest'
import { stripeWebhook } from '@/payments/stripe/webhook'
import { acceptQuote, requestQuoteChanges } from '@/collections/Quotes/endpoints/answerQuote'
import { reviewOptOut } from '@/collections/ReviewOptOuts/endpoints/reviewOptOut'
import { receiveTextWebhook, textStatusWebhook } from '@/collections/TextMessages/endpoints/webhooks'
import { bookVisitByCustomer, cancelVisitByCustomer } from '@/collections/Visits/endpoints/visitByCustomer'

// The customers' forms post to paths outside their collections' /api/<slug>, and those paths are
// public (e-mailed links, pages), as are the text provider's webhooks (/api/sms/*, the addresses
// pasted in its console), as is Stripe's (/api/stripe/webhooks): so these stay on the root, listed here.
export const endpoints: Endpoint[] = [
  submitRequest,
  partnerEnquiry,
  acceptQuote,
  requestQuoteChanges,
  reviewOptOut,
  bookVisitByCustomer,
  cancelVisitByCustomer,
  receiveTextWebhook,
  textStatusWebhook,
  payByCard,
  stripeWebhook,
]
