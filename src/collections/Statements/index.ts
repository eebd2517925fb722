import type { CollectionConfig, Field } from 'payload'

import { detailPage } from '@/components/admin/admin-config'

import { nobody } from '@/access/nobody'
import { staffOrOwnDealership } from '@/access/staffOrOwnDealership'
import { dealershipField } from '@/fields/dealership'
import { wheelPositionField, wheelServiceField } from '@/fields/wheel'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'

import { downloadStatement } from './endpoints/downloadStatement'
import { issueStatementsForAdmins } from './endpoints/issueStatementsForAdmins'
import { recordStatementPaymentForm } from './endpoints/recordStatementPayment'
import { keepIssuedStatements, keepStatementsFromDeletion } from './hooks/keepIssuedStatements'

const readOnly = <F extends Field>(field: F): F => ({ ...field, admin: { ...field.admin, readOnly: true } })
const cents = (name: string, label: string): Field => readOnly(moneyField({ name, label, required: true }))

// A dealership's monthly statement: every wheel done in the month at its unit price, the
// credits it carries and the total, numbered S<year>-NNNN. Issued by the monthly run
// (src/jobs/IssueStatements), final from then on; its partners read their own.
export const Statements: CollectionConfig = {
  slug: 'statements',
  admin: {
    group: 'Dealer partners',
    useAsTitle: 'number',
    defaultColumns: ['number', 'dealership', 'period', 'totalCents', 'paidCents', 'issuedAt'],
    components: {
      beforeListTable: ['@/components/admin/issue-statements.client#IssueStatements'],
      views: detailPage('@/components/admin/statement-page#StatementPage', 'Statement'),
    },
  },
  access: { create: nobody, read: staffOrOwnDealership, update: nobody, delete: nobody },
  // One statement per dealership and month, whatever the runners: the database refuses a second.
  indexes: [{ fields: ['dealership', 'period'], unique: true }],
  endpoints: [
    issueStatementsForAdmins,
    downloadStatement('pdf'),
    downloadStatement('csv'),
    downloadStatement('xlsx'),
    recordStatementPaymentForm,
  ],
  hooks: { beforeChange: [keepIssuedStatements], beforeDelete: [keepStatementsFromDeletion] },
  fields: [
    readOnly(dealershipField),
    readOnly({ name: 'number', type: 'text', required: true, unique: true }),
    readOnly({ name: 'period', label: 'Month (YYYY-MM)', type: 'text', required: true, index: true }),
    readOnly({
      name: 'issuedAt',
      type: 'date',
      required: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    }),
    // Where the next statement of the dealership starts: the month's end, or the moment an
    // admin issued the month before it ended.
    readOnly({ name: 'cutoffAt', type: 'date', required: true, admin: { hidden: true } }),
    // As on the day it was issued: renaming the dealership later changes no statement.
    readOnly({ name: 'dealershipName', type: 'text', required: true }),
    readOnly({ name: 'billingEmail', type: 'email', required: true }),
    // The bill-to address on its PDF: the dealership's address when the statement was issued.
    readOnly({ name: 'billingAddress', type: 'textarea' }),
    readOnly({ name: 'netTermsDays', label: 'Net terms (days)', type: 'number', required: true }),
    readOnly({
      name: 'lines',
      type: 'array',
      fields: [
        // The wheel's row id: a wheel is on one statement only.
        { name: 'wheelId', type: 'text', required: true, index: true, admin: { hidden: true } },
        { name: 'workOrderId', type: 'number', required: true, admin: { hidden: true } },
        { name: 'doneOn', label: 'Done on', type: 'text', required: true },
        { name: 'stockNumber', type: 'text', required: true },
        { name: 'vin', label: 'VIN', type: 'text', required: true },
        { name: 'poNumber', label: 'PO number', type: 'text' },
        { name: 'roNumber', label: 'RO number', type: 'text' },
        wheelPositionField,
        wheelServiceField,
        moneyField({ name: 'unitPriceCents', label: 'Unit price', required: true }),
      ],
    }),
    readOnly({
      name: 'creditLines',
      type: 'array',
      fields: [
        { name: 'creditId', type: 'number', required: true, admin: { hidden: true } },
        { name: 'description', type: 'text', required: true },
        moneyField({ name: 'amountCents', label: 'Amount', required: true }),
      ],
    }),
    cents('subtotalCents', 'Wheels'),
    cents('creditCents', 'Credits'),
    cents('totalCents', 'Total'),
    // What the dealership has paid against it ("Record a payment": recordPayment.ts), never more
    // than the total: the database checks it too (src/server/db-schema.ts).
    readOnly(moneyField({ name: 'paidCents', label: 'Paid', required: true, defaultValue: 0 })),
    // When its one overdue reminder was claimed (src/jobs/RemindOverdueStatements).
    readOnly({ name: 'remindedAt', type: 'date', admin: { hidden: true } }),
    ...timestampFields,
  ],
  timestamps: true,
}
