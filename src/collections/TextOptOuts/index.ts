import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'
import { timestampFields } from '@/fields/timestamps'

// Numbers that texted STOP (or that the provider says did): nothing is texted to them until
// they text START. Written only by the server; staff can see who opted out.
export const TextOptOuts: CollectionConfig = {
  slug: 'text-opt-outs',
  labels: { singular: 'Text opt-out', plural: 'Text opt-outs' },
  admin: { useAsTitle: 'phone', group: 'System', defaultColumns: ['phone', 'reason', 'createdAt'] },
  access: { create: nobody, read: approvedStaff, update: nobody, delete: nobody },
  fields: [
    { name: 'phone', type: 'text', required: true, unique: true, index: true, maxLength: 40 },
    {
      name: 'reason',
      type: 'select',
      required: true,
      options: [
        { value: 'keyword', label: 'Texted a stop word' },
        { value: 'provider', label: 'Unsubscribed at the provider' },
      ],
    },
    { name: 'keyword', type: 'text', maxLength: 20 },
    ...timestampFields,
  ],
  timestamps: true,
}
