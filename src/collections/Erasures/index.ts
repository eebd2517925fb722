import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'

// The record of each erasure, on a customer's request or by the retention job: who, why, when,
// how much. Never whose.
export const Erasures: CollectionConfig = {
  slug: 'erasures',
  labels: { singular: 'Erasure', plural: 'Erasures' },
  admin: { group: 'System', defaultColumns: ['createdAt', 'erasedBy', 'reason', 'leadCount', 'fileCount'] },
  access: { create: nobody, read: approvedStaff, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    // Kept when the account is later removed: the row then says only when and how much.
    { name: 'erasedBy', type: 'relationship', relationTo: 'users' },
    {
      name: 'reason',
      type: 'select',
      required: true,
      defaultValue: 'request',
      options: [
        { value: 'request', label: 'The customer’s request' },
        { value: 'retention', label: '12 months without a job' },
      ],
    },
    { name: 'leadCount', type: 'number', required: true },
    { name: 'fileCount', type: 'number', required: true },
  ],
  timestamps: true,
}
