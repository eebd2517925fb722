import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'

// Addresses that asked for no more review requests (the link in that e-mail). Written only by
// the unsubscribe endpoint; staff can see who opted out.
export const ReviewOptOuts: CollectionConfig = {
  slug: 'review-opt-outs',
  labels: { singular: 'Review opt-out', plural: 'Review opt-outs' },
  admin: { useAsTitle: 'email', group: 'System', defaultColumns: ['email', 'createdAt'] },
  access: { create: nobody, read: approvedStaff, update: nobody, delete: nobody },
  fields: [{ name: 'email', type: 'email', required: true, unique: true, index: true }],
  timestamps: true,
}
