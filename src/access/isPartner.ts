import type { User } from '@/payload-types'

// A dealership's partner account: an approved account with the partner role, tied to one
// dealership. Never staff (isApprovedStaff checks the role), so every staff rule refuses it.
export function partnerDealership(user: unknown): number | null {
  if (!user || typeof user !== 'object') return null
  const u = user as User & { collection?: string }
  if (u.collection !== 'users' || u.role !== 'partner' || u.approved !== true) return null
  const d = u.dealership
  const id = typeof d === 'object' && d !== null ? d.id : d
  return typeof id === 'number' ? id : null
}
