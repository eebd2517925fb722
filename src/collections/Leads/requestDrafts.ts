import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { TEXT_CONSENT_FIELD, TEXT_CONSENT_VALUE } from '@/lib/customer-texts'
import { PROMO_CODE_FIELD, PROMO_CODE_MAX } from '@/lib/lead-source'
import { FIELD_MAX } from '@/lib/request-constants'
import { dbOf } from '@/server/db'

// A request form posted without script and sent back to be corrected: what the visitor typed
// and the messages, kept in PostgreSQL (Payload's key-value store, any instance reads it) for
// half an hour under a random token that only the redirect's URL carries. The customer's
// words never go into a URL or a cookie; the record goes once the request is in.

export const DRAFT_TTL_MS = 30 * 60 * 1000
const PREFIX = 'request-draft:'
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export type RequestDraft = {
  serviceType: string
  values: Record<string, string>
  errors: Record<string, string>
  /** Photos that came with the request: a page cannot give them back to the file input. */
  photos: number
}

type Stored = RequestDraft & { expiresAt: number }

const keyOf = (token: string) => `${PREFIX}${createHash('sha256').update(token).digest('base64url')}`

// Only the form's own fields, each no longer than the form lets anyone type.
const KEPT: Record<string, number> = {
  ...FIELD_MAX,
  [PROMO_CODE_FIELD]: PROMO_CODE_MAX,
  [TEXT_CONSENT_FIELD]: TEXT_CONSENT_VALUE.length,
}

export function keptValues(fields: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, max] of Object.entries(KEPT)) {
    const value = fields.get(name)
    if (value) out[name] = value.slice(0, max)
  }
  return out
}

export async function saveDraft(payload: Payload, draft: RequestDraft, now = Date.now()): Promise<string> {
  // Expired ones go first: the table holds only the last half hour's.
  await (
    await dbOf(payload)
  ).execute(
    sql`DELETE FROM payload_kv WHERE key LIKE ${`${PREFIX}%`} AND (data->>'expiresAt')::bigint < ${now}`,
  )
  const token = randomBytes(32).toString('base64url')
  const stored: Stored = { ...draft, expiresAt: now + DRAFT_TTL_MS }
  await payload.kv.set(keyOf(token), stored)
  return token
}

export async function readDraft(
  payload: Payload,
  token: unknown,
  now = Date.now(),
): Promise<RequestDraft | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null
  const stored = await payload.kv.get<Stored>(keyOf(token))
  if (!stored || stored.expiresAt < now) return null
  const { expiresAt: _expiresAt, ...draft } = stored
  return draft
}

export async function removeDraft(payload: Payload, token: unknown): Promise<void> {
  if (typeof token === 'string' && TOKEN_PATTERN.test(token)) await payload.kv.delete(keyOf(token))
}
