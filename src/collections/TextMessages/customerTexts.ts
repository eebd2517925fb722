import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { businessTimeZone } from '@/lib/business-time'
import { ON_MY_WAY_WINDOW_MINUTES, isBusinessToday, onMyWayText } from '@/lib/customer-texts'
import { ERASED_LEAD } from '@/lib/erase-request'
import { type ConsentingLead, consentBasisOf } from '@/lib/text-consent'
import { isTextLeadEmail, phoneMatchKey, toE164 } from '@/lib/text-messages'
import { isOptedOut } from '@/collections/TextOptOuts/optOuts'
import { dbOf } from '@/server/db'

import { type SendOutcome, sendTextOnce } from './sendText'

type Rows<T> = { rows: T[] }

export type TextableLead = ConsentingLead & {
  id: number
  phone: string
  email?: string | null
  erasedAt?: string | null
}

/** True when the customer agreed to texts (the form's box, or a text of theirs) and is not erased. */
export const mayText = (lead: TextableLead) =>
  Boolean(lead.textConsentAt) && !lead.erasedAt && lead.email !== ERASED_LEAD.email

export type Reach = 'email' | 'text' | 'both' | 'none'

/**
 * How a message to the customer reaches them, for what the page then says ("we e-mailed", "we
 * texted", both): e-mail to a real address, a text with consent to a number that did not opt out.
 */
export async function customerReach(
  payload: Payload,
  lead: TextableLead,
  email = lead.email,
): Promise<Reach> {
  const mailed = Boolean(email) && !isTextLeadEmail(email) && email !== ERASED_LEAD.email
  const phone = toE164(lead.phone)
  const texted = mayText(lead) && phone !== null && !(await isOptedOut(payload, phone))
  return mailed && texted ? 'both' : mailed ? 'email' : texted ? 'text' : 'none'
}

/**
 * A text to the lead's customer, once per key whatever the runners, on the lead's timeline with
 * the agreement it went under, and who tapped for it when someone did (`sentBy`). Nothing
 * without their consent; an opted-out number is refused by sendText, on every path.
 */
export async function textCustomerOnce(
  payload: Payload,
  lead: TextableLead,
  key: string,
  body: string,
  what: string,
  sentBy: number | null = null,
): Promise<SendOutcome | null> {
  if (!mayText(lead)) return null
  const consentBasis = consentBasisOf(lead, false)
  return sendTextOnce(
    payload,
    key,
    { to: lead.phone, body, lead: lead.id, consentBasis, sentBy },
    { lead: lead.id, what },
  )
}

/**
 * The customer's "C" to the reminder: the visit the latest reminder to their number was sent
 * for is confirmed, once, in the webhook's transaction, whichever lead of that number is newer;
 * without a reminder, the upcoming visit of `lead` (the number's lead the text went to). The
 * visit and its lead when this text confirmed one, else null (none ahead, or done already).
 */
export async function confirmVisitByReply(
  payload: Payload,
  req: Partial<PayloadRequest>,
  phone: string,
  lead: number | null,
): Promise<{ visit: number; lead: number } | null> {
  const db = await dbOf(payload, req)
  const { rows } = (await db.execute(sql`
    UPDATE visits SET confirmed_at = now(), updated_at = now()
    WHERE id = (
      SELECT v.id FROM visits v JOIN leads l ON l.id = v.lead_id
      WHERE l.phone_e164 = ${phoneMatchKey(phone)} AND l.erased_at IS NULL
        AND v.cancelled_at IS NULL AND v.start > now() AND v.confirmed_at IS NULL
        AND (v.reminder_sent_at IS NOT NULL OR v.lead_id = ${lead})
      ORDER BY v.reminder_sent_at DESC NULLS LAST, v.start, v.id
      LIMIT 1 FOR UPDATE OF v)
    AND confirmed_at IS NULL
    RETURNING id, lead_id`)) as unknown as Rows<{ id: number | string; lead_id: number | string }>
  if (!rows[0]) return null
  const confirmed = { visit: Number(rows[0].id), lead: Number(rows[0].lead_id) }
  await recordLeadEvent(payload, req, {
    lead: confirmed.lead,
    kind: 'visit_confirmed',
    text: 'By text (replied C)',
  })
  return confirmed
}

export type OnMyWay = 'sent' | 'recent' | 'no-consent' | 'opted-out' | 'failed' | 'not-today'

/**
 * The "On my way" text of a live visit today. The tap is claimed on the visit's row by one
 * conditional UPDATE, so two taps within the window (any instance) send one text.
 */
export async function textOnMyWay(
  payload: Payload,
  leadId: number,
  visit: number,
  sentBy: number | null = null,
): Promise<OnMyWay> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  const timeZone = businessTimeZone(settings.timeZone)
  const found = await payload.findByID({
    collection: 'visits',
    id: visit,
    depth: 1,
    overrideAccess: true,
    disableErrors: true,
  })
  const lead = found && typeof found.lead === 'object' ? found.lead : null
  if (!found || lead?.id !== leadId || found.cancelledAt || !isBusinessToday(found.start, timeZone))
    return 'not-today'
  if (!lead || !mayText(lead)) return 'no-consent'
  const db = await dbOf(payload)
  const window = `${ON_MY_WAY_WINDOW_MINUTES} minutes`
  const { rows } = (await db.execute(sql`
    UPDATE visits SET on_my_way_at = now(), updated_at = now()
    WHERE id = ${visit} AND cancelled_at IS NULL
      AND (on_my_way_at IS NULL OR on_my_way_at <= now() - ${window}::interval)
    RETURNING on_my_way_at::text AS at`)) as unknown as Rows<{ at: string }>
  if (!rows[0]) return 'recent'
  const claimed = rows[0].at
  let outcome: SendOutcome | null = null
  try {
    outcome = await textCustomerOnce(
      payload,
      lead,
      `on-my-way:${visit}:${claimed}`,
      onMyWayText(settings.businessName),
      'On my way text to the customer',
      sentBy,
    )
  } catch (error) {
    // On the timeline already (sendTextOnce); the owner is told and may tap again.
    payload.logger.error({ err: error, msg: 'on my way text: the provider could not be reached' })
  }
  if (outcome?.status === 'sent') return 'sent'
  // Not sent: the claim goes, so a tap once the cause is fixed is not refused as a repeat.
  await db.execute(
    sql`UPDATE visits SET on_my_way_at = NULL WHERE id = ${visit} AND on_my_way_at = ${claimed}::timestamptz`,
  )
  return outcome?.status === 'opted-out' ? 'opted-out' : 'failed'
}
