import type { Access } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'
import { partnerDealership } from './isPartner'

// Staff: every document. A partner: its own dealership's only, as a query, so lists, reads by
// id, updates, deletes and stored files all narrow the same way (another's id answers 404).
export const staffOrOwnDealership: Access = ({ req: { user } }) => {
  if (isApprovedStaff(user)) return true
  const dealership = partnerDealership(user)
  return dealership === null ? false : { dealership: { equals: dealership } }
}
