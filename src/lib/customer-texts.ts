// What the business texts its customers, and when they agreed to it. Pure: the forms, the jobs
// and the unit tests share it.

// The quote forms' checkbox: unticked unless the visitor ticks it.
export const TEXT_CONSENT_FIELD = 'textConsent'
export const TEXT_CONSENT_VALUE = 'yes'
export const TEXT_CONSENT_LABEL = 'Text me about my request'

// The terms' section on texts, which the consent wording links to (A2P 10DLC asks for both).
export const TEXTS_TERMS_HEADING = 'Text messages'
export const TEXTS_TERMS_PATH = '/terms-of-service#text-messages'

/** The words under the checkbox, before the link to the terms' section. */
export const TEXT_CONSENT_WORDING =
  'We will text your quote link, your visit confirmation, a reminder the day before and when we are on our way. Message frequency varies. Message and data rates may apply. Reply STOP to opt out, HELP for help.'
export const TEXT_CONSENT_LINK_LABEL = 'Texting terms'

/** True when the form's checkbox was ticked (the browser sends its value only then). */
export function consentGiven(value: unknown): boolean {
  return typeof value === 'string' && ['yes', 'on', 'true'].includes(value.trim().toLowerCase())
}

/** An anchor for a policy heading: "Text messages" is #text-messages. */
export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const STOP_LINE = 'Reply STOP to opt out.'

export function quoteLinkText(businessName: string, link: string): string {
  return `${businessName}: your quote is ready. See it, accept it and book your visit here: ${link} ${STOP_LINE}`
}

export function invoiceLinkText(businessName: string, number: string, balance: string, link: string): string {
  return `${businessName}: invoice ${number}, ${balance} due. See it and how to pay here: ${link} ${STOP_LINE}`
}

export function receiptText(
  businessName: string,
  amount: string,
  number: string,
  balance: string,
  link: string | null,
): string {
  const rest = link ? ` Your receipt and invoice: ${link}` : ''
  return `${businessName}: we received ${amount} for invoice ${number}, thank you. Balance ${balance}.${rest} ${STOP_LINE}`
}

export function invoiceReminderText(
  businessName: string,
  number: string,
  balance: string,
  link: string,
): string {
  return `${businessName}: a reminder, invoice ${number}, ${balance} is still due. See it and how to pay here: ${link} ${STOP_LINE}`
}

export function visitConfirmationText(businessName: string, when: string, moved = false): string {
  return `${businessName}: your visit is ${moved ? 'moved to' : 'booked for'} ${when}. We will text you the day before. ${STOP_LINE}`
}

export const CONFIRM_PROMPT = 'Reply C to confirm'

export function visitReminderText(businessName: string, when: string): string {
  return `${businessName}: reminder, your visit is tomorrow, ${when}. ${CONFIRM_PROMPT}. ${STOP_LINE}`
}

/** A customer's answer to the reminder: "C", any case, with spaces around. */
export function isConfirmReply(body: string | null | undefined): boolean {
  return (body ?? '').trim().toUpperCase() === 'C'
}

export function visitConfirmedReply(businessName: string, when: string): string {
  return `${businessName}: thank you, your visit on ${when} is confirmed.`
}

export function onMyWayText(businessName: string): string {
  return `${businessName}: we are on our way to you now.`
}

/** True when `start` falls on today's date in the business's time zone (the "On my way" day). */
export function isBusinessToday(start: string | Date, timeZone: string, now = new Date()): boolean {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d)
  return day(new Date(start)) === day(now)
}

// A second tap within this window sends nothing (the van's driver tapped twice).
export const ON_MY_WAY_WINDOW_MINUTES = 5
