import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { recordOptOut } from '@/collections/TextOptOuts/optOuts'
import {
  type StatusCallback,
  TEXT_STATUSES,
  type TextStatus,
  UNSUBSCRIBED_ERROR,
  textStatusRank,
} from '@/lib/text-messages'
import { dbOf } from '@/server/db'

type Rows<T> = { rows: T[] }

const rankOfColumn = sql.raw(
  `CASE t.status ${TEXT_STATUSES.map((s) => `WHEN '${s}' THEN ${textStatusRank(s)}`).join(' ')} END`,
)

/**
 * A delivery callback on the text it is about: the one with its provider id, or the one its
 * address names (`messageId`) while that has none yet, since the callback can outrun the
 * provider's answer to the send. Callbacks come in any order and more than once: a status never
 * moves back. A callback about no text of ours changes nothing.
 */
export async function updateTextStatus(
  payload: Payload,
  callback: StatusCallback,
  messageId: number | null = null,
): Promise<void> {
  const db = await dbOf(payload)
  const failed = callback.status === 'failed' || callback.status === 'undelivered'
  const errorColumns = failed
    ? sql`error_code = ${callback.errorCode}, error_message = ${callback.errorMessage},`
    : sql``
  const result = (await db.execute(sql`
    UPDATE text_messages t SET status = ${callback.status}, ${errorColumns}
      provider_message_id = ${callback.sid}, updated_at = now()
    FROM (
      SELECT id, status FROM text_messages
      WHERE direction = 'out' AND (provider_message_id = ${callback.sid}
        OR (id = ${messageId} AND provider_message_id IS NULL))
      ORDER BY provider_message_id NULLS LAST LIMIT 1 FOR UPDATE) before
    WHERE t.id = before.id AND ${rankOfColumn} <= ${textStatusRank(callback.status)}
    RETURNING t.lead_id, t.to_number, before.status AS was`)) as unknown as Rows<{
    lead_id: number | null
    to_number: string
    was: string
  }>
  const row = result.rows[0]
  // A failure is not a lead event of its own: the lead's conversation shows the text failed, and why.
  if (!row) return
  if (callback.errorCode === UNSUBSCRIBED_ERROR)
    await recordOptOut(payload, row.to_number, { reason: 'provider' })
}

/**
 * The provider's answer to a send: its id, the sending number and its status, which a callback
 * that came first may have moved further already (it is kept then).
 */
export async function recordProviderId(
  payload: Payload,
  messageId: number,
  sent: { sid: string; from: string; status: TextStatus },
): Promise<void> {
  const db = await dbOf(payload)
  await db.execute(sql`
    UPDATE text_messages t SET provider_message_id = ${sent.sid}, from_number = ${sent.from},
      status = CASE WHEN ${rankOfColumn} <= ${textStatusRank(sent.status)} THEN ${sent.status} ELSE t.status END,
      updated_at = now()
    WHERE t.id = ${messageId}`)
}
