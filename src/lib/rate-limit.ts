import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

// Quote submissions per client: at most QUOTE_RATE_LIMIT_MAX (5) in a window of
// QUOTE_RATE_LIMIT_WINDOW_SECONDS (600). Read at call time so an operator can tune them.
export function quoteRateLimit(): { max: number; windowSeconds: number } {
  const max = Number(process.env.QUOTE_RATE_LIMIT_MAX || 5)
  const windowSeconds = Number(process.env.QUOTE_RATE_LIMIT_WINDOW_SECONDS || 600)
  return { max: max > 0 ? max : 5, windowSeconds: windowSeconds > 0 ? windowSeconds : 600 }
}

export const RATE_LIMITED_MESSAGE = 'Too many quote requests from this connection. Please try again in a few minutes.'

// The client's address: the right-most X-Forwarded-For entry (Next sets it from the
// socket when absent; each trusted proxy in front appends the address it saw), skipping
// TRUSTED_PROXY_HOPS entries added by our own proxies.
export function clientAddress(headers: Headers): string {
  const hops = Math.max(0, Number(process.env.TRUSTED_PROXY_HOPS || 0))
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const fromChain = chain[Math.max(0, chain.length - 1 - hops)]
  return (fromChain || headers.get('x-real-ip') || 'unknown').slice(0, 100)
}

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

// Counts one submission for `client` and says whether it is within the limit. One
// INSERT ... ON CONFLICT statement: concurrent requests (from any instance) serialise
// on the row, so none slips through. Runs outside any transaction of the caller, so a
// refused or failed submission still counts.
export async function hitQuoteRateLimit(payload: Payload, client: string): Promise<RateLimitResult> {
  const { max, windowSeconds } = quoteRateLimit()
  const db = payload.db as unknown as PostgresAdapter
  const window = `${windowSeconds} seconds`
  const result = await db.drizzle.execute(sql`
    INSERT INTO quote_rate_limits (client, window_started_at, hits, updated_at, created_at)
    VALUES (${client}, now(), 1, now(), now())
    ON CONFLICT (client) DO UPDATE SET
      hits = CASE WHEN quote_rate_limits.window_started_at <= now() - ${window}::interval
        THEN 1 ELSE quote_rate_limits.hits + 1 END,
      window_started_at = CASE WHEN quote_rate_limits.window_started_at <= now() - ${window}::interval
        THEN now() ELSE quote_rate_limits.window_started_at END,
      updated_at = now()
    RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_started_at + ${window}::interval - now()))))::int AS retry_after
  `)
  const row = (result as unknown as { rows: { hits: number | string; retry_after: number | string }[] }).rows[0]
  const hits = Number(row.hits)
  return { allowed: hits <= max, retryAfterSeconds: Math.max(1, Number(row.retry_after)) }
}

// Whether this request is subject to the limit: anything from outside (REST, GraphQL,
// the quote endpoint) unless an approved staff member sends it.
export function isRateLimitedCaller(req: PayloadRequest, isStaff: boolean): boolean {
  return req.payloadAPI !== 'local' && !isStaff
}
