import type { Access } from 'payload'

import { isAdmin } from './isApprovedStaff'

// Admins see every account; anyone else signed in sees only their own.
export const adminsOrSelf: Access = ({ req: { user } }) => {
  if (!user) return false
  if (isAdmin(user)) return true
  return { id: { equals: user.id } }
}
