import type { Access } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'
import { partnerDealership } from './isPartner'

// The dealerships collection itself: staff read all, a partner its own record only.
export const staffOrOwnDealershipRecord: Access = ({ req: { user } }) => {
  if (isApprovedStaff(user)) return true
  const dealership = partnerDealership(user)
  return dealership === null ? false : { id: { equals: dealership } }
}
