// Texts with customers and the owner: keywords, numbers, statuses and the words the server sends.
// Pure, so the unit tests and any part of the app can use it.

import { PARTNER_CHANNEL, TEXT_CHANNEL } from '@/lib/lead-source'
import { alertExcerpt, ownerAlertText } from '@/lib/owner-alerts'

export const TEXT_DIRECTIONS = ['in', 'out'] as const
export type TextDirection = (typeof TEXT_DIRECTIONS)[number]

export const TEXT_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'undelivered', 'received'] as const
export type TextStatus = (typeof TEXT_STATUSES)[number]

export const TEXT_STATUS_LABELS: Record<TextStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  undelivered: 'Undelivered',
  received: 'Received',
}

// Carriers' words (CTIA) as the provider understands them: the whole message, any case.
const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']
const OPT_IN_WORDS = ['START', 'UNSTOP']
const HELP_WORDS = ['HELP', 'INFO']

export type TextKeyword = 'opt-out' | 'opt-in' | 'help'

/** The keyword a message is, or null. "Stop." and " stop " count; "stop by at 5" does not. */
export function textKeyword(body: string | null | undefined): TextKeyword | null {
  const word = (body ?? '')
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase()
  if (OPT_OUT_WORDS.includes(word)) return 'opt-out'
  if (OPT_IN_WORDS.includes(word)) return 'opt-in'
  if (HELP_WORDS.includes(word)) return 'help'
  return null
}

// The provider's statuses on our six: what a person needs to know about a text.
const PROVIDER_STATUSES: Record<string, TextStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  partially_delivered: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
  receiving: 'received',
  received: 'received',
}

export function textStatusOf(providerStatus: unknown): TextStatus | null {
  return typeof providerStatus === 'string' ? (PROVIDER_STATUSES[providerStatus.toLowerCase()] ?? null) : null
}

// Callbacks arrive in any order: a status only moves forward (a late "sent" never hides "delivered").
const STATUS_RANK: Record<TextStatus, number> = {
  queued: 0,
  sent: 1,
  received: 1,
  delivered: 2,
  failed: 3,
  undelivered: 3,
}

export const textStatusRank = (status: TextStatus) => STATUS_RANK[status]

export function statusMovesForward(from: TextStatus, to: TextStatus): boolean {
  return STATUS_RANK[to] >= STATUS_RANK[from]
}

// What the carriers' most common refusals mean, for the timeline (the provider's callbacks
// give only the code).
const ERROR_REASONS: Record<number, string> = {
  21211: 'not a valid phone number',
  21610: 'the customer has opted out (texted STOP)',
  21614: 'not a mobile number',
  30003: 'the phone is off or out of reach',
  30004: 'blocked by the customer or their carrier',
  30005: 'the number does not exist',
  30006: 'a landline, or a carrier that takes no texts',
  30007: 'filtered by the carrier as spam',
  30008: 'the carrier could not say why',
}

/** Why a text failed, in plain words first: the carriers' codes say more than their messages. */
export function textFailureReason(code: number | null | undefined, message?: string | null): string {
  const reason = (code ? ERROR_REASONS[code] : undefined) || message?.trim() || 'no reason given'
  return code ? `${reason} (error ${code})` : reason
}

/** An outgoing text's delivery, as the lead's timeline says it. */
export function textDeliveryText(
  status: TextStatus,
  code?: number | null,
  message?: string | null,
): { label: string; failed: boolean } {
  const failed = status === 'failed' || status === 'undelivered'
  const label = TEXT_STATUS_LABELS[status]
  return failed ? { label: `${label}: ${textFailureReason(code, message)}`, failed } : { label, failed }
}

// The provider's "unsubscribed recipient": the number texted STOP to it.
export const UNSUBSCRIBED_ERROR = 21610

