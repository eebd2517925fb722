import { ValidationError } from 'payload'
import type { CollectionBeforeValidateHook } from 'payload'

import { CONTROL_CHARACTERS_EXCEPT_LINES } from '@/lib/request-schema'

// A NUL in a pasted cell made PostgreSQL refuse the insert (a 500); other control characters
// would be stored and shown on the partner's and the technician's pages. Tabs and line
// breaks stay (notes). Refused with the field's path, before anything is written.
function firstBadPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS_EXCEPT_LINES.test(value) ? path : null
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const bad = firstBadPath(item, `${path}.${i}`)
      if (bad) return bad
    }
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const bad = firstBadPath(item, path ? `${path}.${key}` : key)
      if (bad) return bad
    }
  }
  return null
}

export const refuseControlCharacters: CollectionBeforeValidateHook = ({ collection, data }) => {
  const bad = firstBadPath(data, '')
  if (bad) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ message: 'This field contains characters that are not allowed.', path: bad }],
    })
  }
  return data
}
