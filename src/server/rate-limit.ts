import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { APIError } from 'payload'
import type { Payload, PayloadRequest } from 'payload'

// Read at call time so an operator can tune them.
export function quoteRateLimit(): { max: number; windowSeconds: number } {
  const max = Number(process.env.QUOTE_RATE_LIMIT_MAX || 5)
  const windowSeconds = Number(process.env.QUOTE_RATE_LIMIT_WINDOW_SECONDS || 600)
  return { max: max > 0 ? max : 5, windowSeconds: windowSeconds > 0 ? windowSeconds : 600 }
}

export const RATE_LIMITED_MESSAGE =
  'Too many quote requests from this connection. Please try again in a few minutes.'

// The right-most X-Forwarded-For entry is the socket's peer (appended at startup) and each trusted proxy
// appends one, so the client is TRUSTED_PROXY_HOPS from the right; what it wrote itself is further left.
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
export type RateLimitRule = { max: number; windowSeconds: number }

// IPv6 by its /64, one subscriber's block, so fresh addresses of the same network get no fresh limits.
export function addressKey(address: string): string {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  if (!plain.includes(':')) return plain
  const mapped = plain.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)
  if (mapped) return mapped[1]
  const [head, tail = ''] = plain.split('::')
  const left = head ? head.split(':') : []
  const right = plain.includes('::') && tail ? tail.split(':') : []
  const groups = plain.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return plain.slice(0, 100)
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

// One INSERT ... ON CONFLICT: concurrent requests from any instance serialise on the row. Outside the
// caller's transaction, so refused or failed attempts still count; old counters are pruned as we go.
export async function hitRateLimit(
  payload: Payload,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const db = payload.db as unknown as PostgresAdapter
  const window = `${rule.windowSeconds} seconds`
  const result = await db.drizzle.execute(sql`
    INSERT INTO rate_limits (key, window_started_at, hits, updated_at, created_at)
    VALUES (${key}, now(), 1, now(), now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_started_at <= now() - ${window}::interval
        THEN 1 ELSE rate_limits.hits + 1 END,
      window_started_at = CASE WHEN rate_limits.window_started_at <= now() - ${window}::interval
        THEN now() ELSE rate_limits.window_started_at END,
      updated_at = now()
    RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_started_at + ${window}::interval - now()))))::int AS retry_after
  `)
  await db.drizzle.execute(sql`
    DELETE FROM rate_limits WHERE id IN (
      SELECT id FROM rate_limits WHERE updated_at < now() - ${`${PRUNE_AFTER_SECONDS} seconds`}::interval
      LIMIT 20 FOR UPDATE SKIP LOCKED)
  `)
  const row = (result as unknown as { rows: { hits: number | string; retry_after: number | string }[] })
    .rows[0]
  const hits = Number(row.hits)
  return { allowed: hits <= rule.max, retryAfterSeconds: Math.max(1, Number(row.retry_after)) }
}

// After a successful login: only failed attempts should add up.
export async function forgiveRateLimitHit(payload: Payload, key: string): Promise<void> {
  const db = payload.db as unknown as PostgresAdapter
  await db.drizzle.execute(sql`UPDATE rate_limits SET hits = GREATEST(0, hits - 1) WHERE key = ${key}`)
}

const PRUNE_AFTER_SECONDS = 24 * 60 * 60

export async function hitQuoteRateLimit(payload: Payload, client: string): Promise<RateLimitResult> {
  return hitRateLimit(payload, `quote:address:${addressKey(client)}`, quoteRateLimit())
}

export function isRateLimitedCaller(req: PayloadRequest, isStaff: boolean): boolean {
  return req.payloadAPI !== 'local' && !isStaff
}

// Payload's error response carries the headers a hook put on the request.
export function refuseRateLimited(req: PayloadRequest, message: string, retryAfterSeconds: number): never {
  const headers = req.responseHeaders ?? new Headers()
  headers.set('Retry-After', String(retryAfterSeconds))
  req.responseHeaders = headers
  throw new APIError(message, 429, { retryAfterSeconds }, true)
}
