import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { approvedStaffField } from '@/access/approvedStaffField'
import { nobody } from '@/access/nobody'
import { formKeyField } from '@/fields/formKey'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'
import { PAYMENT_REFERENCE_MAX } from '@/lib/money'
import {
  MAX_PAYMENT_CENTS,
  PAYMENT_KINDS,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from '@/lib/invoices'

import { exportPayments } from './endpoints/exportPayments'
import { quickbooksInvoices, quickbooksPayments } from './endpoints/quickbooksExports'
import { recordByHand, settleAfterHandPayment } from './hooks/recordByHand'

const serverOwned = { read: approvedStaffField, create: nobody, update: nobody }

// Money received on an invoice, and money given back. Recorded by staff (at the van) or by
// Stripe's webhook; never edited or deleted through the API: the bookkeeper's trail stays
// whole, and a mistake is put right by a refund.
export const Payments: CollectionConfig = {
  slug: 'payments',
  admin: {
    group: 'Money',
    useAsTitle: 'id',
    // Invoice, who, amount, kind: what fits a phone's width.
    defaultColumns: ['invoice', 'lead', 'amountCents', 'kind'],
    description: 'Payments and refunds. Card payments online come from Stripe.',
  },
  access: {
    create: approvedStaff,
    read: approvedStaff,
    update: nobody,
    delete: nobody,
    readVersions: approvedStaff,
  },
  defaultSort: '-receivedAt',
  endpoints: [exportPayments, quickbooksInvoices, quickbooksPayments],
  hooks: { beforeChange: [recordByHand], afterChange: [settleAfterHandPayment] },
  fields: [
    { name: 'invoice', type: 'relationship', relationTo: 'invoices', index: true },
    // Not required in the table: a payment outlives its lead's erasure (bookkeeping).
    { name: 'lead', type: 'relationship', relationTo: 'leads', index: true },
    // A deposit's quote (and a refund of one): what the invoice drafted from it deducts.
    {
      name: 'quote',
      type: 'relationship',
      relationTo: 'quotes',
      index: true,
      access: serverOwned,
      admin: { readOnly: true },
    },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'payment',
      options: PAYMENT_KINDS.map((value) => ({ value, label: PAYMENT_KIND_LABELS[value] })),
      access: serverOwned,
      admin: { readOnly: true },
    },
    {
      name: 'method',
      type: 'select',
      required: true,
      options: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
    },
    moneyField({ name: 'amountCents', label: 'Amount', required: true, min: 1, max: MAX_PAYMENT_CENTS }),
    {
      name: 'reference',
      type: 'text',
      maxLength: PAYMENT_REFERENCE_MAX,
      admin: { description: 'Check number, Zelle note...' },
    },
    { name: 'receivedAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'recordedBy',
      type: 'relationship',
      relationTo: 'users',
      access: serverOwned,
      admin: { readOnly: true },
    },
    // Stripe's payment intent (a payment) or refund (re_...): one row each, however often
    // Stripe tells us.
    {
      name: 'stripeId',
      type: 'text',
      unique: true,
      index: true,
      access: serverOwned,
      admin: { readOnly: true },
    },
    moneyField({
      name: 'stripeFeeCents',
      label: 'Stripe fee',
      access: serverOwned,
      admin: { readOnly: true },
    }),
    // A refund's payment (one made through Stripe): never more given back than it took.
    {
      name: 'refundOf',
      type: 'relationship',
      relationTo: 'payments',
      index: true,
      access: serverOwned,
      admin: { readOnly: true },
    },
    // The lead page's payment form that recorded it (Leads/endpoints/paymentForm.ts).
    formKeyField,
    ...timestampFields,
  ],
  timestamps: true,
}
