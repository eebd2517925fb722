import type { CollectionBeforeChangeHook } from 'payload'

// The first account ever created runs the business: an approved admin. Every later
// self-registered account waits for an admin's approval (DESIGN section 7); admins
// creating accounts choose role and approval through field access.
export const assignRoleOnCreate: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: 'users', overrideAccess: true, req })
  if (totalDocs === 0) {
    return { ...data, role: 'admin', approved: true }
  }
  return data
}
