// Under which agreement the owner texts a customer: the request form's box, the customer's own
// text, or their word on the phone recorded by staff. Pure, for the job page and the text form.

import { TEXT_CHANNEL } from '@/lib/lead-source'

export const TEXT_CONSENT_BASES = ['form', 'texted', 'phone'] as const
export type TextConsentBasis = (typeof TEXT_CONSENT_BASES)[number]

export const TEXT_CONSENT_BASIS_LABELS: Record<TextConsentBasis, string> = {
  form: 'Request form',
  texted: 'Customer texted first',
  phone: 'Agreed by phone',
}

/** Beside an owner's text on the job's timeline. */
export const consentBasisText = (basis: TextConsentBasis) => `Consent: ${TEXT_CONSENT_BASIS_LABELS[basis]}`

// The reply form's ask, for a customer who has not agreed yet: a plain checkbox's name and value.
export const REPLY_CONSENT_FIELD = 'consent'
export const REPLY_CONSENT_VALUE = 'phone'
export const REPLY_CONSENT_LABEL = 'The customer agreed to texts'
export const REPLY_CONSENT_NOTE = 'Your name and the time are recorded.'

export type ConsentingLead = {
  channel?: string | null
  textConsentAt?: string | null
  textConsentByPhone?: boolean | null
}

/**
 * The agreement the lead's texts go under, or null when the customer has given none: staff's
 * record of a phone call, the lead the customer's text started, the request form's box; else a
 * text the customer sent on this lead (`textedIn`).
 */
export function consentBasisOf(lead: ConsentingLead, textedIn: boolean): TextConsentBasis | null {
  if (lead.textConsentAt) {
    if (lead.textConsentByPhone) return 'phone'
    return lead.channel === TEXT_CHANNEL ? 'texted' : 'form'
  }
  return textedIn ? 'texted' : null
}
