import type { Access } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'
import { partnerDealership } from './isPartner'

// Creating: staff, or a partner (whose documents are then tied to its dealership by a hook).
export const staffOrPartner: Access = ({ req: { user } }) =>
  isApprovedStaff(user) || partnerDealership(user) !== null
