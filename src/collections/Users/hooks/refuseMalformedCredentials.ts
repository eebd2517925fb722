import { ValidationError } from 'payload'
import type { CollectionBeforeOperationHook } from 'payload'

import { assertRequestShape } from '@/lib/request-shape'

// Sign-up, login and account edits: e-mail and password must be text without NUL, else
// Payload fails on them (toLowerCase of a number, NUL refused by PostgreSQL) with a 500.
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
