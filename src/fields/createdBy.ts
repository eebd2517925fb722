import type { Field } from 'payload'

import { approvedStaffField } from '@/access/approvedStaffField'
import { nobody } from '@/access/nobody'

// Authorship is set by the server from the signed-in user on create and never changes;
// no API can write it, and only staff can read it.
export const createdByField: Field = {
  name: 'createdBy',
  type: 'relationship',
  relationTo: 'users',
  access: { create: nobody, update: nobody, read: approvedStaffField },
  admin: { position: 'sidebar', readOnly: true },
  hooks: {
    beforeChange: [
      ({ operation, originalDoc, req }) => {
        if (operation === 'create') return req.user?.collection === 'users' ? req.user.id : null
        return originalDoc?.createdBy ?? null
      },
    ],
  },
}
