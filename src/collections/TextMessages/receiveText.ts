import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Payload, PayloadRequest } from 'payload'

import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import { recordOptIn, recordOptOut } from '@/collections/TextOptOuts/optOuts'
import { confirmVisitByReply } from '@/collections/TextMessages/customerTexts'
import { MAIN_FORM_SERVICE } from '@/lib/catalog'
import { isConfirmReply } from '@/lib/customer-texts'
import { TEXT_CHANNEL } from '@/lib/lead-source'
import { REPLY_ALERT_MINUTES } from '@/lib/owner-alerts'
import { type InboundText, phoneMatchKey, textKeyword, textLeadFields } from '@/lib/text-messages'
import { dbOf } from '@/server/db'

type Db = Awaited<ReturnType<typeof dbOf>>
type Rows<T> = { rows: T[] }

/** True when the provider's message is stored already (a retry). */
export async function isStored(payload: Payload, sid: string): Promise<boolean> {
  const db = await dbOf(payload)
  const result = (await db.execute(
    sql`SELECT 1 FROM text_messages WHERE provider_message_id = ${sid} LIMIT 1`,
  )) as unknown as Rows<unknown>
  return result.rows.length > 0
}

// The number's lead still being worked on that a text from it answers: of several, the one
// with the latest exchange (its last text with the customer, or its request when newer), so a
// reply to the owner's text goes to the job that text came from. By the phone's indexed E.164
// form (a form's "(512) 555-0177" included).
async function openLeadOf(db: Db, phone: string): Promise<number | null> {
  const result = (await db.execute(sql`
    SELECT l.id FROM leads l
    LEFT JOIN LATERAL (
      SELECT max(t.created_at) AS at FROM text_messages t WHERE t.lead_id = l.id AND NOT t.to_business
    ) texted ON true
    WHERE l.phone_e164 = ${phoneMatchKey(phone)}
      AND l.erased_at IS NULL AND l.lost_reason IS NULL AND l.status <> 'completed'
    ORDER BY greatest(texted.at, l.created_at) DESC, l.id DESC LIMIT 1`)) as unknown as Rows<{ id: number }>
  return result.rows[0] ? Number(result.rows[0].id) : null
}

async function startLead(req: PayloadRequest, text: InboundText): Promise<number> {
  const lead = await req.payload.create({
    collection: 'leads',
    // The general request, as the main form sends it: a text says no more about the service.
    data: {
      ...textLeadFields(text.from, text.body),
      serviceType: MAIN_FORM_SERVICE.key,
      status: 'new',
      channel: TEXT_CHANNEL,
      // A customer who texted first has agreed to texts about their request.
      textConsentAt: new Date().toISOString(),
    },
    depth: 0,
    overrideAccess: true,
    // The webhook keeps its own limit, per sending number.
    context: { requestRateLimitCounted: true },
    req,
  })
  return lead.id
}

// The owner hears of a customer's text on an open lead, once a few minutes however many texts
// a burst has: the lead's row is claimed by one conditional update (in the webhook's
// transaction, after the number's lock), and only the text that claimed it is alerted.
async function alertOwnerOfReply(db: Db, req: PayloadRequest, lead: number, messageId: number) {
  const window = `${REPLY_ALERT_MINUTES} minutes`
  const claimed = (await db.execute(sql`
    UPDATE leads SET reply_alerted_at = now()
    WHERE id = ${lead} AND (reply_alerted_at IS NULL OR reply_alerted_at <= now() - ${window}::interval)
    RETURNING id`)) as unknown as Rows<unknown>
  if (!claimed.rows.length) return
  await req.payload.jobs.queue({ task: 'sendOwnerAlert', input: { kind: 'reply', id: messageId }, req })
}

/**
 * Stores a received text once per provider message id, whatever the retries and instances:
 * its row is inserted first, and a text already stored changes nothing. Then the keyword
 * (STOP, START, HELP) or the lead: the number's open lead, or a new one; photos are left to
 * the job queue. 'duplicate' when the text was stored already.
 */
export async function receiveText(req: PayloadRequest, text: InboundText): Promise<'stored' | 'duplicate'> {
  const { payload } = req
  const own = await initTransaction(req)
  try {
    const db = await dbOf(payload, req)
    // A second delivery of the same id waits here for the first one's transaction, then finds it.
    const inserted = (await db.execute(sql`
      INSERT INTO text_messages
        (direction, from_number, to_number, body, provider_message_id, status, media_count, created_at, updated_at)
      VALUES ('in', ${text.from}, ${text.to}, ${text.body}, ${text.sid}, 'received', ${text.media.length}, now(), now())
      ON CONFLICT (provider_message_id) DO NOTHING RETURNING id`)) as unknown as Rows<{ id: number }>
    if (!inserted.rows.length) {
      if (own) await commitTransaction(req)
      return 'duplicate'
    }
    const messageId = Number(inserted.rows[0].id)
    // One number's texts one at a time (after the insert, so two deliveries of one id cannot
    // deadlock): three photos sent as three texts at once make one lead.
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`text-from:${text.from}`}))`)
    let lead = await openLeadOf(db, text.from)
    const keyword = textKeyword(text.body)
    if (keyword === 'opt-out') {
      await recordOptOut(payload, text.from, { reason: 'keyword', keyword: text.body.toUpperCase() }, req)
      if (lead) await recordLeadEvent(payload, req, { lead, kind: 'text_opted_out', text: text.body })
    } else if (keyword === 'opt-in') {
      const wasOut = await recordOptIn(payload, text.from, req)
      if (lead && wasOut)
        await recordLeadEvent(payload, req, { lead, kind: 'text_opted_in', text: text.body })
    } else if (keyword === 'help') {
      await payload.jobs.queue({ task: 'replyToHelp', input: { messageId }, req })
    } else {
      // "C" to the reminder: the visit it was sent for is confirmed and they hear so; the text
      // goes to that visit's lead. Otherwise a plain message.
      const confirmed =
        isConfirmReply(text.body) && !text.media.length
          ? await confirmVisitByReply(payload, req, text.from, lead)
          : null
      if (confirmed) {
        lead = confirmed.lead
        await payload.jobs.queue({
          task: 'replyToVisitConfirmation',
          input: { messageId, visitId: confirmed.visit },
          req,
        })
      } else {
        if (lead) await alertOwnerOfReply(db, req, lead, messageId)
        else {
          lead = await startLead(req, text)
          // The new lead's alert tells the owner of this text: the burst's next ones are quiet.
          await db.execute(sql`UPDATE leads SET reply_alerted_at = now() WHERE id = ${lead}`)
        }
        if (text.media.length) {
          await payload.jobs.queue({ task: 'fetchTextPhotos', input: { messageId, media: text.media }, req })
        }
      }
    }
    if (lead) await db.execute(sql`UPDATE text_messages SET lead_id = ${lead} WHERE id = ${messageId}`)
    if (own) await commitTransaction(req)
    return 'stored'
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}
