import { APIError } from 'payload'
import type { CollectionBeforeOperationHook } from 'payload'

// The spec's message for a create without a session; it runs before access control, whose
// generic refusal would say less. Scripts and jobs (access overridden) need no user.
export const requireSignedIn: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'create' && args.overrideAccess !== true && !req.user)
    throw new APIError('User not authenticated', 401, undefined, true)
  return args
}
