import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig } from 'payload'
import { APIError } from 'payload'

import { admins } from '@/access/admins'
import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'
import { dealershipField } from '@/fields/dealership'
import { moneyField } from '@/fields/money'
import { timestampFields } from '@/fields/timestamps'
import { relationId } from '@/lib/invoices'

export const CARRIED_CREDIT_IS_FINAL = 'This credit is on an issued statement and cannot be changed.'

const refuseCarried = async (req: Parameters<CollectionBeforeDeleteHook>[0]['req'], id: number | string) => {
  const credit = await req.payload.findByID({
    collection: 'statement-credits',
    id,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })
  if (!credit) return
  // Carried to its end (its statement set), or in part: a statement already shows some of it.
  const carried =
    relationId(credit.statement) !== null ||
    (
      await req.payload.count({
        collection: 'statements',
        where: { 'creditLines.creditId': { equals: credit.id } },
        overrideAccess: true,
        req,
      })
    ).totalDocs > 0
  if (carried) throw new APIError(CARRIED_CREDIT_IS_FINAL, 400, null, true)
}

const keepCarriedCredits: CollectionBeforeChangeHook = async ({ operation, originalDoc, req, data }) => {
  if (operation === 'update' && originalDoc) await refuseCarried(req, originalDoc.id)
  return data
}

// A correction to an issued statement: an amount the dealership is owed, which the next
// statement issued for it carries as a credit line (once: the statement takes it in the same
// transaction). A statement carries no more than its wheels are worth, so what is left of a
// bigger credit stays pending for the statement after. Admins add and change a credit until a
// statement carries any of it; afterwards it is part of the record.
export const StatementCredits: CollectionConfig = {
  slug: 'statement-credits',
  admin: {
    group: 'Dealer partners',
    useAsTitle: 'description',
    defaultColumns: ['dealership', 'description', 'amountCents', 'statement', 'createdAt'],
    description:
      'A correction to an issued statement: the next statement of the dealership carries it as a credit line, up to that statement’s wheels; what is left goes on the one after.',
  },
  access: { create: admins, read: approvedStaff, update: admins, delete: admins },
  hooks: {
    beforeChange: [keepCarriedCredits],
    beforeDelete: [({ id, req }) => refuseCarried(req, id)],
  },
  fields: [
    dealershipField,
    { name: 'description', type: 'text', required: true, maxLength: 200 },
    moneyField({
      name: 'amountCents',
      label: 'Amount',
      required: true,
      min: 1,
      max: 10_000_000,
      validate: (value: unknown) =>
        (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10_000_000) ||
        'A credit is a whole number of cents, from 1 to 10,000,000.',
    }),
    {
      name: 'statement',
      type: 'relationship',
      relationTo: 'statements',
      index: true,
      // Written by the statement that carries it, never through the API.
      access: { create: nobody, update: nobody },
      admin: {
        readOnly: true,
        position: 'sidebar',
        description:
          'The statement that carried it (the last of it, when it was worth more than a statement and was carried in parts).',
      },
    },
    ...timestampFields,
  ],
  timestamps: true,
}
