import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffField } from '@/access/approvedStaffField'
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '@/lib/lead-status'
import { SERVICE_TYPES, serviceTitle } from '@/lib/catalog'

import { validateStatusChange } from './hooks/validateStatusChange'

// Customers' quote requests. Anyone may create one (the quote forms, API consumers);
// only approved staff read or change them.
export const Leads: CollectionConfig = {
  slug: 'leads',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['firstName', 'lastName', 'phone', 'serviceType', 'status', 'createdAt'],
  },
  access: {
    create: anyone,
    read: approvedStaff,
    update: approvedStaff,
    delete: approvedStaff,
  },
  defaultSort: '-createdAt',
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'firstName', type: 'text', required: true, maxLength: 100 },
        { name: 'lastName', type: 'text', required: true, maxLength: 100 },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'phone', type: 'text', required: true, maxLength: 40 },
        { name: 'email', type: 'email', required: true },
      ],
    },
    { name: 'description', type: 'textarea', required: true, maxLength: 5000 },
    {
      name: 'photos',
      type: 'upload',
      relationTo: 'customer-uploads',
      hasMany: true,
      maxRows: 10,
    },
    {
      name: 'serviceType',
      type: 'select',
      required: true,
      options: SERVICE_TYPES.map((value) => ({ value, label: serviceTitle(value) })),
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'new',
      index: true,
      options: LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] })),
      // Whoever is not approved staff cannot choose a status: their leads start as new.
      access: { create: approvedStaffField },
      validate: validateStatusChange,
      admin: { position: 'sidebar' },
    },
  ],
  timestamps: true,
}
