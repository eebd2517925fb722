import { APIError } from 'payload'
import type { CollectionBeforeOperationHook, Field } from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'
import { passwordMatches } from '@/server/patches/payload-password-hash'

export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change it.'

// A session left open on a shared phone must not be enough to take the account over.
// An admin setting another account's password (on its owner's behalf) needs none.
export const requireCurrentPassword: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if ((operation !== 'update' && operation !== 'updateByID') || req.payloadAPI === 'local') return args
  const data = (args as { data?: { password?: unknown; currentPassword?: unknown } }).data
  if (typeof data?.password !== 'string' || !req.user) return args
  const id = (args as { id?: number | string }).id
  const self = id !== undefined && String(id) === String(req.user.id)
  if (!self && isAdmin(req.user) && id !== undefined) return args
  if (!self && id !== undefined) return args // the collection's access refuses it
  const account = await req.payload.db.findOne<{ id: number; hash?: string; salt?: string }>({
    collection: 'users',
    where: { id: { equals: req.user.id } },
    req,
  })
  const current = data.currentPassword
  if (!account || typeof current !== 'string' || !(await passwordMatches(account, current))) {
    throw new APIError(CURRENT_PASSWORD_NEEDED, 400, {}, true)
  }
  return args
}

// Sent with a password change, never stored or returned.
export const currentPasswordField: Field = {
  name: 'currentPassword',
  type: 'text',
  virtual: true,
  admin: {
    description: 'Needed only to change your own password.',
    condition: (data, _sibling, { user }) => Boolean(user && data?.id === user.id),
    components: { Field: '@/components/admin/current-password-field.client#CurrentPasswordField' },
  },
  hooks: { afterRead: [() => undefined] },
}
