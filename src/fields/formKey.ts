import type { Field } from 'payload'

import { nobody } from '@/access/nobody'

// The form that made the record, with what it said (src/server/form-key.ts): the same form
// posted twice makes one record, on any instance. The server's to write, nobody's to read.
export const formKeyField: Field = {
  name: 'formKey',
  type: 'text',
  unique: true,
  index: true,
  access: { read: nobody, create: nobody, update: nobody },
  admin: { hidden: true },
}
