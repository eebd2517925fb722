import { ON_MY_WAY_WINDOW_MINUTES } from '@/lib/customer-texts'
import { LEAD_NOTE_MAX } from '@/lib/lead-events'
import { TEXT_BODY_MAX } from '@/lib/text-messages'
import {
  LOST_LEAD_STATUS_ERROR,
  isLeadStatus,
  leadStatusChangeError,
  type LeadStatus,
} from '@/lib/lead-status'

// The lead actions that matter on the road, as plain forms: a tap posts before the page's
// script has loaded, and the answer is a redirect back to the view, which says what happened.
export type LeadFormAction =
  | 'status'
  | 'note'
  | 'text'
  | 'on-my-way'
  | 'payment'
  | 'invoice'
  | 'invoice-resend'
  | 'invoice-remind'
  | 'credit-note'
  | 'deposit'
  | 'deposit-waive'

/** Under Payload's API route (`/api`), as the quote page's endpoints are named. */
export const leadFormPath = (lead: number, action: LeadFormAction) => `/leads/${lead}/${action}`

export const isLeadFormPath = (pathname: string) =>
  /^\/api\/leads\/\d{1,15}\/(status|note|text|on-my-way|payment|invoice|invoice-resend|invoice-remind|credit-note|deposit|deposit-waive)$/.test(
    pathname,
  )

export const ON_MY_WAY_SENT = 'On my way texted to the customer'
export const PAYMENT_RECORDED = 'Payment recorded'
export const PAYMENT_RECEIPT_NOTE = 'The customer gets a receipt by e-mail.'
export const DEPOSIT_RECORDED = 'Deposit recorded'
export const DEPOSIT_WAIVED = 'Deposit waived'
export const WAIVE_REASON_MAX = 200

// Fixed texts chosen by a code in the address, never text from it: a crafted link cannot put
// words of its own on the back office.
export const LEAD_FORM_ERRORS = {
  status: 'Failed to update lead status',
  'status-step': "Failed to update lead status: a lead's status moves one step forward at a time.",
  'status-lost': LOST_LEAD_STATUS_ERROR,
  'note-empty': 'Write the note first.',
  'note-long': `A note can be at most ${LEAD_NOTE_MAX} characters.`,
  'note-characters': 'The note contains characters that are not allowed.',
  note: 'Failed to add the note',
  missing: 'This lead no longer exists.',
  'text-empty': 'Write the text first.',
  'text-long': `A text can be at most ${TEXT_BODY_MAX} characters.`,
  'text-characters': 'The text contains characters that are not allowed.',
  'text-opted-out': 'Not sent: this customer texted STOP and gets no texts until they text START.',
  'text-number': "Not sent: the lead's phone is not a number that can get texts.",
  'text-failed': 'The text could not be sent. The reason is on the timeline.',
  'text-consent': 'Not sent: tick that the customer agreed to texts first.',
  'on-my-way-visit': 'This lead has no visit today.',
  'on-my-way-recent': `The customer was texted "On my way" less than ${ON_MY_WAY_WINDOW_MINUTES} minutes ago; nothing was sent.`,
  'on-my-way-consent': 'The customer has not agreed to texts.',
  'on-my-way-opted-out': 'The customer has opted out of texts (texted STOP).',
  'on-my-way-failed': 'The text could not be sent. Try again in a moment.',
  'payment-amount': 'Enter the amount received in dollars and cents, for example 85.00.',
  'payment-method': 'Choose how the customer paid.',
  'payment-reference': 'The reference can be at most 100 characters, without special characters.',
  'payment-invoice': 'This lead has no sent invoice to record a payment on.',
  'payment-paid': 'This invoice is paid in full.',
  'payment-over': 'The amount is more than the invoice still owes; nothing was recorded.',
  'invoice-lines':
    "Check the invoice's lines: each needs a description, a quantity from 1 to 100 and a price in dollars and cents, for example 125.00.",
  'invoice-sent': 'This invoice was sent already: correct it with a credit note.',
  'invoice-missing': 'This invoice no longer exists.',
  'invoice-unsent': 'Send the invoice first.',
  'invoice-not-owed': 'This invoice is paid in full; nothing was sent.',
  'invoice-no-contact':
    "Add the customer's e-mail address, or record their agreement to texts, before sending the invoice.",
  'credit-amount': 'Enter the amount to credit in dollars and cents, at most what the invoice still owes.',
  'credit-reason': 'Say why, in at most 200 characters.',
  'deposit-amount': 'Enter the deposit received in dollars and cents, for example 55.00.',
  'deposit-small': 'That is less than the deposit this quote asks; nothing was recorded.',
  'deposit-large': "That is more than the quote's total; nothing was recorded.",
  'deposit-date': 'The day received is today or a recent day, never ahead.',
  'deposit-quote': "This lead's quote is not waiting for a deposit: send it first.",
  'deposit-settled': "This quote's deposit is paid or waived already; nothing was recorded.",
  'waive-reason': `Say why in at most ${WAIVE_REASON_MAX} characters, without special characters.`,
} as const
export type LeadFormError = keyof typeof LEAD_FORM_ERRORS

