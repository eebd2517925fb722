import type { FieldAccess } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'

export const approvedStaffField: FieldAccess = ({ req: { user } }) => isApprovedStaff(user)
