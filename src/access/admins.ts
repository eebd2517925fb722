import type { Access } from 'payload'

import { isAdmin } from './isApprovedStaff'

export const admins: Access = ({ req: { user } }) => isAdmin(user)
