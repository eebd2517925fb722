import type { CollectionAfterDeleteHook } from 'payload'

import type { Quote } from '@/payload-types'
import { queueDeletedQuoteSessionsExpiry } from '@/payments/depositSessions'

// A quote deleted (by staff, or by an erasure) asks no deposit: a Stripe page for one the
// customer still has open is expired, in the delete's transaction so it is queued with it.
export const expireDeletedQuoteSessions: CollectionAfterDeleteHook<Quote> = async ({ doc, req }) => {
  await queueDeletedQuoteSessionsExpiry(req.payload, req, doc.id)
}
