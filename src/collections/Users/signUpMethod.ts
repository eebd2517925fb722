import type { Field, PayloadRequest } from 'payload'

import { adminsField } from '@/access/adminsField'
import { isAdmin } from '@/access/isApprovedStaff'
import { nobody } from '@/access/nobody'

// Shown to the admin who approves the account. Set once by the server, never by a caller.
export const SIGN_UP_METHOD_CONTEXT = 'signUpMethod'

function signUpMethod(req: PayloadRequest): string {
  if (req.context[SIGN_UP_METHOD_CONTEXT] === 'google') return 'google'
  if (isAdmin(req.user)) return 'admin'
  return req.payloadAPI === 'local' ? 'server' : 'email'
}

export const signUpMethodField: Field = {
  name: 'signUpMethod',
  label: 'Created through',
  type: 'select',
  options: [
    { label: 'Sign-up with e-mail', value: 'email' },
    { label: 'Google sign-in', value: 'google' },
    { label: 'An admin', value: 'admin' },
    { label: 'The server (seed or script)', value: 'server' },
  ],
  access: { create: nobody, update: nobody, read: adminsField },
  admin: { position: 'sidebar', readOnly: true },
  hooks: {
    beforeChange: [
      ({ operation, originalDoc, req }) =>
        operation === 'create' ? signUpMethod(req) : (originalDoc?.signUpMethod ?? null),
    ],
  },
}
