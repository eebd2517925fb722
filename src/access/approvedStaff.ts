import type { Access } from 'payload'

import { isApprovedStaff } from './isApprovedStaff'

export const approvedStaff: Access = ({ req: { user } }) => isApprovedStaff(user)
