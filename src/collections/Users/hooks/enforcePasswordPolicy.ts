import { ValidationError } from 'payload'
import type { CollectionBeforeOperationHook } from 'payload'

import { passwordProblem } from '@/lib/password-policy'

// Every way a password is set (sign-up, an account or admin changing it, the reset link)
// passes the operation's data through here before Payload hashes it.
export const enforcePasswordPolicy: CollectionBeforeOperationHook = async ({ args, operation }) => {
  if (!['create', 'update', 'updateByID', 'resetPassword'].includes(operation)) return args
  const password = (args as { data?: { password?: unknown } }).data?.password
  if (typeof password !== 'string') return args
  const problem = await passwordProblem(password)
  if (problem)
    throw new ValidationError({ collection: 'users', errors: [{ path: 'password', message: problem }] })
  return args
}
