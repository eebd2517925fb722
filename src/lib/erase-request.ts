import { phoneMatchKey } from '@/lib/text-messages'

// What an erased lead keeps in place of the customer's details: valid values, so the lead can
// still be moved along its statuses.
export const ERASED_LEAD = {
  firstName: 'Erased',
  lastName: 'Customer',
  email: 'erased@example.com',
  phone: '000-000-0000',
  description: 'Erased at the customer’s request.',
} as const

// What an erased customer's sent invoices and credit notes keep in place of who they were for:
// the books keep their number, dates, lines and money (a note to the customer may name them).
export const ERASED_BILL_TO = {
  customerName: 'Erased customer',
  customerEmail: null,
  customerAddress: null,
  note: null,
} as const

type Body = { email?: unknown; phone?: unknown; confirm?: unknown; leads?: unknown }

/**
 * Who to erase: the e-mail (any case); the phone's digits as typed on a form; and its E.164
 * key (the project's own rule), which a texted lead carries ("+15125550177") and a form's
 * "(512) 555-0177" too.
 */
export type EraseContact = { email: string | null; phoneDigits: string | null; phoneE164: string | null }

export const UNREADABLE_PHONE =
  'That phone number cannot be read: give its digits (at least 7), like (512) 555-0123.'

const PHONE_CHARACTERS = /^\+?[0-9().\-\s]+$/

export function parseEraseRequest(body: unknown): EraseContact {
  const b = (body ?? {}) as Body
  const email = typeof b.email === 'string' && b.email.trim() ? b.email.trim().toLowerCase() : null
  const phone = typeof b.phone === 'string' ? b.phone.trim() : ''
  const digits = PHONE_CHARACTERS.test(phone) ? phone.replace(/\D/g, '') : ''
  const readable = digits.length >= 7 && digits.length <= 15
  return {
    email,
    phoneDigits: readable ? digits : null,
    phoneE164: readable ? phoneMatchKey(phone) : null,
  }
}

export function eraseRequestError(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return 'Send the e-mail address or phone number to erase.'
  const { email, phoneDigits } = parseEraseRequest(body)
  const { phone } = body as Body
  // A phone given but not readable is refused, even beside an e-mail: erasing by the e-mail
  // alone would leave the leads of the number the owner meant.
  if (phone != null && (typeof phone !== 'string' || (phone.trim() && !phoneDigits))) return UNREADABLE_PHONE
  if (!email && !phoneDigits) return 'Give the customer’s e-mail address or phone number (at least 7 digits).'
  if ((body as Body).confirm !== true) return 'Confirm the erasure: it cannot be undone.'
  return null
}

/**
 * What a lead's own page erases by: its e-mail, and its phone when that can be read. A request
 * form takes a phone this refuses (two numbers in one field, say); sent as it is, the lead's
 * customer could not be erased from the lead's page.
 */
export function leadEraseContact(lead: { email: string; phone: string }): {
  email: string
  phone: string | null
} {
  return {
    email: lead.email,
    phone: parseEraseRequest({ phone: lead.phone }).phoneDigits ? lead.phone : null,
  }
}

/** The distinct lead ids the request lists, or null when it lists none or anything else. */
export function listedLeadIds(body: unknown): number[] | null {
  const leads = (body as Body | null)?.leads
  if (!Array.isArray(leads) || !leads.length || leads.length > 1000) return null
  if (!leads.every((id) => Number.isSafeInteger(id) && id > 0)) return null
  return [...new Set(leads as number[])]
}

// Requests that led to no job are erased this long after they came in (the privacy policy).
export const RETENTION_MONTHS = 12

// A lead whose invoices or payments the books keep is erased, not deleted: a delete would leave
// the customer's name on them (src/collections/Leads/hooks/removeLeadRecords.ts).
export const ERASE_INSTEAD_OF_DELETE =
  'This lead has a sent invoice or a payment, which the books keep with the customer’s name. To remove the customer, use “Erase customer data” on the lead instead.'
