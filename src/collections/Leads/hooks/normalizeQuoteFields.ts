import type { CollectionBeforeValidateHook } from 'payload'

import { quoteFormSchema } from '@/lib/quote-schema'

type QuoteField = keyof typeof quoteFormSchema.shape
const QUOTE_FIELDS = Object.keys(quoteFormSchema.shape) as QuoteField[]

// Trimmed on every write path. A refused value is trimmed too, so whitespace alone is
// refused as missing.
export const normalizeQuoteFields: CollectionBeforeValidateHook = ({ data }) => {
  if (!data) return data
  for (const field of QUOTE_FIELDS) {
    const value: unknown = data[field]
    if (typeof value !== 'string') continue
    const parsed = quoteFormSchema.shape[field].safeParse(value)
    data[field] = parsed.success ? parsed.data : value.trim()
  }
  return data
}
