import type { CollectionBeforeValidateHook } from 'payload'

import { quoteFieldsSchema } from '@/lib/quote-schema'

type QuoteField = keyof typeof quoteFieldsSchema.shape
const QUOTE_FIELDS = Object.keys(quoteFieldsSchema.shape) as QuoteField[]

// Every way a lead is written (quote endpoint, REST, GraphQL, admin, Local API) stores the
// text fields as the quote form's schema normalises them (trimmed). A value the schema
// refuses is still trimmed, so whitespace alone reaches validation as empty and is refused
// as missing; the fields' own validate functions (validateQuoteField.ts) report the rest.
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
