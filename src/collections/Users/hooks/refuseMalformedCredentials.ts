import { ValidationError } from 'payload'
import type { CollectionBeforeOperationHook } from 'payload'

import { assertRequestShape } from '@/lib/request-shape'

// Non-text or NUL credentials would otherwise fail in Payload with a 500 (toLowerCase of a
// number, NUL refused by PostgreSQL).
export const refuseMalformedCredentials: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (
    operation === 'create' ||
    operation === 'update' ||
    operation === 'updateByID' ||
    operation === 'login'
  ) {
    assertRequestShape('users', args.data, ['email', 'password'])
    // No address is longer; a huge one would otherwise fail in the e-mail index (a 500).
    const email = (args.data as { email?: string } | undefined)?.email
    if (email && email.length > 254) {
      throw new ValidationError({
        collection: 'users',
        errors: [{ path: 'email', message: 'Email is too long.' }],
      })
    }
  }
  return args
}
