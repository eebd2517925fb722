import type { Field } from 'payload'

import { nobody } from '@/access/nobody'

// Redeclared so no API caller can write them: a visitor could date a lead in 2099 and pin it
// to the top. Same shape as Payload's defaults, so the schema does not change.
const timestamp = (name: 'createdAt' | 'updatedAt', label: string): Field => ({
  name,
  label,
  type: 'date',
  index: true,
  access: { create: nobody, update: nobody },
  admin: { disableBulkEdit: true, hidden: true },
})

export const timestampFields: Field[] = [
  timestamp('updatedAt', 'Updated At'),
  timestamp('createdAt', 'Created At'),
]
