import type { Access } from 'payload'

import { isAdmin } from './isApprovedStaff'

export const adminsOrSelf: Access = ({ req: { user } }) => {
  if (!user) return false
  return isAdmin(user) ? true : { id: { equals: (user as { id: number | string }).id } }
}