/** A phone number in E.164 (+15125550123), US numbers without their country code included. */
export function toE164(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim()
  if (!/^\+?[0-9().\-\s]+$/.test(raw)) return null
  const digits = raw.replace(/\D/g, '')
  if (raw.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null
  if (digits.length === 10) return `+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return null
}

/**
 * The key a lead's phone is matched on (E.164 from its digits, however it was typed: "(512)
 * 555-0123", "512.555.0123 ", "1-512-555-0123"); null when no number can be read from it. The
 * migration lead_phone_e164 backfills with the same rule in SQL: change both together.
 */
export function phoneMatchKey(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim()
  const digits = raw.replace(/\D/g, '')
  if (raw.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null
  if (digits.length === 10) return `+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return null
}

/** The notification numbers of the site settings (comma-separated), and what is not a number. */
export function parsePhoneList(value: string | null | undefined): { numbers: string[]; invalid: string[] } {
  const numbers: string[] = []
  const invalid: string[] = []
  for (const item of (value ?? '').split(',').map((s) => s.trim())) {
    if (!item) continue
    const e164 = toE164(item)
    if (!e164) invalid.push(item)
    else if (!numbers.includes(e164)) numbers.push(e164)
  }
  return { numbers, invalid }
}

// One text holds at most this (ten segments); longer bodies are the provider's to refuse.
export const TEXT_BODY_MAX = 1600

const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

export function cleanTextBody(body: string | null | undefined): string {
  return (body ?? '').replace(CONTROL_EXCEPT_LINES, '').trim().slice(0, TEXT_BODY_MAX)
}

// A texted request names nobody: the lead's required fields say so rather than invent a name.
export const TEXT_LEAD_NAME = { firstName: 'Name not given', lastName: '(texted)' } as const
export const TEXT_LEAD_EMAIL_DOMAIN = 'no-email.invalid'
export const PHOTOS_ONLY_DESCRIPTION = '(Photos sent by text, without words.)'

export function isTextLeadEmail(email: string | null | undefined): boolean {
  return (email ?? '').toLowerCase().endsWith(`@${TEXT_LEAD_EMAIL_DOMAIN}`)
}

/** The fields of a lead started by a text from this number. */
export function textLeadFields(from: string, body: string) {
  return {
    ...TEXT_LEAD_NAME,
    phone: from,
    // `.invalid` is reserved (RFC 2606): an address that reaches nobody, and says so.
    email: `text-${from.replace(/\D/g, '')}@${TEXT_LEAD_EMAIL_DOMAIN}`,
    description: body || PHOTOS_ONLY_DESCRIPTION,
  }
}

export const HELP_REPLY_SUFFIX = 'Msg & data rates may apply. Reply STOP to opt out.'

export function helpReply(businessName: string, phone: string): string {
  return `${businessName}: questions or a quote? Call or text ${phone}. ${HELP_REPLY_SUFFIX}`
}

const ALERT_EXCERPT = 80
const excerpt = (text: string) => alertExcerpt(text, ALERT_EXCERPT)

export type AlertLead = {
  channel?: string | null
  firstName: string
  lastName: string
  phone: string
  description: string
  service: string
  dealershipName?: string | null
  carsPerMonth?: number | null
}

/**
 * The owner's text about a new lead: who, what, and where to open it. What the visitor typed
 * (names included) comes without links or addresses (ownerAlertText).
 */
export function leadAlertText(lead: AlertLead, link: string): string {
  const about =
    lead.channel === TEXT_CHANNEL
      ? `New text from ${lead.phone}: "${excerpt(lead.description)}"`
      : lead.channel === PARTNER_CHANNEL
        ? `New partner enquiry: ${excerpt(lead.dealershipName ?? '')}, about ${lead.carsPerMonth ?? '?'} cars a month, from ${lead.firstName} ${lead.lastName}, ${lead.phone}`
        : `New request: ${lead.service} from ${lead.firstName} ${lead.lastName}, ${lead.phone}: "${excerpt(lead.description)}"`
  return ownerAlertText(about, link)
}

export const MAX_TEXT_MEDIA = 10

export type InboundText = {
  sid: string
  from: string
  to: string
  body: string
  media: { url: string; contentType: string }[]
}

const MESSAGE_SID = /^[A-Z]{2}[0-9a-f]{32}$/i

/** A received text from the provider's webhook parameters; null when it is not one. */
export function parseInboundText(get: (name: string) => string | undefined): InboundText | null {
  const sid = get('MessageSid') ?? ''
  const from = (get('From') ?? '').startsWith('+') ? toE164(get('From')) : null
  const to = toE164(get('To'))
  const count = Number(get('NumMedia') || 0)
  if (!MESSAGE_SID.test(sid) || !from || !to || !Number.isInteger(count) || count < 0) return null
  const media: InboundText['media'] = []
  for (let i = 0; i < Math.min(count, MAX_TEXT_MEDIA); i++) {
    const url = get(`MediaUrl${i}`)
    if (url) media.push({ url, contentType: get(`MediaContentType${i}`) ?? '' })
  }
  return { sid, from, to, body: cleanTextBody(get('Body')), media }
}

export type StatusCallback = {
  sid: string
  status: TextStatus
  errorCode: number | null
  errorMessage: string | null
}

/** A delivery callback from the provider's webhook parameters; null when it is not one. */
export function parseStatusCallback(get: (name: string) => string | undefined): StatusCallback | null {
  const sid = get('MessageSid') ?? ''
  const status = textStatusOf(get('MessageStatus'))
  if (!MESSAGE_SID.test(sid) || !status) return null
  const code = Number(get('ErrorCode'))
  const errorMessage = cleanTextBody(get('ErrorMessage')).slice(0, 500) || null
  return { sid, status, errorCode: Number.isInteger(code) && code > 0 ? code : null, errorMessage }
}
