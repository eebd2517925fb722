import type { CollectionAfterReadHook } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'

// Field access already hides every non-banner field from the public; the timestamps
// stay readable to access control so the banner can be sorted by creation (spec
// section 5), and are dropped here from what the public receives.
export const hideTimestampsFromPublic: CollectionAfterReadHook = ({ doc, overrideAccess, req }) => {
  if (overrideAccess || isApprovedStaff(req.user)) return doc
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = doc
  return rest
}
