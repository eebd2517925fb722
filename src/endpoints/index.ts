import type { Endpoint } from 'payload'

import { submitQuote } from './submitQuote'

export const endpoints: Endpoint[] = [submitQuote]