const isLeadFormError = (value: unknown): value is LeadFormError =>
  typeof value === 'string' && Object.hasOwn(LEAD_FORM_ERRORS, value)

/** Why a tap cannot move this lead to `to`, by the rules of validateStatusChange; null when it can. */
export function statusRefusal(lead: { status: string; lostReason?: string | null }, to: unknown) {
  if (!isLeadStatus(to)) return 'status-step' as const
  if (lead.status !== to && lead.lostReason) return 'status-lost' as const
  return leadStatusChangeError(lead.status, to) ? ('status-step' as const) : null
}

export type LeadFormOutcome =
  | { kind: 'status'; status: LeadStatus }
  | { kind: 'note' }
  | { kind: 'text' }
  | { kind: 'on-my-way' }
  | { kind: 'payment' }
  | { kind: 'deposit' }
  | { kind: 'deposit-waived' }
  | { kind: 'invoice'; what: InvoiceDone }
  | { kind: 'error'; error: LeadFormError }
  // Completing a lead whose visit is still ahead waits for a confirmation.
  | { kind: 'confirm-completed' }

// What an invoice form did, by the code in the address, with the channels the customer was told by.
export const INVOICE_DONE = {
  saved: 'Invoice saved',
  'sent-email': 'Invoice sent: we e-mailed the customer',
  'sent-text': 'Invoice sent: we texted the customer',
  'sent-both': 'Invoice sent: we e-mailed and texted the customer',
  'sent-none': 'Invoice numbered: the customer has no e-mail address or texts; give them the QR code',
  'credit-sent': 'Credit note sent',
  'reminded-email': 'Reminder sent: we e-mailed the customer',
  'reminded-text': 'Reminder sent: we texted the customer',
  'reminded-both': 'Reminder sent: we e-mailed and texted the customer',
} as const
export type InvoiceDone = keyof typeof INVOICE_DONE

// What the owner reads once a quote is sent, by how its link went (customerReach).
export const QUOTE_SENT_REACH = {
  email: 'We e-mailed the customer a link to accept it.',
  text: 'We texted the customer a link to accept it.',
  both: 'We e-mailed and texted the customer a link to accept it.',
  none: 'The customer has no e-mail address or texts: share the link yourself.',
} as const
export const quoteSentDescription = (reach: unknown): string =>
  Object.hasOwn(QUOTE_SENT_REACH, String(reach))
    ? QUOTE_SENT_REACH[reach as keyof typeof QUOTE_SENT_REACH]
    : QUOTE_SENT_REACH.email
const isInvoiceDone = (value: unknown): value is InvoiceDone =>
  typeof value === 'string' && Object.hasOwn(INVOICE_DONE, value)

// The address's words for each outcome; removed again once the page's script runs.
export const OUTCOME_PARAMS = ['done', 'error', 'confirm', 'invoice'] as const

