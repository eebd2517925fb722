import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'
import { timestampFields } from '@/fields/timestamps'
import { TEXT_CONSENT_BASES, TEXT_CONSENT_BASIS_LABELS } from '@/lib/text-consent'
import { TEXT_BODY_MAX, TEXT_STATUSES, TEXT_STATUS_LABELS } from '@/lib/text-messages'

import { openConversation } from './endpoints/openConversation'

// Every text with a customer or the owner, in and out. Only the server writes them (the
// webhooks, the jobs); approved staff read them. Rows go with their lead.
export const TextMessages: CollectionConfig = {
  slug: 'text-messages',
  labels: { singular: 'Text message', plural: 'Text messages' },
  admin: {
    group: 'System',
    useAsTitle: 'body',
    defaultColumns: ['direction', 'fromNumber', 'toNumber', 'body', 'status', 'lead', 'createdAt'],
  },
  access: { create: nobody, read: approvedStaff, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  endpoints: [openConversation],
  fields: [
    {
      name: 'direction',
      type: 'select',
      required: true,
      options: [
        { value: 'in', label: 'Received' },
        { value: 'out', label: 'Sent' },
      ],
    },
    { name: 'lead', type: 'relationship', relationTo: 'leads', index: true },
    // The business's alert about its lead, sent to the owner's own phone: it goes with the lead,
    // and the timeline tells it by its event rather than as a text with the customer.
    { name: 'toBusiness', label: 'To the business', type: 'checkbox', defaultValue: false },
    {
      type: 'row',
      fields: [
        { name: 'fromNumber', label: 'From', type: 'text', required: true, maxLength: 40 },
        { name: 'toNumber', label: 'To', type: 'text', required: true, maxLength: 40, index: true },
      ],
    },
    { name: 'body', type: 'textarea', maxLength: TEXT_BODY_MAX },
    {
      // The provider's MessageSid: its retries and every instance find the one row (unique index).
      name: 'providerMessageId',
      label: 'Provider message id',
      type: 'text',
      unique: true,
      index: true,
      maxLength: 64,
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      options: TEXT_STATUSES.map((value) => ({ value, label: TEXT_STATUS_LABELS[value] })),
    },
    {
      type: 'row',
      fields: [
        { name: 'errorCode', label: 'Error code', type: 'number' },
        { name: 'errorMessage', label: 'Error', type: 'text', maxLength: 500 },
      ],
    },
    // A text the owner typed on the job page: the staff account that sent it, and the customer's
    // agreement it went under. Empty for the server's own texts and received ones.
    {
      type: 'row',
      fields: [
        { name: 'sentBy', label: 'Sent by', type: 'relationship', relationTo: 'users' },
        {
          name: 'consentBasis',
          label: 'Consent',
          type: 'select',
          options: TEXT_CONSENT_BASES.map((value) => ({ value, label: TEXT_CONSENT_BASIS_LABELS[value] })),
        },
      ],
    },
    // The photos a received text carried, once fetched and cleaned (the lead's photos too).
    { name: 'media', type: 'upload', relationTo: 'customer-uploads', hasMany: true, maxRows: 10 },
    { name: 'mediaCount', label: 'Attachments sent', type: 'number', defaultValue: 0 },
    // Set by the one runner that stores the attachments, so a retried job stores none twice.
    { name: 'mediaStoredAt', label: 'Attachments stored', type: 'date' },
    ...timestampFields,
  ],
  timestamps: true,
}
