import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook } from 'payload'
import { APIError } from 'payload'

async function countOtherAdmins(req: Parameters<CollectionBeforeDeleteHook>[0]['req'], id: number | string) {
  const { totalDocs } = await req.payload.count({
    collection: 'users',
    overrideAccess: true,
    req,
    where: {
      and: [{ role: { equals: 'admin' } }, { approved: { equals: true } }, { id: { not_equals: id } }],
    },
  })
  return totalDocs
}

// The business must never lock itself out of its own admin.
export const protectLastAdminOnChange: CollectionBeforeChangeHook = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  const wasAdmin = originalDoc.role === 'admin' && originalDoc.approved === true
  const losesAdmin =
    (data.role !== undefined && data.role !== 'admin') ||
    (data.approved !== undefined && data.approved !== true)
  if (!wasAdmin || !losesAdmin) return data
  if (req.user && req.user.id === originalDoc.id) {
    throw new APIError('You cannot remove your own admin role or approval.', 400, null, true)
  }
  if ((await countOtherAdmins(req, originalDoc.id)) === 0) {
    throw new APIError('The last admin cannot be demoted or unapproved.', 400, null, true)
  }
  return data
}

export const protectLastAdminOnDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const user = await req.payload.findByID({ collection: 'users', id, overrideAccess: true, req, depth: 0 })
  if (user.role !== 'admin' || user.approved !== true) return
  if ((await countOtherAdmins(req, id)) === 0) {
    throw new APIError('The last admin cannot be removed.', 400, null, true)
  }
}
