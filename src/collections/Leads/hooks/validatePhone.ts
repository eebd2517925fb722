import type { TextFieldSingleValidation } from 'payload'
import { text } from 'payload/shared'

import { quoteFieldsSchema } from '@/lib/quote-schema'

// The quote forms' phone rule (src/lib/quote-schema.ts) for every way a lead is written.
export const validatePhone: TextFieldSingleValidation = (value, args) => {
  const base = text(value, args)
  if (base !== true) return base
  if (value == null || value === '') return true
  const result = quoteFieldsSchema.shape.phone.safeParse(value)
  return result.success ? true : (result.error.issues[0]?.message ?? 'Enter a valid phone number.')
}
