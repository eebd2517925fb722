import type { Endpoint } from 'payload'

import { submitQuote } from './submitQuote'

// Custom REST endpoints mounted under /api, beside the generated collection routes.
export const endpoints: Endpoint[] = [submitQuote]
