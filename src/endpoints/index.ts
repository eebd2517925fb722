import type { Endpoint } from 'payload'

// Custom REST endpoints mounted under /api, beside the generated collection routes.
export const endpoints: Endpoint[] = []
