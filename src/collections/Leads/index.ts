import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffField } from '@/access/approvedStaffField'
import { nobody } from '@/access/nobody'
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '@/lib/lead-status'
import { SERVICE_TYPES, serviceTitle } from '@/lib/catalog'

import { limitCreates } from './hooks/limitCreates'
import { queueQuoteEmails } from './hooks/queueQuoteEmails'
import { validatePhone } from './hooks/validatePhone'
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
  hooks: {
    beforeOperation: [limitCreates],
    afterChange: [queueQuoteEmails],
  },
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
        { name: 'phone', type: 'text', required: true, maxLength: 40, validate: validatePhone },
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
    {
      // The quote form's submission key: a retried or double-clicked submission finds the
      // lead it already made instead of making another (the unique index settles races).
      name: 'idempotencyKey',
      type: 'text',
      unique: true,
      index: true,
      maxLength: 100,
      access: { read: approvedStaffField, update: nobody },
      admin: { position: 'sidebar', readOnly: true, hidden: true },
    },
  ],
  timestamps: true,
}
