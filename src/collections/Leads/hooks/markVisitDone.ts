import type { CollectionAfterChangeHook } from 'payload'

import type { Lead } from '@/payload-types'
import { markVisitDone } from '@/collections/Visits/bookings'

// A job marked completed on its visit's day (or once the visit began) marks that visit done, in
// the lead's transaction; a visit on a later day was asked about and cancelled before this.
export const markVisitDoneOnCompletion: CollectionAfterChangeHook<Lead> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || doc.status !== 'completed' || previousDoc?.status === 'completed') return doc
  await markVisitDone(req.payload, req, doc.id)
  return doc
}
