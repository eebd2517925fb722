import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

// Each e-mail a job sends goes out once, whatever the runners and however one dies. Its row,
// named by a key of the e-mail, is claimed with one statement (one runner wins), marked handed
// over just before the message's final line reaches the mail server (the moment the server may
// take it: src/email/adapter.ts holds the message until the mark is written), and marked sent
// once the server said so. A claim whose runner died goes back after the lease: sent again when
// it was never handed over, counted as sent when it was. Only a death in the microseconds
// between the mark and the final line's write can lose a message.
// As long as a job's lease (src/server/patches/payload-job-runner.ts): a job is run again no
// sooner than its runner's claims end.
export const DELIVERY_LEASE_SECONDS = 10 * 60
export const WAIT_FOR_OTHER_RUNNER_MS = 60_000
const POLL_MS = 250

// Outside the job's transaction: every runner sees a claim or a mark the moment it is made.
const db = (payload: Payload) => (payload.db as unknown as PostgresAdapter).drizzle
type Rows<T> = { rows: T[] }
const lease = `${DELIVERY_LEASE_SECONDS} seconds`

// `takenOver`: from a runner that died before handing the message over (else first, or released).
type Claim = { key: string; claimedAt: string; takenOver: boolean }

async function tryClaim(payload: Payload, key: string): Promise<Claim | null> {
  await db(payload).execute(
    sql`INSERT INTO email_deliveries (key) VALUES (${key}) ON CONFLICT (key) DO NOTHING`,
  )
  const result = (await db(payload).execute(sql`
    UPDATE email_deliveries d SET claimed_at = clock_timestamp()
    FROM (SELECT key, claimed_at FROM email_deliveries WHERE key = ${key} FOR UPDATE) before
    WHERE d.key = before.key AND d.sent_at IS NULL AND d.handed_over_at IS NULL
      AND (d.claimed_at IS NULL OR d.claimed_at < clock_timestamp() - ${lease}::interval)
    RETURNING d.claimed_at::text AS claimed_at, before.claimed_at IS NOT NULL AS taken_over
  `)) as unknown as Rows<{ claimed_at: string; taken_over: boolean }>
  const row = result.rows[0]
  return row ? { key, claimedAt: row.claimed_at, takenOver: row.taken_over } : null
}

// Done: sent, or handed over by a runner whose lease has run out (it died after the hand-over).
async function isDone(payload: Payload, key: string): Promise<{ done: boolean; heldMs: number }> {
  const result = (await db(payload).execute(sql`
    SELECT sent_at IS NOT NULL
        OR (handed_over_at IS NOT NULL AND claimed_at < clock_timestamp() - ${lease}::interval) AS done,
      EXTRACT(EPOCH FROM clock_timestamp() - claimed_at) * 1000 AS held_ms
    FROM email_deliveries WHERE key = ${key}
  `)) as unknown as Rows<{ done: boolean; held_ms: number | string | null }>
  const row = result.rows[0]
  return { done: Boolean(row?.done), heldMs: Number(row?.held_ms ?? 0) }
}

async function claim(payload: Payload, key: string): Promise<Claim | null> {
  for (;;) {
    const claimed = await tryClaim(payload, key)
    if (claimed) return claimed
    const { done, heldMs } = await isDone(payload, key)
    if (done) return null
    // Another runner is sending it now: its outcome is awaited a while, then left to a retry.
    if (heldMs > WAIT_FOR_OTHER_RUNNER_MS) throw new Error(`E-mail ${key} is held by another runner`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

// Each statement applies only while this runner's claim is the row's claim.
const ours = (c: Claim) => sql`key = ${c.key} AND claimed_at::text = ${c.claimedAt}`

async function markHandedOver(payload: Payload, c: Claim): Promise<void> {
  const result = (await db(payload).execute(sql`
    UPDATE email_deliveries SET handed_over_at = clock_timestamp() WHERE ${ours(c)} RETURNING key
  `)) as unknown as Rows<unknown>
  // Lost to another runner after the lease: the message must not go.
  if (!result.rows.length) throw new Error(`E-mail ${c.key} was claimed by another runner`)
}

/** The mail options with the hand-over mark that src/email/adapter.ts writes before the last line. */
export type WithHandOver = <T extends object>(mail: T) => T & { handOver: () => Promise<void> }

/**
 * Sends the e-mail named `key` unless it went out already. `send` builds and sends it, passing
 * its mail options through the given function, and answers whether it sent it (false releases
 * the claim); `takenOver` says a runner that died had got as far. True when this call sent it.
 */
export async function deliverOnce(
  payload: Payload,
  key: string,
  send: (withHandOver: WithHandOver, claim: { takenOver: boolean }) => Promise<boolean>,
): Promise<boolean> {
  const c = await claim(payload, key)
  if (!c) return false
  let sent: boolean
  try {
    sent = await send((mail) => ({ ...mail, handOver: () => markHandedOver(payload, c) }), c)
  } catch (error) {
    await release(payload, c)
    throw error
  }
  if (!sent) {
    await release(payload, c)
    return false
  }
  await db(payload).execute(sql`
    UPDATE email_deliveries SET sent_at = clock_timestamp(), handed_over_at = coalesce(handed_over_at, clock_timestamp())
    WHERE ${ours(c)}`)
  return true
}

// A failure after the hand-over is the mail server refusing the message, or a connection lost
// before its answer: sent again, once, by the retry.
async function release(payload: Payload, c: Claim): Promise<void> {
  await db(payload).execute(sql`
    UPDATE email_deliveries SET claimed_at = NULL, handed_over_at = NULL WHERE ${ours(c)} AND sent_at IS NULL`)
}
