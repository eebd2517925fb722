import type { EmailFieldValidation, TextFieldSingleValidation, TextareaFieldValidation } from 'payload'
import { email, text, textarea } from 'payload/shared'

import { quoteFormSchema } from '@/lib/quote-schema'

type QuoteField = keyof typeof quoteFormSchema.shape

// Runs after Payload's own type checks, so API consumers and the forms share one set of rules
// and keep Payload's messages for what Payload already refuses.
function quoteRule(field: QuoteField, value: unknown): true | string {
  if (value == null || value === '') return true
  const result = quoteFormSchema.shape[field].safeParse(value)
  return result.success ? true : (result.error.issues[0]?.message ?? 'This value is not valid.')
}

export const validateQuoteText =
  (field: 'firstName' | 'lastName' | 'phone' | 'zip' | 'vehicle' | 'wheelSize'): TextFieldSingleValidation =>
  (value, args) => {
    const base = text(value, args)
    return base === true ? quoteRule(field, value) : base
  }

export const validateQuoteTextarea: TextareaFieldValidation = (value, args) => {
  const base = textarea(value, args)
  return base === true ? quoteRule('description', value) : base
}

export const validateQuoteEmail: EmailFieldValidation = (value, args) => {
  const base = email(value, args)
  return base === true ? quoteRule('email', value) : base
}
