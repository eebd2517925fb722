import { z } from 'zod'

import { SERVICE_TYPES } from '@/lib/catalog'
import { FIELD_MAX } from '@/lib/request-constants'
import type { ServiceType } from '@/lib/catalog'

// Used by the browser forms, the endpoint and the leads collection, so every way in accepts the same things.

// PostgreSQL refuses NUL outright; a description may keep its tabs and line breaks.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/
export const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

const required = (label: string, forbidden: RegExp = CONTROL_CHARACTERS) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .refine((v) => !forbidden.test(v), `${label} contains characters that are not allowed.`)

// Payload's own e-mail rule, applied to every write to leads: zod's alone passes addresses Payload refuses
// (maria@ex-.com). Copied as this runs in the browser; tests/unit/request-schema.unit.spec.ts catches drift.
export const PAYLOAD_EMAIL_PATTERN =
  /^(?!.*\.\.)[\w!#$%&'*+/=?^`{|}~-](?:[\w!#$%&'*+/=?^`{|}~.-]*[\w!#$%&'*+/=?^`{|}~-])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i
const INVALID_EMAIL = 'Enter a valid email address.'

export const requestFieldsSchema = z.object({
  firstName: required('First name').max(FIELD_MAX.firstName, 'First name is too long.'),
  lastName: required('Last name').max(FIELD_MAX.lastName, 'Last name is too long.'),
  phone: required('Phone')
    .max(FIELD_MAX.phone, 'Phone number is too long.')
    .regex(/^[0-9+().\-\s]*$/, 'Enter a valid phone number.')
    .refine((v) => v.replace(/\D/g, '').length >= 7, 'Enter a valid phone number.'),
  email: required('Email')
    .max(FIELD_MAX.email, 'Email is too long.')
    .pipe(z.email(INVALID_EMAIL).regex(PAYLOAD_EMAIL_PATTERN, INVALID_EMAIL)),
  description: required('Description', CONTROL_CHARACTERS_EXCEPT_LINES).max(
    FIELD_MAX.description,
    'Description is too long.',
  ),
})

// Optional: where the van goes and what it works on; the spec's required fields stay as they are.
const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${label} contains characters that are not allowed.`)
    .optional()

export const visitFieldsSchema = z.object({
  address: optional('Street address', FIELD_MAX.address),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'Enter a 5-digit ZIP code.')
    .optional(),
  vehicle: optional('Vehicle', FIELD_MAX.vehicle),
  wheelSize: optional('Wheel size', FIELD_MAX.wheelSize),
})

export const requestFormSchema = requestFieldsSchema.extend(visitFieldsSchema.shape)

// A visit is booked only to a place: the booking forms ask for the address the lead lacks.
export const visitAddressSchema = required('Street address').max(
  FIELD_MAX.address,
  'Street address is too long.',
)

export type RequestFields = z.infer<typeof requestFormSchema>

export const serviceTypeSchema = z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]], {
  error: 'Choose one of the offered services.',
})

export const submittedRequestSchema = requestFormSchema.extend({ serviceType: serviceTypeSchema })
export type SubmittedRequest = z.infer<typeof submittedRequestSchema>

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form')
    out[key] ??= issue.message
  }
  return out
}
