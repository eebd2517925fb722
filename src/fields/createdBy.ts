import type { Field } from 'payload'

import { approvedStaffField } from '@/access/approvedStaffField'
import { nobody } from '@/access/nobody'

// Set by the server on create and never changed; no API writes it, only staff read it.
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
