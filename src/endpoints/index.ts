import type { Endpoint } from 'payload'

import { acceptQuote, requestQuoteChanges } from './answerQuote'
import { reviewOptOut } from './reviewOptOut'
import { submitQuote } from './submitQuote'
import { bookVisitByCustomer, cancelVisitByCustomer } from './visits'

export const endpoints: Endpoint[] = [
  submitQuote,
  acceptQuote,
  requestQuoteChanges,
  reviewOptOut,
  bookVisitByCustomer,
  cancelVisitByCustomer,
]
