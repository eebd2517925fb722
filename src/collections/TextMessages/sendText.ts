import type { Payload } from 'payload'

import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { isOptedOut, recordOptOut } from '@/collections/TextOptOuts/optOuts'
import { recordProviderId } from '@/collections/TextMessages/updateStatus'
import type { TextConsentBasis } from '@/lib/text-consent'
import { UNSUBSCRIBED_ERROR, cleanTextBody, textStatusOf, toE164 } from '@/lib/text-messages'
import { deliverOnce } from '@/server/email-delivery'
import { ProviderRefused, sendThroughProvider, textingNumber } from '@/server/texts/provider'

export type OutgoingText = {
  to: string
  body: string
  lead?: number | null
  // The business's alert about the lead, to the owner's own number (not the customer's).
  toBusiness?: boolean
  // Only the answer to HELP: carriers require it even for a number that opted out.
  evenIfOptedOut?: boolean
  // A text staff typed: who sent it and under which of the customer's agreements.
  sentBy?: number | null
  consentBasis?: TextConsentBasis | null
}

export type SendOutcome =
  | { status: 'sent'; messageId: number; sid: string }
  | { status: 'opted-out'; to: string }
  | { status: 'invalid-number' }
  | { status: 'refused'; messageId: number; code: number | null; reason: string }

/**
 * Sends one text, recorded in text-messages whatever happens, unless its number opted out
 * (and it is not the answer to HELP).
 * Throws when the provider could not be reached (a retry may succeed; this attempt stays
 * recorded as failed). `beforeSend` runs just before the provider is asked.
 */
export async function sendText(
  payload: Payload,
  text: OutgoingText,
  options: { beforeSend?: () => Promise<void> } = {},
): Promise<SendOutcome> {
  const to = toE164(text.to)
  if (!to) return { status: 'invalid-number' }
  if (!text.evenIfOptedOut && (await isOptedOut(payload, to))) return { status: 'opted-out', to }
  const body = cleanTextBody(text.body)
  if (!body) throw new Error('A text needs words.')
  // Outside any transaction: the attempt is on record even when the caller rolls back.
  const message = await payload.create({
    collection: 'text-messages',
    data: {
      direction: 'out',
      lead: text.lead ?? null,
      toBusiness: text.toBusiness === true,
      fromNumber: textingNumber(),
      toNumber: to,
      body,
      status: 'queued',
      sentBy: text.sentBy ?? null,
      consentBasis: text.consentBasis ?? null,
    },
    overrideAccess: true,
    depth: 0,
  })
  const record = (data: Record<string, unknown>) =>
    payload.update({ collection: 'text-messages', id: message.id, data, overrideAccess: true, depth: 0 })
  await options.beforeSend?.()
  try {
    const sent = await sendThroughProvider({ to, body, messageId: message.id })
    await recordProviderId(payload, message.id, { ...sent, status: textStatusOf(sent.status) ?? 'queued' })
    return { status: 'sent', messageId: message.id, sid: sent.sid }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const code = error instanceof ProviderRefused ? error.code : null
    await record({ status: 'failed', errorCode: code, errorMessage: reason.slice(0, 500) })
    if (!(error instanceof ProviderRefused)) throw error
    // The provider's "unsubscribed recipient" is the customer's STOP, given to it rather than us.
    if (code === UNSUBSCRIBED_ERROR) await recordOptOut(payload, to, { reason: 'provider' })
    return { status: 'refused', messageId: message.id, code, reason }
  }
}

const outcomeText = (outcome: SendOutcome): string | null => {
  if (outcome.status === 'sent') return null
  if (outcome.status === 'opted-out') return `${outcome.to} has opted out of texts`
  if (outcome.status === 'invalid-number') return 'not a phone number we can text'
  return outcome.code ? `${outcome.reason} (error ${outcome.code})` : outcome.reason
}

/**
 * The text named `key`, sent once whatever the runners (the e-mails' delivery claims:
 * src/server/email-delivery.ts). With `about`, the lead's timeline says how it went, unless the
 * text itself is on it. Null when another runner had sent it.
 */
export async function sendTextOnce(
  payload: Payload,
  key: string,
  text: OutgoingText,
  about?: { lead: number; what: string },
): Promise<SendOutcome | null> {
  const result: { outcome: SendOutcome | null } = { outcome: null }
  await deliverOnce(payload, `text:${key}`, async (withHandOver) => {
    const handOver = withHandOver({}).handOver
    // A text stored on the lead is on its timeline already, with its delivery (a failed one says
    // why): an event besides would show it twice. One never stored (opted out, not a number), not
    // on the lead, or the business's alert (stored on its lead, off the conversation) is told by
    // the event.
    let onTimeline = false
    const beforeSend = async () => {
      await handOver()
      onTimeline = about != null && text.lead === about.lead && !text.toBusiness
    }
    let outcome: SendOutcome
    try {
      outcome = await sendText(payload, text, { beforeSend })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (about && !onTimeline) {
        const event = { lead: about.lead, kind: 'text_failed', text: `${about.what}: ${reason}` } as const
        await recordLeadEvent(payload, undefined, event)
      }
      throw error
    }
    if (about && !onTimeline) {
      const failure = outcomeText(outcome)
      await recordLeadEvent(payload, undefined, {
        lead: about.lead,
        kind: failure ? 'text_failed' : 'text_sent',
        text: failure ? `${about.what}: ${failure}` : `${about.what} (${toE164(text.to)})`,
      })
    }
    result.outcome = outcome
    // Refused or opted out is done too: sending again would change nothing.
    return true
  })
  return result.outcome
}
