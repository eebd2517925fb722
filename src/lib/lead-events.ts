import { LEAD_STATUS_LABELS, isLeadStatus } from '@/lib/lead-status'
import { type TextConsentBasis, consentBasisText } from '@/lib/text-consent'
import { type TextDirection, type TextStatus, textDeliveryText } from '@/lib/text-messages'

// What happened to a lead, for its timeline. Staff write notes; the server writes the rest.
export const LEAD_EVENT_KINDS = [
  'note',
  'status',
  'lost',
  'reopened',
  'quote_sent',
  'quote_viewed',
  'quote_accepted',
  'quote_changes',
  'email_sent',
  'email_failed',
  'visit_booked',
  'visit_moved',
  'visit_cancelled',
  'visit_confirmed',
  'visit_done',
  'text_sent',
  'text_failed',
  'photo_dropped',
  'text_opted_out',
  'text_opted_in',
  'text_consent',
  'text_consent_withdrawn',
  'invoice_sent',
  'invoice_reminded',
  'payment_received',
  'payment_refunded',
  'deposit_paid',
  'deposit_waived',
  'overpaid',
  'payment_check',
] as const
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number]

export const LEAD_EVENT_LABELS: Record<LeadEventKind, string> = {
  note: 'Note',
  status: 'Status changed',
  lost: 'Closed as lost',
  reopened: 'Reopened',
  quote_sent: 'Quote sent',
  quote_viewed: 'Quote opened by the customer',
  quote_accepted: 'Quote accepted',
  quote_changes: 'Changes requested',
  email_sent: 'E-mail delivered to the mail server',
  email_failed: 'E-mail failed',
  visit_booked: 'Visit booked',
  visit_moved: 'Visit moved',
  visit_cancelled: 'Visit cancelled',
  visit_done: 'Visit done',
  visit_confirmed: 'Visit confirmed by the customer',
  text_sent: 'Text sent',
  text_failed: 'Text failed',
  photo_dropped: 'Texted photo not added',
  text_opted_out: 'Texts stopped by the customer',
  text_opted_in: 'Texts allowed again by the customer',
  text_consent: 'Agreed to texts',
  text_consent_withdrawn: 'Agreement to texts withdrawn',
  invoice_sent: 'Invoice sent',
  invoice_reminded: 'Reminder sent',
  payment_received: 'Payment received',
  payment_refunded: 'Payment refunded',
  deposit_paid: 'Deposit paid',
  deposit_waived: 'Deposit waived',
  overpaid: 'Paid more than owed: refund the difference',
  payment_check: 'Card payment to check in Stripe',
}

export const LEAD_NOTE_MAX = 2000

// Closing a lead as lost leaves its status as it was: the spec's four states stay.
export const LOST_REASONS = ['declined', 'no_answer', 'out_of_area', 'duplicate'] as const
export type LostReason = (typeof LOST_REASONS)[number]

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  declined: 'Declined',
  no_answer: 'No answer',
  out_of_area: 'Out of area',
  duplicate: 'Duplicate',
}

export function isLostReason(value: unknown): value is LostReason {
  return typeof value === 'string' && (LOST_REASONS as readonly string[]).includes(value)
}

export function statusChangeText(from: unknown, to: unknown): string {
  const label = (s: unknown) => (isLeadStatus(s) ? LEAD_STATUS_LABELS[s] : String(s))
  return `${label(from)} → ${label(to)}`
}

export type TimelineEvent = {
  kind: LeadEventKind
  text?: string | null
  by?: string | null
  at: string
}

// A text with the customer: the conversation is part of the lead's story.
export type TimelineText = {
  direction: TextDirection
  body?: string | null
  status: TextStatus
  errorCode?: number | null
  errorMessage?: string | null
  photos?: number | null
  at: string
  // An owner's text: the staff account that sent it and the agreement it went under.
  by?: string | null
  consent?: TextConsentBasis | null
}

export type TimelineEntry = {
  at: string
  title: string
  detail: string | null
  by: string | null
  // Texts only: an outgoing one's delivery (a failed one says why), a received one's photos.
  text?: { direction: TextDirection; state: string | null; failed: boolean; consent?: string | null }
}

function textEntry(t: TimelineText): TimelineEntry {
  const photos = t.photos ? (t.photos === 1 ? 'With 1 photo' : `With ${t.photos} photos`) : null
  const delivery = t.direction === 'out' ? textDeliveryText(t.status, t.errorCode, t.errorMessage) : null
  return {
    at: t.at,
    title: t.direction === 'in' ? 'Text received' : 'Text sent',
    detail: t.body || null,
    by: t.by || null,
    text: {
      direction: t.direction,
      state: delivery?.label ?? photos,
      failed: delivery?.failed ?? false,
      consent: t.consent ? consentBasisText(t.consent) : null,
    },
  }
}

/** Newest first; the lead's creation (with where it came from) is always the last entry. */
export function timelineOf(
  lead: { createdAt: string; source: string; promo: string | null },
  events: TimelineEvent[],
  texts: TimelineText[] = [],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...events.map((e) => ({
      at: e.at,
      title: LEAD_EVENT_LABELS[e.kind],
      detail: e.text || null,
      by: e.by || null,
    })),
    ...texts.map(textEntry),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  const origin = lead.promo ? `${lead.source}, promo code ${lead.promo}` : lead.source
  entries.push({ at: lead.createdAt, title: 'Request received', detail: `From ${origin}`, by: null })
  return entries
}
