import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { leadName } from '@/lib/lead-name'
import { dbOf } from '@/server/db'

import type { Reader } from './back-office'

// The conversations with customers, one per customer number across its leads: a text's number
// is its sender when received, its recipient when sent; the owner's own alerts are no
// conversation. Read in SQL; only approved staff have an inbox.

export const INBOX_SIZE = 50
const LAST_WORDS_MAX = 80

export type Conversation = {
  phone: string
  lead: number
  name: string
  lastWords: string
  fromCustomer: boolean
  at: string
  unread: boolean
  // The number's other jobs (a second car, an earlier visit): the job page lists them.
  otherJobs: number
}

type Row = {
  phone: string
  lead_id: number
  body: string | null
  media_count: number | null
  direction: 'in' | 'out'
  at: string
  first_name: string | null
  last_name: string | null
  lead_phone: string | null
  email: string | null
  unread: boolean
  other_jobs: number
}

type Rows<T> = { rows: T[] }

export function lastWords(body: string | null, media: number | null): string {
  const words = (body ?? '').replace(/\s+/g, ' ').trim()
  if (!words) return media ? (media === 1 ? '1 photo' : `${media} photos`) : ''
  return words.length > LAST_WORDS_MAX ? `${words.slice(0, LAST_WORDS_MAX - 1).trimEnd()}…` : words
}

/**
 * The newest conversations first, each with its newest text's lead (its job): `limit` of them
 * after the newest `offset`.
 */
export async function readInbox(
  { payload, user }: Reader,
  { offset = 0, limit = INBOX_SIZE }: { offset?: number; limit?: number } = {},
): Promise<Conversation[]> {
  if (!isApprovedStaff(user)) return []
  const db = await dbOf(payload)
  const { rows } = (await db.execute(sql`
    WITH texts AS (
      SELECT CASE WHEN direction = 'in' THEN from_number ELSE to_number END AS phone,
        id, lead_id, body, media_count, direction, created_at
      FROM text_messages WHERE lead_id IS NOT NULL AND NOT coalesce(to_business, false)
    ), last AS (
      SELECT DISTINCT ON (phone) * FROM texts ORDER BY phone, created_at DESC, id DESC
    ), heard AS (
      SELECT phone, max(created_at) AS at FROM texts WHERE direction = 'in' GROUP BY phone
    )
    SELECT last.phone, last.lead_id, last.body, last.media_count, last.direction,
      to_json(last.created_at) #>> '{}' AS at, l.first_name, l.last_name, l.phone AS lead_phone, l.email,
      heard.at IS NOT NULL AND (r.read_at IS NULL OR heard.at > r.read_at) AS unread,
      (SELECT count(*)::int FROM leads o
        WHERE o.phone_e164 = last.phone AND o.id <> last.lead_id AND o.erased_at IS NULL) AS other_jobs
    FROM last JOIN leads l ON l.id = last.lead_id
    LEFT JOIN heard ON heard.phone = last.phone
    LEFT JOIN conversation_reads r ON r.user_id = ${user.id} AND r.phone = last.phone
    ORDER BY last.created_at DESC, last.id DESC
    LIMIT ${limit} OFFSET ${offset}`)) as unknown as Rows<Row>
  return rows.map((row) => ({
    phone: row.phone,
    lead: Number(row.lead_id),
    name:
      leadName({
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.lead_phone,
        email: row.email,
      }) || row.phone,
    lastWords: lastWords(row.body, row.media_count),
    fromCustomer: row.direction === 'in',
    at: row.at,
    unread: Boolean(row.unread),
    otherJobs: Number(row.other_jobs),
  }))
}

/** One page of the inbox, and whether older conversations follow it. */
export async function readInboxPage(
  reader: Reader,
  page: number,
): Promise<{ conversations: Conversation[]; older: boolean }> {
  // One more than a page tells whether there is another.
  const found = await readInbox(reader, { offset: (page - 1) * INBOX_SIZE, limit: INBOX_SIZE + 1 })
  return { conversations: found.slice(0, INBOX_SIZE), older: found.length > INBOX_SIZE }
}

/**
 * How many conversations hold a text from the customer newer than this account last opened
 * them: one query, by the received texts' index and the reads' unique key.
 */
export async function countUnread({ payload, user }: Reader): Promise<number> {
  if (!isApprovedStaff(user)) return 0
  const db = await dbOf(payload)
  const { rows } = (await db.execute(sql`
    SELECT count(DISTINCT m.from_number)::int AS n
    FROM text_messages m
    LEFT JOIN conversation_reads r ON r.user_id = ${user.id} AND r.phone = m.from_number
    WHERE m.direction = 'in' AND m.lead_id IS NOT NULL
      AND (r.read_at IS NULL OR m.created_at > r.read_at)`)) as unknown as Rows<{ n: number }>
  return Number(rows[0]?.n ?? 0)
}
