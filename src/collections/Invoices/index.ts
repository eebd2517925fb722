import type { CollectionConfig, Field } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffField } from '@/access/approvedStaffField'
import { nobody } from '@/access/nobody'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'
import {
  INVOICE_KINDS,
  INVOICE_KIND_LABELS,
  INVOICE_STATUSES,
  INVOICE_STATUS_LABELS,
  MAX_LINE_QUANTITY,
  MAX_UNIT_CENTS,
} from '@/lib/invoices'
import { lockRowsOf } from '@/hooks/lockRows'

import { sendInvoice } from './endpoints/sendInvoice'
import { expireDepositSessions } from './hooks/expireDepositSessions'
import { keepSentInvoices, priceInvoice } from './hooks/priceInvoice'

// Written by the server only: the number, the money and the invoice's life with the customer.
const serverOwned = { read: approvedStaffField, create: nobody, update: nobody }
const computed = (name: string, label: string): Field =>
  moneyField({ name, label, access: serverOwned, admin: { readOnly: true } })
const dated = (name: string, label: string): Field => ({
  name,
  label,
  type: 'date',
  access: serverOwned,
  admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
})

// A bill for a lead's job, or a credit note correcting one, in whole cents. A draft is the
// owner's to adjust; sending gives it the year's next number and makes it final.
export const Invoices: CollectionConfig = {
  slug: 'invoices',
  admin: {
    useAsTitle: 'number',
    group: 'Money',
    // Number, who, amount, state: what fits a phone's width.
    defaultColumns: ['number', 'customerName', 'totalCents', 'status'],
    description: 'Invoices and credit notes. A sent invoice is final: correct it with a credit note.',
  },
  access: {
    create: approvedStaff,
    read: approvedStaff,
    update: approvedStaff,
    delete: approvedStaff,
    readVersions: approvedStaff,
  },
  defaultSort: '-createdAt',
  endpoints: [sendInvoice],
  hooks: {
    beforeOperation: [lockRowsOf('invoices')],
    beforeChange: [priceInvoice],
    afterChange: [expireDepositSessions],
    beforeDelete: [keepSentInvoices],
  },
  fields: [
    // Not required in the table: a sent invoice outlives its lead's erasure (bookkeeping).
    { name: 'lead', type: 'relationship', relationTo: 'leads', index: true },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'invoice',
      options: INVOICE_KINDS.map((value) => ({ value, label: INVOICE_KIND_LABELS[value] })),
      admin: { position: 'sidebar' },
    },
    {
      name: 'corrects',
      label: 'Corrects invoice',
      type: 'relationship',
      relationTo: 'invoices',
      index: true,
      admin: { position: 'sidebar', condition: (data) => data?.kind === 'credit_note' },
    },
    {
      name: 'quote',
      type: 'relationship',
      relationTo: 'quotes',
      access: serverOwned,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      type: 'row',
      fields: [
        { name: 'customerName', type: 'text', maxLength: 200 },
        { name: 'customerEmail', type: 'email' },
      ],
    },
    { name: 'customerAddress', type: 'text', maxLength: 300 },
    {
      name: 'lines',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: 30,
      fields: [
        { name: 'description', type: 'text', required: true, maxLength: 200 },
        {
          type: 'row',
          fields: [
            {
              name: 'quantity',
              type: 'number',
              required: true,
              min: 1,
              max: MAX_LINE_QUANTITY,
              defaultValue: 1,
              admin: { step: 1 },
            },
            moneyField({
              name: 'unitCents',
              label: 'Unit price',
              required: true,
              min: 0,
              max: MAX_UNIT_CENTS,
            }),
            computed('amountCents', 'Amount'),
          ],
        },
      ],
    },
    moneyField({ name: 'discountCents', label: 'Discount', min: 0, defaultValue: 0 }),
    { name: 'note', type: 'textarea', maxLength: 1000 },
    {
      type: 'collapsible',
      label: 'Money',
      admin: { position: 'sidebar' },
      fields: [
        computed('subtotalCents', 'Subtotal'),
        computed('totalCents', 'Total'),
        computed('depositCents', 'Deposit paid'),
        computed('creditedCents', 'Credited'),
        computed('paidCents', 'Paid'),
        computed('balanceCents', 'Balance'),
      ],
    },
    // Not `required`: GraphQL would then ask every create for a status only the server sets.
    {
      name: 'status',
      type: 'select',
      defaultValue: 'draft',
      index: true,
      options: INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] })),
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'number',
      type: 'text',
      unique: true,
      index: true,
      access: serverOwned,
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'Given when the invoice is sent.',
        components: { Cell: '@/components/admin/invoice-number-cell#InvoiceNumberCell' },
      },
    },
    // The customer's link; hidden: the link itself is never stored (src/server/customer-link-token.ts).
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
        dated('sentAt', 'Sent'),
        dated('viewedAt', 'Opened'),
        dated('remindedAt', 'Reminded'),
        dated('paidAt', 'Paid'),
      ],
    },
    ...timestampFields,
  ],
  timestamps: true,
}
