import { z } from 'zod'

import { requestFieldsSchema } from '@/lib/request-schema'

// The hero's "Become a partner" form: a dealership asks to work with the business. It makes a
// lead whose channel says so (PARTNER_CHANNEL in lead-source.ts); the same rules as the quote forms.

export const PARTNER_PAGE = '/become-a-partner'
export const PARTNER_ENDPOINT = '/api/partner-enquiries'

export const PARTNER_FIELD_MAX = { dealership: 100, contactName: 200, phone: 40, email: 254 } as const
export const CARS_PER_MONTH_MAX = 10_000

export const PARTNER_ENQUIRY_SENT = 'Thank you! We will call you within 24 hours to set up your partnership.'
// Not the spec's (it has no limit): the quote forms' wording, for a dealership's enquiry.
export const PARTNER_RATE_LIMITED =
  'Too many partner enquiries from this connection. Please try again in a few minutes.'

const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${label} contains characters that are not allowed.`)

const CARS_MESSAGE = `Enter the number of cars a month, from 1 to ${CARS_PER_MONTH_MAX.toLocaleString('en-US')}.`

export const partnerEnquirySchema = z.object({
  dealership: text('Dealership', PARTNER_FIELD_MAX.dealership),
  // A lead has a first and a last name; the form asks for both in one field.
  contactName: text('Contact name', PARTNER_FIELD_MAX.contactName).refine(
    (v) => splitContactName(v) !== null,
    'Enter the contact’s first and last name.',
  ),
  phone: requestFieldsSchema.shape.phone,
  email: requestFieldsSchema.shape.email,
  carsPerMonth: z
    .string({ error: 'Cars a month is required.' })
    .trim()
    .min(1, 'Cars a month is required.')
    .regex(/^\d{1,5}$/, CARS_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= CARS_PER_MONTH_MAX, CARS_MESSAGE),
})

export type PartnerEnquiry = z.infer<typeof partnerEnquirySchema>
export type PartnerEnquiryField = keyof PartnerEnquiry
export const PARTNER_ENQUIRY_FIELDS = Object.keys(partnerEnquirySchema.shape) as PartnerEnquiryField[]

const NAME_PART_MAX = 100

/** "Maria de la Cruz" → first "Maria", last "de la Cruz"; null for a single word or a part too long. */
export function splitContactName(name: string): { firstName: string; lastName: string } | null {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length < 2) return null
  const firstName = words[0]
  const lastName = words.slice(1).join(' ')
  if (firstName.length > NAME_PART_MAX || lastName.length > NAME_PART_MAX) return null
  return { firstName, lastName }
}

/** What the back office reads in the lead's description. */
export function partnerEnquiryDescription({ dealership, carsPerMonth }: PartnerEnquiry): string {
  return `Partner enquiry from ${dealership}: about ${carsPerMonth} ${carsPerMonth === 1 ? 'car' : 'cars'} a month.`
}
