import type { Access, Where } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'

// Staff read every promotion; everyone else reads only those the banner may show:
// active, and with no end date or one still in the future (spec section 5).
export const approvedStaffOrActivePromotion: Access = ({ req: { user } }) => {
  if (isApprovedStaff(user)) return true
  const live: Where = {
    and: [
      { isActive: { equals: true } },
      { or: [{ endDate: { exists: false } }, { endDate: { greater_than: new Date().toISOString() } }] },
    ],
  }
  return live
}
