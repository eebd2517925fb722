import type { CollectionConfig } from 'payload'

import { admins } from '@/access/admins'
import { nobody } from '@/access/nobody'

// One row per client address: the quote rate limit's window and how many submissions it
// holds. Kept in Postgres so the limit holds across app instances; written only by
// src/lib/rate-limit.ts with one atomic upsert. Admins may look (and clear a row).
export const QuoteRateLimits: CollectionConfig = {
  slug: 'quote-rate-limits',
  admin: { group: 'System', hidden: true },
  access: {
    create: nobody,
    read: admins,
    update: nobody,
    delete: admins,
  },
  fields: [
    { name: 'client', type: 'text', required: true, unique: true },
    { name: 'windowStartedAt', type: 'date', required: true },
    { name: 'hits', type: 'number', required: true },
  ],
  timestamps: true,
}
