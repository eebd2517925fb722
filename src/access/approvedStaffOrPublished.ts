import type { Access } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'

// For collections with drafts: everyone else reads what is published.
export const approvedStaffOrPublished: Access = ({ req: { user } }) =>
  isApprovedStaff(user) ? true : { _status: { equals: 'published' } }
