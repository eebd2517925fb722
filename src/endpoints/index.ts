import type { Endpoint } from 'payload'

import { acceptQuote, requestQuoteChanges } from './answerQuote'
import { reviewOptOut } from './reviewOptOut'
import { submitQuote } from './submitQuote'

export const endpoints: Endpoint[] = [submitQuote, acceptQuote, requestQuoteChanges, reviewOptOut]
