import type { CollectionBeforeValidateHook } from 'payload'

import { quoteFieldsSchema } from '@/lib/quote-schema'

type QuoteField = keyof typeof quoteFieldsSchema.shape
const QUOTE_FIELDS = Object.keys(quoteFieldsSchema.shape) as QuoteField[]

// Trimmed on every write path. A refused value is trimmed too, so whitespace alone is
// refused as missing.
export const normalizeQuoteFields: CollectionBeforeValidateHook = ({ data }) => {
  if (!data) return data
  for (const field of QUOTE_FIELDS) {
    const value: unknown = data[field]
    if (typeof value !== 'string') continue
    const parsed = quoteFieldsSchema.shape[field].safeParse(value)
    data[field] = parsed.success ? parsed.data : value.trim()
  }
  return data
}
