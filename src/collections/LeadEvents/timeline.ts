import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest, SendEmailOptions } from 'payload'

import type { LeadEventKind } from '@/lib/lead-events'
import { LEAD_NOTE_MAX } from '@/lib/lead-events'
import { isTextLeadEmail } from '@/lib/text-messages'
import { dbOf } from '@/server/db'
import { deliverOnce } from '@/server/email-delivery'

type LeadEvent = { lead: number; kind: LeadEventKind; text?: string | null; by?: number | null }

// Written straight to the table, in the caller's transaction when there is one: the
// collection's hook makes every API write a note of its author, which these are not.
export async function recordLeadEvent(
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  event: LeadEvent,
): Promise<void> {
  const db = await dbOf(payload, req)
  const text = event.text ? event.text.slice(0, LEAD_NOTE_MAX) : null
  await db.execute(sql`
    INSERT INTO lead_events (lead_id, kind, text, by_id, created_at, updated_at)
    VALUES (${event.lead}, ${event.kind}, ${text}, ${event.by ?? null}, now(), now())`)
}

// An e-mail about a lead, on its timeline whether the mail server took it or not. Written
// outside the job's transaction: a failure is kept though the job rolls back and retries.
export async function mailAboutLead(
  payload: Payload,
  lead: number,
  what: string,
  send: () => Promise<unknown>,
): Promise<void> {
  try {
    await send()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    await recordLeadEvent(payload, undefined, { lead, kind: 'email_failed', text: `${what}: ${reason}` })
    throw error
  }
  await recordLeadEvent(payload, undefined, { lead, kind: 'email_sent', text: what })
}

export const NO_ADDRESS_REASON = 'not sent, the customer gave no e-mail address (the request came by text)'

/** An e-mail about a lead, once, on the lead's timeline (mailAboutLead). True when this call sent it. */
export async function mailAboutLeadOnce(
  payload: Payload,
  key: string,
  about: { lead: number; what: string },
  mail: SendEmailOptions,
): Promise<boolean> {
  // A texted request's address is a placeholder that reaches nobody: nothing is sent, and the
  // timeline says so once (under its own key, so an address the owner adds later still gets it).
  if (typeof mail.to === 'string' && isTextLeadEmail(mail.to)) {
    await deliverOnce(payload, `no-address:${key}`, async () => {
      const text = `${about.what}: ${NO_ADDRESS_REASON}`
      await recordLeadEvent(payload, undefined, { lead: about.lead, kind: 'email_failed', text })
      return true
    })
    return false
  }
  return deliverOnce(payload, key, async (withHandOver) => {
    await mailAboutLead(payload, about.lead, about.what, () => payload.sendEmail(withHandOver(mail)))
    return true
  })
}
