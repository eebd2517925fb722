import type { Access, Where } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'

// Everyone else reads only what the banner may show: published, active and not yet ended.
export const approvedStaffOrActivePromotion: Access = ({ req: { user } }) => {
  if (isApprovedStaff(user)) return true
  const live: Where = {
    and: [
      { _status: { equals: 'published' } },
      { isActive: { equals: true } },
      { or: [{ endDate: { exists: false } }, { endDate: { greater_than: new Date().toISOString() } }] },
    ],
  }
  return live
}
