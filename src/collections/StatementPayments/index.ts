import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'
import { createdByField } from '@/fields/createdBy'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'
import { PAYMENT_REFERENCE_MAX } from '@/lib/money'
import { STATEMENT_PAYMENT_METHODS, STATEMENT_PAYMENT_METHOD_LABELS } from '@/lib/statement-balance'

// What a dealership paid against one of its statements (a check, an ACH transfer, a card), as
// the owner recorded it on the statement's page. Written only by that form, which takes the
// amount off the statement's balance in the same transaction
// (src/collections/Statements/recordPayment.ts); never edited or deleted, like the payments of
// invoices.
export const StatementPayments: CollectionConfig = {
  slug: 'statement-payments',
  admin: {
    group: 'Dealer partners',
    defaultColumns: ['statement', 'method', 'amountCents', 'receivedAt', 'reference'],
    description: 'Recorded from a statement’s page: “Record a payment”.',
  },
  access: { create: nobody, read: approvedStaff, update: nobody, delete: nobody },
  fields: [
    { name: 'statement', type: 'relationship', relationTo: 'statements', required: true, index: true },
    {
      name: 'method',
      type: 'select',
      required: true,
      options: STATEMENT_PAYMENT_METHODS.map((value) => ({
        value,
        label: STATEMENT_PAYMENT_METHOD_LABELS[value],
      })),
    },
    moneyField({ name: 'amountCents', label: 'Amount', required: true, min: 1 }),
    { name: 'receivedAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayOnly' } } },
    { name: 'reference', label: 'Reference (check no.)', type: 'text', maxLength: PAYMENT_REFERENCE_MAX },
    // One payment per rendered form and what it says: a second tap records nothing more.
    { name: 'formKey', type: 'text', unique: true, admin: { hidden: true } },
    createdByField,
    ...timestampFields,
  ],
  timestamps: true,
}