export function outcomeParams(outcome: LeadFormOutcome): Record<string, string> {
  if (outcome.kind === 'status') return { done: outcome.status }
  if (outcome.kind === 'note') return { done: 'note' }
  if (outcome.kind === 'text') return { done: 'text' }
  if (outcome.kind === 'on-my-way') return { done: 'on-my-way' }
  if (outcome.kind === 'payment') return { done: 'payment' }
  if (outcome.kind === 'deposit') return { done: 'deposit' }
  if (outcome.kind === 'deposit-waived') return { done: 'deposit-waived' }
  if (outcome.kind === 'invoice') return { done: 'invoice', invoice: outcome.what }
  if (outcome.kind === 'error') return { error: outcome.error }
  return { confirm: 'completed' }
}

type Params = Record<string, string | string[] | undefined> | undefined
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

export function outcomeOf(params: Params): LeadFormOutcome | null {
  const done = one(params?.done)
  const error = one(params?.error)
  if (isLeadFormError(error)) return { kind: 'error', error }
  if (done === 'note') return { kind: 'note' }
  if (done === 'text') return { kind: 'text' }
  if (done === 'on-my-way') return { kind: 'on-my-way' }
  if (done === 'payment') return { kind: 'payment' }
  if (done === 'deposit') return { kind: 'deposit' }
  if (done === 'deposit-waived') return { kind: 'deposit-waived' }
  const invoice = one(params?.invoice)
  if (done === 'invoice' && isInvoiceDone(invoice)) return { kind: 'invoice', what: invoice }
  if (isLeadStatus(done)) return { kind: 'status', status: done }
  if (one(params?.confirm) === 'completed') return { kind: 'confirm-completed' }
  return null
}

// Where the question is on the lead's page: the browser scrolls to it.
export const COMPLETE_CONFIRM_ID = 'cbo-complete-confirm'

/** `back` (a back-office address) with this outcome's words in place of any earlier ones. */
export function withOutcome(back: string, outcome: LeadFormOutcome) {
  const url = new URL(back, 'http://site.invalid')
  for (const key of OUTCOME_PARAMS) url.searchParams.delete(key)
  for (const [key, value] of Object.entries(outcomeParams(outcome))) url.searchParams.set(key, value)
  const hash = outcome.kind === 'confirm-completed' ? `#${COMPLETE_CONFIRM_ID}` : ''
  return `${url.pathname}${url.search}${hash}`
}

export const TEXT_SENT = 'Text sent'

export type Notice = { tone: 'success' | 'error'; title: string; description: string | null }

// The same words as the notices the page's script shows (the spec's for a status change).
export function noticeOf(outcome: LeadFormOutcome | null): Notice | null {
  if (!outcome) return null
  if (outcome.kind === 'status')
    return {
      tone: 'success',
      title: 'Status Updated',
      description: `Lead status changed to ${outcome.status}`,
    }
  if (outcome.kind === 'note') return { tone: 'success', title: 'Note added', description: null }
  if (outcome.kind === 'text') return { tone: 'success', title: TEXT_SENT, description: null }
  if (outcome.kind === 'on-my-way') return { tone: 'success', title: ON_MY_WAY_SENT, description: null }
  if (outcome.kind === 'payment')
    return { tone: 'success', title: PAYMENT_RECORDED, description: PAYMENT_RECEIPT_NOTE }
  if (outcome.kind === 'deposit') return { tone: 'success', title: DEPOSIT_RECORDED, description: null }
  if (outcome.kind === 'deposit-waived') return { tone: 'success', title: DEPOSIT_WAIVED, description: null }
  if (outcome.kind === 'invoice')
    return { tone: 'success', title: INVOICE_DONE[outcome.what], description: null }
  if (outcome.kind === 'error')
    return { tone: 'error', title: 'Error', description: LEAD_FORM_ERRORS[outcome.error] }
  return null
}

/** What the owner is asked before a lead whose visit is still ahead is marked completed. */
export const completeWithVisitQuestion = (when: string) =>
  `The visit on ${when} is still ahead. Marking the lead completed cancels that visit and tells the customer.`
