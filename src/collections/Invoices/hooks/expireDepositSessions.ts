import type { CollectionAfterChangeHook } from 'payload'

import type { Invoice } from '@/payload-types'
import { relationId } from '@/lib/invoices'
import { queueDepositSessionsExpiry } from '@/payments/depositSessions'

// Invoiced, the job asks no deposit any more (the invoice deducts what was paid): a deposit
// session the customer still has open would take the money a second time. In the invoice's
// transaction, so the job is queued with it or not at all.
export const expireDepositSessions: CollectionAfterChangeHook<Invoice> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const lead = relationId(doc.lead)
  if (doc.kind !== 'invoice' || doc.status === 'void' || lead == null) return doc
  if (operation === 'update' && relationId(previousDoc?.lead) === lead) return doc
  await queueDepositSessionsExpiry(req.payload, req, lead)
  return doc
}
