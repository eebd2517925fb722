import type { EmailFieldValidation, TextFieldSingleValidation, TextareaFieldValidation } from 'payload'
import { email, text, textarea } from 'payload/shared'

import { requestFormSchema } from '@/lib/request-schema'

type RequestField = keyof typeof requestFormSchema.shape

// Runs after Payload's own type checks, so API consumers and the forms share one set of rules
// and keep Payload's messages for what Payload already refuses.
function requestRule(field: RequestField, value: unknown): true | string {
  if (value == null || value === '') return true
  const result = requestFormSchema.shape[field].safeParse(value)
  return result.success ? true : (result.error.issues[0]?.message ?? 'This value is not valid.')
}

export const validateRequestText =
  (
    field: 'firstName' | 'lastName' | 'phone' | 'address' | 'zip' | 'vehicle' | 'wheelSize',
  ): TextFieldSingleValidation =>
  (value, args) => {
    const base = text(value, args)
    return base === true ? requestRule(field, value) : base
  }

export const validateRequestTextarea: TextareaFieldValidation = (value, args) => {
  const base = textarea(value, args)
  return base === true ? requestRule('description', value) : base
}

export const validateRequestEmail: EmailFieldValidation = (value, args) => {
  const base = email(value, args)
  return base === true ? requestRule('email', value) : base
}
