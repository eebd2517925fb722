import type { EmailFieldValidation, TextFieldSingleValidation, TextareaFieldValidation } from 'payload'
import { email, text, textarea } from 'payload/shared'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { PHONE_OR_EMAIL_REQUIRED, isGivenContact } from '@/lib/staff-lead'
import { requestFormSchema } from '@/lib/request-schema'

type RequestField = keyof typeof requestFormSchema.shape

// Runs after Payload's own type checks, so API consumers and the forms share one set of rules
// and keep Payload's messages for what Payload already refuses.
function requestRule(field: RequestField, value: unknown): true | string {
  if (value == null || value === '') return true
  const result = requestFormSchema.shape[field].safeParse(value)
  return result.success ? true : (result.error.issues[0]?.message ?? 'This value is not valid.')
}

type Args = {
  required?: boolean
  req: { user?: unknown }
  siblingData?: unknown
  operation?: string
  previousValue?: unknown
}

const blank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '')

// Staff typing in a customer who phoned need only a phone or an e-mail, and may fill the rest in
// later; a value once given is not emptied. The request forms and the public API keep every
// field the spec requires.
export function optionalForStaff<A extends Args>(args: A): A {
  const optional =
    isApprovedStaff(args.req.user) && (args.operation === 'create' || blank(args.previousValue))
  return optional ? { ...args, required: false } : args
}

function contactRule(field: 'phone' | 'email', value: unknown, args: Args): true | string {
  if (!isApprovedStaff(args.req.user) || isGivenContact(value)) return true
  const other = (args.siblingData as Record<string, unknown> | undefined)?.[
    field === 'phone' ? 'email' : 'phone'
  ]
  return isGivenContact(other) ? true : PHONE_OR_EMAIL_REQUIRED
}

export const validateRequestText =
  (
    field: 'firstName' | 'lastName' | 'phone' | 'address' | 'zip' | 'vehicle' | 'wheelSize',
  ): TextFieldSingleValidation =>
  (value, args) => {
    const base = text(value, optionalForStaff(args))
    if (base !== true) return base
    const contact = field === 'phone' ? contactRule('phone', value, args) : true
    return contact === true ? requestRule(field, value) : contact
  }

export const validateRequestTextarea: TextareaFieldValidation = (value, args) => {
  const base = textarea(value, optionalForStaff(args))
  return base === true ? requestRule('description', value) : base
}

export const validateRequestEmail: EmailFieldValidation = (value, args) => {
  const base = email(value, optionalForStaff(args))
  if (base !== true) return base
  const contact = contactRule('email', value, args)
  return contact === true ? requestRule('email', value) : contact
}
