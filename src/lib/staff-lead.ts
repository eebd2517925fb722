import { isTextLeadEmail, TEXT_LEAD_EMAIL_DOMAIN } from './text-messages'

export const PHONE_OR_EMAIL_REQUIRED = 'Enter a phone number or an e-mail address.'
export const PHONE_CONSENT_NEEDS_PHONE =
  "Enter the customer's phone number to record their agreement to texts."
export const PHONE_CONSENT_DETAIL = 'By phone'

/** A phone or e-mail a person gave: not empty, and not the placeholder of a lead without an e-mail. */
export function isGivenContact(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && !isTextLeadEmail(value)
}

/**
 * The stored e-mail of a lead typed in without one: like a texted lead's, an address that
 * reaches nobody (RFC 2606's `.invalid`), so every e-mail to the customer is skipped and said so.
 */
export function noEmailAddress(phone: string): string {
  return `phone-${phone.replace(/\D/g, '')}@${TEXT_LEAD_EMAIL_DOMAIN}`
}

/** Recipients of the business's new-request e-mail, without the person who typed the lead in. */
export function withoutTypist(addresses: string[], typistEmail: string | null | undefined): string[] {
  const typist = (typistEmail ?? '').trim().toLowerCase()
  return typist ? addresses.filter((address) => address.trim().toLowerCase() !== typist) : addresses
}
