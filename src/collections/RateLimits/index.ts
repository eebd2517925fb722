import type { CollectionConfig } from 'payload'

import { admins } from '@/access/admins'
import { nobody } from '@/access/nobody'

// In PostgreSQL so limits hold across app instances; written only by src/server/rate-limit.ts.
// Admins may clear a row to lift a limit early.
export const RateLimits: CollectionConfig = {
  slug: 'rate-limits',
  admin: { group: 'System', hidden: true },
  access: {
    create: nobody,
    read: admins,
    update: nobody,
    delete: admins,
  },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true },
    { name: 'windowStartedAt', type: 'date', required: true },
    { name: 'hits', type: 'number', required: true },
  ],
  timestamps: true,
}
