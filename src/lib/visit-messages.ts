// What the quote page says after a booking form was sent; no imports, for the page and the endpoints.
export type VisitOutcome =
  | 'booked'
  | 'cancelled'
  | 'taken'
  | 'not_offered'
  | 'too_late'
  | 'not_accepted'
  | 'deposit_due'
  | 'address_needed'
  | 'address_invalid'
  | 'lead_lost'
  | 'lead_completed'

export const VISIT_OUTCOME_MESSAGES: Record<VisitOutcome, string> = {
  booked: 'Your visit is booked. We e-mailed you the details and a calendar invitation.',
  cancelled: 'Your visit is cancelled.',
  taken: 'Sorry, that time was just taken. Please pick another.',
  not_offered: 'That time is not offered. Please pick one of the times shown.',
  too_late: 'It is too late to change this visit online. Please call us.',
  not_accepted: 'Accept the quote first, then pick a time.',
  deposit_due: 'Please pay the deposit first, then pick a time.',
  address_needed: 'Please enter the street address where we should come, then pick your time again.',
  address_invalid: 'That address could not be used. Please enter the street address on one line.',
  lead_lost: 'This request is closed. Please call us to book a visit.',
  lead_completed: 'This request is closed. Please call us to book a visit.',
}

// A booking's message by how the customer was told (customerReach): a customer who texted in
// has no e-mail address, and reads that the details came by text.
export const VISIT_BOOKED_BY_REACH = {
  email: VISIT_OUTCOME_MESSAGES.booked,
  text: 'Your visit is booked. We texted you the details.',
  both: 'Your visit is booked. We e-mailed you the details and a calendar invitation, and texted you.',
  none: 'Your visit is booked.',
} as const

// The HTTP status of each outcome, for the endpoints that answer in JSON.
export const VISIT_OUTCOME_STATUS: Record<VisitOutcome, number> = {
  booked: 200,
  cancelled: 200,
  taken: 409,
  not_offered: 400,
  too_late: 409,
  not_accepted: 409,
  deposit_due: 409,
  address_needed: 400,
  address_invalid: 400,
  lead_lost: 409,
  lead_completed: 409,
}

export function isVisitOutcome(value: unknown): value is VisitOutcome {
  // Own keys only: `in` also finds the prototype's ("__proto__", "toString").
  return typeof value === 'string' && Object.hasOwn(VISIT_OUTCOME_MESSAGES, value)
}

// Where the quote page posts its booking forms (under /api).
export const VISIT_LINK_ENDPOINTS = {
  book: '/quote-links/book',
  cancel: '/quote-links/cancel-visit',
} as const
