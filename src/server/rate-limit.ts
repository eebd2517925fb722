import diagnosticsChannel from 'node:diagnostics_channel'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { APIError } from 'payload'
import type { Payload, PayloadRequest } from 'payload'

// Quote submissions per client: at most QUOTE_RATE_LIMIT_MAX (5) in a window of
// QUOTE_RATE_LIMIT_WINDOW_SECONDS (600). Read at call time so an operator can tune them.
export function quoteRateLimit(): { max: number; windowSeconds: number } {
  const max = Number(process.env.QUOTE_RATE_LIMIT_MAX || 5)
  const windowSeconds = Number(process.env.QUOTE_RATE_LIMIT_WINDOW_SECONDS || 600)
  return { max: max > 0 ? max : 5, windowSeconds: windowSeconds > 0 ? windowSeconds : 600 }
}

export const RATE_LIMITED_MESSAGE =
  'Too many quote requests from this connection. Please try again in a few minutes.'

// Where the client's address comes from. A route handler never sees the socket: Next 16
// builds its Request from the Node request's headers alone
// (next/dist/server/web/spec-extension/adapters/next-request.js, fromNodeNextRequest:
// "// ip" is left out), and the only place Next puts the socket address into a header is
// next/dist/server/base-server.js (16.4.5, line 604):
//   req.headers['x-forwarded-for'] ??= originalRequest?.socket?.remoteAddress
// i.e. only when the client sent no X-Forwarded-For; one it did send is passed on as it
// came, neither overwritten nor appended to. So the header alone is whatever the client
// wants it to be. Node itself hands every request with its socket to the subscribers of
// the 'http.server.request.start' diagnostics channel, synchronously, before the server's
// 'request' listener (Next's) runs (lib/_http_server.js, parserOnIncoming:
// onRequestStartChannel.publish({ request, response, socket, server }), then
// server.emit('request', req, res)). There we append the socket address, exactly as a
// proxy appends the address it saw: the right-most entry is then always our own peer.
const APPENDER = Symbol.for('curbside.forwardedForAppender')
type Appender = { uninstall: () => void }

function socketAddress(socket: Socket): string | undefined {
  const address = socket.remoteAddress
  // An IPv4 client on a dual-stack listener shows up as ::ffff:a.b.c.d.
  return address?.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address
}

function appendSocketAddress(message: unknown): void {
  const { request, socket } = message as { request: IncomingMessage; socket: Socket }
  const peer = socketAddress(socket)
  if (!peer) return
  const sent = request.headers['x-forwarded-for']
  const chain = Array.isArray(sent) ? sent.join(', ') : sent
  request.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer
  // The same for code that reads the raw header list rather than `headers`.
  request.rawHeaders.push('X-Forwarded-For', peer)
}

// Installs the appender once per process (the module may be bundled more than once) and
// returns how to remove it again.
export function appendSocketAddressToForwardedFor(): () => void {
  const registry = globalThis as { [APPENDER]?: Appender }
  const existing = registry[APPENDER]
  if (existing) return existing.uninstall
  diagnosticsChannel.subscribe('http.server.request.start', appendSocketAddress)
  const uninstall = () => {
    diagnosticsChannel.unsubscribe('http.server.request.start', appendSocketAddress)
    delete registry[APPENDER]
  }
  registry[APPENDER] = { uninstall }
  return uninstall
}

// Nothing here runs on import: src/instrumentation.ts installs the appender when the
// server starts (next start, the standalone server, next dev), before Payload boots, and
// the integration tests' HTTP server (tests/helpers/http-server.ts) installs it as it
// starts.

// The client's address: the X-Forwarded-For entry TRUSTED_PROXY_HOPS places from the
// right. The right-most entry is the socket's peer (appended above); each of our own
// proxies appends the address it saw, so with N proxies in front the client is N entries
// further left, and anything the client wrote itself is further left still.
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

// The key of a client address: IPv4 as it is; IPv6 by its /64, the block one subscriber
// gets, so a client cannot walk through fresh addresses of its own network for fresh
// limits.
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

// Counts one hit for `key` under `rule` and says whether it is within the limit. One
// INSERT ... ON CONFLICT statement: concurrent requests (from any instance) serialise
// on the row, so none slips through. Runs outside any transaction of the caller, so a
// refused or failed attempt still counts. The same statement's neighbour removes a few
// counters whose window ended long ago, so the table stays small without a timer.
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

// Takes back one hit (a login that succeeded: only failed attempts should add up).
export async function forgiveRateLimitHit(payload: Payload, key: string): Promise<void> {
  const db = payload.db as unknown as PostgresAdapter
  await db.drizzle.execute(sql`UPDATE rate_limits SET hits = GREATEST(0, hits - 1) WHERE key = ${key}`)
}

// Longer than any window: a counter untouched for a day says nothing any more.
const PRUNE_AFTER_SECONDS = 24 * 60 * 60

export async function hitQuoteRateLimit(payload: Payload, client: string): Promise<RateLimitResult> {
  return hitRateLimit(payload, `quote:address:${addressKey(client)}`, quoteRateLimit())
}

// Whether this request is subject to the limit: anything from outside (REST, GraphQL,
// the quote endpoint) unless an approved staff member sends it.
export function isRateLimitedCaller(req: PayloadRequest, isStaff: boolean): boolean {
  return req.payloadAPI !== 'local' && !isStaff
}

// Refuses the request as a 429 whose Retry-After header says when to come back: Payload's
// error response carries the headers a hook put on the request.
export function refuseRateLimited(req: PayloadRequest, message: string, retryAfterSeconds: number): never {
  const headers = req.responseHeaders ?? new Headers()
  headers.set('Retry-After', String(retryAfterSeconds))
  req.responseHeaders = headers
  throw new APIError(message, 429, { retryAfterSeconds }, true)
}
