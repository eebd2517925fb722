import { createHmac, timingSafeEqual } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { dbOf } from '@/server/db'

// The review request sent once after a job is completed, and its unsubscribe link: the
// address and an HMAC of it with the server's secret, so nobody can unsubscribe someone else.

const SIGNATURE_BYTES = 18

const signature = (secret: string, email: string) =>
  createHmac('sha256', secret)
    .update(`review-opt-out:${email.toLowerCase()}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)

export function unsubscribePath(secret: string, email: string): string {
  const e = Buffer.from(email.toLowerCase()).toString('base64url')
  return `/review-requests/unsubscribe?e=${e}&t=${signature(secret, email).toString('base64url')}`
}

/** The address a genuine unsubscribe link names; null for anything else. */
export function unsubscribeEmailOf(secret: string, e: unknown, t: unknown): string | null {
  if (typeof e !== 'string' || typeof t !== 'string' || e.length > 400 || !/^[A-Za-z0-9_-]{24}$/.test(t))
    return null
  const email = Buffer.from(e, 'base64url').toString('utf8')
  if (!email.includes('@') || email.length > 254) return null
  const given = Buffer.from(t, 'base64url')
  const expected = signature(secret, email)
  return given.length === expected.length && timingSafeEqual(given, expected) ? email.toLowerCase() : null
}

type Rows = { rows: Record<string, unknown>[] }

/** True for the one caller that marks the lead's request queued (once per lead, ever). */
export async function claimReviewRequestQueue(req: PayloadRequest, leadId: number): Promise<boolean> {
  const db = await dbOf(req.payload, req)
  const result = (await db.execute(sql`
    UPDATE leads SET review_request_queued_at = now()
    WHERE id = ${leadId} AND review_request_queued_at IS NULL RETURNING id`)) as unknown as Rows
  return result.rows.length === 1
}

/** Shown on the lead; the e-mail itself goes once through src/server/email-delivery.ts. */
export async function markReviewRequestSent(payload: Payload, leadId: number): Promise<void> {
  const db = await dbOf(payload)
  await db.execute(sql`UPDATE leads SET review_request_sent_at = now() WHERE id = ${leadId}`)
}

export async function hasOptedOut(payload: Payload, email: string): Promise<boolean> {
  const db = await dbOf(payload)
  const result = (await db.execute(
    sql`SELECT 1 FROM review_opt_outs WHERE email = ${email.toLowerCase()} LIMIT 1`,
  )) as unknown as Rows
  return result.rows.length > 0
}

export async function optOut(payload: Payload, email: string): Promise<void> {
  const db = await dbOf(payload)
  await db.execute(sql`
    INSERT INTO review_opt_outs (email, created_at, updated_at) VALUES (${email.toLowerCase()}, now(), now())
    ON CONFLICT (email) DO NOTHING`)
}
