import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

export type Audience = 'business' | 'customer'

// Two runners can take the same job and failed jobs are retried, so each e-mail is claimed on the lead's row
// with one UPDATE (one runner wins), marked sent once the mail server accepts it, and released on failure.
// A runner killed between acceptance and the mark can cause one repeat after the lease ends, never more.
export const CLAIM_LEASE_SECONDS = 10 * 60

const COLUMNS: Record<Audience, { claimed: string; sent: string }> = {
  business: { claimed: 'business_email_claimed_at', sent: 'business_email_sent_at' },
  customer: { claimed: 'customer_email_claimed_at', sent: 'customer_email_sent_at' },
}

type Rows<T> = { rows: T[] }

// Outside the job's transaction, so every runner sees a claim or a sent mark the moment it is made.
function db(payload: Payload) {
  return (payload.db as unknown as PostgresAdapter).drizzle
}

export type Claim = { leadId: number; audience: Audience; claimedAt: string }

async function tryClaim(payload: Payload, leadId: number, audience: Audience): Promise<Claim | null> {
  const { claimed, sent } = COLUMNS[audience]
  const result = (await db(payload).execute(sql`
    UPDATE leads SET ${sql.raw(claimed)} = clock_timestamp()
    WHERE id = ${leadId} AND ${sql.raw(sent)} IS NULL
      AND (${sql.raw(claimed)} IS NULL
        OR ${sql.raw(claimed)} < clock_timestamp() - ${`${CLAIM_LEASE_SECONDS} seconds`}::interval)
    RETURNING ${sql.raw(claimed)}::text AS claimed_at
  `)) as unknown as Rows<{ claimed_at: string }>
  const row = result.rows[0]
  return row ? { leadId, audience, claimedAt: row.claimed_at } : null
}

async function deliveryState(payload: Payload, leadId: number, audience: Audience) {
  const { claimed, sent } = COLUMNS[audience]
  const result = (await db(payload).execute(sql`
    SELECT ${sql.raw(sent)} IS NOT NULL AS sent,
      EXTRACT(EPOCH FROM clock_timestamp() - ${sql.raw(claimed)}) * 1000 AS claimed_ms_ago
    FROM leads WHERE id = ${leadId}
  `)) as unknown as Rows<{ sent: boolean; claimed_ms_ago: number | string | null }>
  const row = result.rows[0]
  // A lead deleted meanwhile has nobody left to e-mail.
  if (!row) return { sent: true, claimedMsAgo: 0 }
  return { sent: row.sent, claimedMsAgo: Number(row.claimed_ms_ago ?? 0) }
}

export const WAIT_FOR_OTHER_RUNNER_MS = 60_000
const POLL_MS = 250

// Null when the e-mail went out already. Waits for a runner sending it right now; a claim older than the
// wait (a dead or very slow runner) is left to this job's retry, once the lease is over.
export async function claimDelivery(
  payload: Payload,
  leadId: number,
  audience: Audience,
): Promise<Claim | null> {
  for (;;) {
    const claim = await tryClaim(payload, leadId, audience)
    if (claim) return claim
    const { sent, claimedMsAgo } = await deliveryState(payload, leadId, audience)
    if (sent) return null
    if (claimedMsAgo > WAIT_FOR_OTHER_RUNNER_MS) {
      throw new Error(`The ${audience} e-mail of lead ${leadId} is held by another runner; retrying later.`)
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

export async function markDelivered(payload: Payload, claim: Claim): Promise<void> {
  const { claimed, sent } = COLUMNS[claim.audience]
  await db(payload).execute(sql`
    UPDATE leads SET ${sql.raw(sent)} = clock_timestamp()
    WHERE id = ${claim.leadId} AND ${sql.raw(claimed)}::text = ${claim.claimedAt}
  `)
}

export async function releaseClaim(payload: Payload, claim: Claim): Promise<void> {
  const { claimed } = COLUMNS[claim.audience]
  await db(payload).execute(sql`
    UPDATE leads SET ${sql.raw(claimed)} = NULL
    WHERE id = ${claim.leadId} AND ${sql.raw(claimed)}::text = ${claim.claimedAt}
  `)
}

// Kept a week (see src/jobs/index.ts), then removed a few at a time.
export async function pruneCompletedJobs(payload: Payload): Promise<void> {
  await db(payload).execute(sql`
    DELETE FROM payload_jobs WHERE id IN (
      SELECT id FROM payload_jobs WHERE completed_at < now() - interval '7 days' LIMIT 50
      FOR UPDATE SKIP LOCKED)
  `)
}
