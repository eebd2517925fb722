import type { CollectionAfterReadHook } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'

// Timestamps stay readable to access control so the banner can sort by creation; they are
// dropped here from what the public receives.
export const hideTimestampsFromPublic: CollectionAfterReadHook = ({ doc, overrideAccess, req }) => {
  if (overrideAccess || isApprovedStaff(req.user)) return doc
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = doc
  return rest
}
