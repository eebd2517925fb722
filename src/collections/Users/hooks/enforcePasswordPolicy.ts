import { APIError } from 'payload'
import type { CollectionBeforeOperationHook } from 'payload'

import { passwordProblem } from '@/lib/password-policy'

// The reason is the error's own message: a ValidationError's field messages reach REST
// clients only beside a generic summary.
export const enforcePasswordPolicy: CollectionBeforeOperationHook = async ({ args, operation }) => {
  if (!['create', 'update', 'updateByID', 'resetPassword'].includes(operation)) return args
  const password = (args as { data?: { password?: unknown } }).data?.password
  if (typeof password !== 'string') return args
  const problem = await passwordProblem(password)
  if (problem) throw new APIError(problem, 400, null, true)
  return args
}
