import type { User } from '@/payload-types'

// The one definition of "approved staff" every access rule builds on.
export const isApprovedStaff = (user: unknown): user is User =>
  Boolean(
    user &&
    typeof user === 'object' &&
    (user as { collection?: string }).collection === 'users' &&
    (user as User).approved === true &&
    ((user as User).role === 'admin' || (user as User).role === 'staff'),
  )

export const isAdmin = (user: unknown): user is User => isApprovedStaff(user) && user.role === 'admin'
