import type { CollectionBeforeValidateHook } from 'payload'

import { requestFormSchema } from '@/lib/request-schema'

type RequestField = keyof typeof requestFormSchema.shape
const REQUEST_FIELDS = Object.keys(requestFormSchema.shape) as RequestField[]

// Trimmed on every write path. A refused value is trimmed too, so whitespace alone is
// refused as missing.
export const normalizeRequestFields: CollectionBeforeValidateHook = ({ data }) => {
  if (!data) return data
  for (const field of REQUEST_FIELDS) {
    const value: unknown = data[field]
    if (typeof value !== 'string') continue
    const parsed = requestFormSchema.shape[field].safeParse(value)
    data[field] = parsed.success ? parsed.data : value.trim()
  }
  return data
}
