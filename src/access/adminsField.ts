import type { FieldAccess } from 'payload'

import { isAdmin } from './isApprovedStaff'

export const adminsField: FieldAccess = ({ req: { user } }) => isAdmin(user)
