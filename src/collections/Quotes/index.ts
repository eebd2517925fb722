import type { CollectionConfig, Field } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffField } from '@/access/approvedStaffField'
import { nobody } from '@/access/nobody'
import { OFFERS } from '@/lib/catalog'
import { QUOTE_STATUSES, QUOTE_STATUS_LABELS, QUOTE_VALID_DAYS } from '@/lib/quote-status'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'
import { lockRowsOf } from '@/hooks/lockRows'

import { sendQuote } from './endpoints/sendQuote'
import { copyChangeToLead, copyDeleteToLead } from './hooks/copyToLead'
import { expireDeletedQuoteSessions } from './hooks/expireDeletedQuoteSessions'
import { priceQuoteLines } from './hooks/priceQuoteLines'

// Written by the server only: the prices, the totals and the quote's life with the customer.
const serverOwned = { read: approvedStaffField, create: nobody, update: nobody }
const computed = (name: string, label: string): Field =>
  moneyField({ name, label, access: serverOwned, admin: { readOnly: true } })

// A priced quote on a lead: its lines are priced on the server from the offers as published
// and the lead's promo code, in whole cents. Each save is kept as a version, so a revised
// quote keeps the one it replaces in its history.
export const Quotes: CollectionConfig = {
  slug: 'quotes',
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['lead', 'status', 'totalCents', 'validUntil', 'updatedAt'],
    description: 'Priced quotes sent to customers; written from a lead in Lead Management.',
  },
  access: {
    create: approvedStaff,
    read: approvedStaff,
    update: approvedStaff,
    delete: approvedStaff,
    // Payload lets any signed-in account read versions unless this is set.
    readVersions: approvedStaff,
  },
  versions: { maxPerDoc: 20 },
  defaultSort: '-createdAt',
  hooks: {
    beforeOperation: [lockRowsOf('quotes')],
    beforeChange: [priceQuoteLines],
    afterChange: [copyChangeToLead],
    afterDelete: [copyDeleteToLead, expireDeletedQuoteSessions],
  },
  endpoints: [sendQuote],
  fields: [
    { name: 'lead', type: 'relationship', relationTo: 'leads', required: true, index: true },
    {
      name: 'lines',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: 30,
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'kind',
              type: 'select',
              required: true,
              defaultValue: 'offer',
              options: [
                { value: 'offer', label: 'Offer' },
                { value: 'free', label: 'Other' },
              ],
            },
            {
              name: 'offer',
              type: 'select',
              options: OFFERS.map((o) => ({ value: o.key, label: o.title })),
              admin: { condition: (_data, sibling) => sibling?.kind !== 'free' },
            },
            {
              name: 'quantity',
              type: 'number',
              min: 1,
              max: 100,
              defaultValue: 1,
              admin: { step: 1, condition: (_data, sibling) => sibling?.kind !== 'free' },
            },
          ],
        },
        {
          type: 'row',
          fields: [
            {
              name: 'description',
              type: 'text',
              maxLength: 200,
              admin: { condition: (_data, sibling) => sibling?.kind === 'free' },
            },
            {
              name: 'amount',
              label: 'Amount (USD)',
              type: 'number',
              min: 0,
              max: 100000,
              admin: { condition: (_data, sibling) => sibling?.kind === 'free' },
            },
          ],
        },
        { name: 'title', type: 'text', access: serverOwned, admin: { readOnly: true } },
        computed('unitCents', 'Unit price'),
        computed('amountCents', 'Amount'),
      ],
    },
    { name: 'note', type: 'textarea', maxLength: 1000 },
    {
      name: 'validUntil',
      type: 'date',
      required: true,
      defaultValue: () => new Date(Date.now() + QUOTE_VALID_DAYS * 24 * 60 * 60 * 1000).toISOString(),
      admin: { date: { pickerAppearance: 'dayOnly' } },
    },
    {
      type: 'collapsible',
      label: 'Totals',
      admin: { position: 'sidebar' },
      fields: [
        computed('subtotalCents', 'Subtotal'),
        computed('deliveryFeeCents', 'Delivery fee'),
        computed('discountCents', 'Discount'),
        computed('totalCents', 'Total'),
        { name: 'promoCode', type: 'text', access: serverOwned, admin: { readOnly: true } },
        { name: 'promoNote', type: 'text', access: serverOwned, admin: { readOnly: true } },
      ],
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'draft',
      index: true,
      options: QUOTE_STATUSES.map((value) => ({ value, label: QUOTE_STATUS_LABELS[value] })),
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    // The customer's link and what came of it; hidden: the link itself is never stored.
    {
      name: 'tokenNonce',
      type: 'text',
      unique: true,
      index: true,
      access: { read: nobody, create: nobody, update: nobody },
      admin: { hidden: true },
    },
    {
      type: 'collapsible',
      label: 'With the customer',
      admin: { position: 'sidebar' },
      fields: [
        { name: 'sentAt', type: 'date', access: serverOwned, admin: { readOnly: true } },
        { name: 'viewedAt', type: 'date', access: serverOwned, admin: { readOnly: true } },
        { name: 'acceptedAt', type: 'date', access: serverOwned, admin: { readOnly: true } },
        { name: 'acceptedFrom', type: 'text', access: serverOwned, admin: { readOnly: true } },
        { name: 'changeRequest', type: 'textarea', access: serverOwned, admin: { readOnly: true } },
        { name: 'changeRequestedAt', type: 'date', access: serverOwned, admin: { readOnly: true } },
        // The owner let this quote go ahead without its deposit (the job page's Waive deposit).
        { name: 'depositWaivedAt', type: 'date', access: serverOwned, admin: { readOnly: true } },
        {
          name: 'depositWaivedBy',
          type: 'relationship',
          relationTo: 'users',
          access: serverOwned,
          admin: { readOnly: true },
        },
      ],
    },
    ...timestampFields,
  ],
  timestamps: true,
}
