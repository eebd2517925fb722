import { createHash } from 'node:crypto'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { APIError } from 'payload'
import type { Payload, PayloadRequest } from 'payload'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { RATE_LIMIT_TABLE } from '@/server/db-schema'

// Read at call time so an operator can tune them.
export function requestRateLimit(): { max: number; windowSeconds: number } {
  // The variables keep their first names for compatibility: deployments set them.
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

// rate-limiter-flexible's PostgreSQL store, on a table declared in Payload's schema so that
// migrations and the development push keep it. Its upsert serialises concurrent hits from any
// instance on the row, outside the caller's transaction, so refused or failed attempts count.

const limiters = new WeakMap<Payload, Map<string, RateLimiterPostgres>>()

export function rateLimiter(payload: Payload, rule: RateLimitRule): RateLimiterPostgres {
  const own = limiters.get(payload) ?? new Map<string, RateLimiterPostgres>()
  limiters.set(payload, own)
  const id = `${rule.max}/${rule.windowSeconds}`
  let limiter = own.get(id)
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: (payload.db as unknown as PostgresAdapter).pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: '',
      points: rule.max,
      duration: rule.windowSeconds,
    })
    own.set(id, limiter)
  }
  return limiter
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000))

export async function hitRateLimit(
  payload: Payload,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  try {
    return { allowed: true, retryAfterSeconds: retryAfter(await rateLimiter(payload, rule).consume(key)) }
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(refused) }
    throw refused
  }
}

// After a successful login: only failed attempts should add up. Called only for a key this
// request has just hit, so the row exists (the library would store −1 for an unseen key).
export async function forgiveRateLimitHit(payload: Payload, key: string, rule: RateLimitRule): Promise<void> {
  await rateLimiter(payload, rule).reward(key, 1)
}

// The request form's counters keep their first name for compatibility: counters running at a
// deploy carry on.
export const REQUEST_RATE_LIMIT_PREFIX = 'quote:address:'

export async function hitRequestRateLimit(payload: Payload, client: string): Promise<RateLimitResult> {
  return hitRateLimit(payload, `${REQUEST_RATE_LIMIT_PREFIX}${addressKey(client)}`, requestRateLimit())
}

// Per link and connection, for the pages and forms a customer reaches from an e-mail's link
// (a quote, the review requests' unsubscribe). Only links whose signature holds are counted
// (checking one touches no database): requests for made-up links, sixty <img> tags on another
// site say, then cannot lock a connection, or everyone behind its NAT, out of their own links.
export const CUSTOMER_LINK_LIMIT = { max: 60, windowSeconds: 10 * 60 }

/** `link`: what the link's signature vouches for (a quote's nonce, an unsubscribe signature). */
export async function hitCustomerLinkLimit(
  payload: Payload,
  client: string,
  link: string,
): Promise<RateLimitResult> {
  const linkKey = createHash('sha256').update(link).digest('base64url').slice(0, 16)
  const key = `customer-link:${linkKey}:address:${addressKey(client)}`
  return hitRateLimit(payload, key, CUSTOMER_LINK_LIMIT)
}

export async function withinCustomerLinkLimit(
  payload: Payload,
  client: string,
  link: string,
): Promise<boolean> {
  return (await hitCustomerLinkLimit(payload, client, link)).allowed
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
