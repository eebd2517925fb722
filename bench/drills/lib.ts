import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import sharp from 'sharp'
import { SMTPServer } from 'smtp-server'

import { freePort } from '../../scripts/free-port.mjs'
import { startServer } from '../lib/server'
import type { RunningServer } from '../lib/server'
import { percentile, round } from '../lib/stats'

// Shared pieces of the resilience drills (bench/drills/<name>.ts, run by bench/drills/run.ts).

export type DrillResult = { failures: string[]; figures: Record<string, unknown> }

export const QUOTE_PATH = '/api/quote-requests'
// Every drill lifts the per-client limit: all its traffic comes from 127.0.0.1.
export const NO_RATE_LIMIT = { QUOTE_RATE_LIMIT_MAX: '1000000' }
export const FAILED_MESSAGE = 'There was a problem submitting your request. Please try again.'

// A folder of this run for server logs and the drills' own services (clusters, buckets).
export const RUN_DIR = path.join(os.tmpdir(), `curbside-drills-${process.pid}`)
fs.mkdirSync(RUN_DIR, { recursive: true })

export const DATA_DIR = path.resolve(process.env.DATA_DIR || '.data')

/** A tag unique to this run, so a drill finds its own rows among those of earlier drills. */
export const runTag = (drill: string) => `${drill}${Date.now().toString(36)}`

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function envSeconds(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}

export { freePort }

export function tally(values: (string | number)[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1
  return out
}

export function latency(ms: number[]) {
  return { p50: round(percentile(ms, 50)), p99: round(percentile(ms, 99)), max: round(Math.max(0, ...ms)) }
}

// ---- HTTP ----

export type Outcome = {
  status: number | null
  ms: number
  body: string
  json: Record<string, unknown> | null
  headers: Record<string, string>
  /** Set when no HTTP response came back (refused, reset, timed out). */
  error?: string
  startedAt: number
}

/** `bodyChars`: how much of the answer's body to keep (a page's text lies past the first 2000). */
export async function send(
  url: string,
  init: RequestInit = {},
  timeoutMs = 120_000,
  bodyChars = 2000,
): Promise<Outcome> {
  const startedAt = Date.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    const body = await res.text()
    let json: Record<string, unknown> | null = null
    try {
      const parsed: unknown = JSON.parse(body)
      if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>
    } catch {
      // not JSON
    }
    return {
      status: res.status,
      ms: Date.now() - startedAt,
      body: body.slice(0, bodyChars),
      json,
      headers: Object.fromEntries(res.headers),
      startedAt,
    }
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    return {
      status: null,
      ms: Date.now() - startedAt,
      body: '',
      json: null,
      headers: {},
      error: `${(err as Error).name}: ${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
      startedAt,
    }
  }
}

/**
 * A request written by hand (node:http), for what fetch will not send: a Content-Length
 * that lies, a body that stops half-way. Resolves with the status, or null when no answer
 * came within `timeoutMs` (the socket is then destroyed).
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers: Record<string, string>; body: Buffer; end: boolean },
  timeoutMs = 10_000,
): Promise<Outcome> {
  const startedAt = Date.now()
  return new Promise((resolve) => {
    const req = http.request(url, { method: options.method ?? 'POST', headers: options.headers })
    const timer = setTimeout(() => {
      req.destroy()
      resolve({
        status: null,
        ms: Date.now() - startedAt,
        body: '',
        json: null,
        headers: {},
        error: 'no answer',
        startedAt,
      })
    }, timeoutMs)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        clearTimeout(timer)
        const body = Buffer.concat(chunks).toString('utf8')
        let json: Record<string, unknown> | null = null
        try {
          json = JSON.parse(body) as Record<string, unknown>
        } catch {
          // not JSON
        }
        resolve({
          status: res.statusCode ?? null,
          ms: Date.now() - startedAt,
          body: body.slice(0, 2000),
          json,
          headers: {},
          startedAt,
        })
        req.destroy()
      })
    })
    req.on('error', (err) => {
      clearTimeout(timer)
      resolve({
        status: null,
        ms: Date.now() - startedAt,
        body: '',
        json: null,
        headers: {},
        error: err.message,
        startedAt,
      })
    })
    req.write(options.body)
    if (options.end) req.end()
  })
}

// ---- quote submissions ----

export type RequestFields = {
  firstName: string
  lastName: string
  phone: string
  email: string
  description: string
  serviceType: string
}

export function requestFields(tag: string, n: number): RequestFields {
  return {
    firstName: 'Drill',
    lastName: `${tag} ${n}`,
    phone: '(512) 555-0100',
    email: `${tag}-${n}@example.com`,
    description: `Drill ${tag}, submission ${n}: curb rash on the front left wheel.`,
    serviceType: 'wheel_restoration',
  }
}

export type Part = { name: string; type: string; bytes: Buffer }

export function formOf(fields: Partial<Record<string, string>>, photos: Part[] = []): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value)
  for (const p of photos) form.append('photos', new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name)
  return form
}

/** A small phone-like JPEG (EXIF, orientation), a few hundred bytes. */
export async function smallJpeg(seed = 0): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: 90, b: 150 } },
  })
    .withExif({ IFD0: { Make: 'DrillPhone', Model: 'Curbside 1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
}

export const idempotencyKey = (tag: string, n: number) => `drill-${tag}-${String(n).padStart(5, '0')}`

export function submitRequest(url: string, form: FormData, key: string | null, timeoutMs = 120_000) {
  return send(
    `${url}${QUOTE_PATH}`,
    { method: 'POST', body: form, headers: key ? { 'Idempotency-Key': key } : {} },
    timeoutMs,
  )
}

/** Runs `work` over `items` with at most `concurrency` at once, results in order. */
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await work(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return out
}

// ---- the database ----

export async function withDb<T>(connectionString: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString })
  client.on('error', () => {})
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

export async function rowCounts(db: pg.Client) {
  const { rows } = await db.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM leads) AS leads,
           (SELECT count(*) FROM customer_uploads) AS uploads,
           (SELECT count(*) FROM users) AS users,
           (SELECT count(*) FROM payload_jobs) AS jobs,
           (SELECT count(*) FROM work_orders) AS work_orders,
           (SELECT count(*) FROM payments) AS payments`)
  const r = rows[0]
  return {
    leads: Number(r.leads),
    uploads: Number(r.uploads),
    users: Number(r.users),
    jobs: Number(r.jobs),
    workOrders: Number(r.work_orders),
    payments: Number(r.payments),
  }
}

export type LeadRow = {
  id: number
  email: string
  key: string | null
  photos: { id: number; filename: string | null }[]
}

/** Leads whose e-mail starts with `${tag}-`, with their linked photos. */
export async function leadsOf(db: pg.Client, tag: string): Promise<LeadRow[]> {
  const { rows } = await db.query<{
    id: number
    email: string
    key: string | null
    photos: LeadRow['photos'] | null
  }>(
    `SELECT l.id, l.email, l.idempotency_key AS key,
            json_agg(json_build_object('id', u.id, 'filename', u.filename) ORDER BY r."order")
              FILTER (WHERE r.id IS NOT NULL) AS photos
       FROM leads l
       LEFT JOIN leads_rels r ON r.parent_id = l.id AND r.path = 'photos'
       LEFT JOIN customer_uploads u ON u.id = r.customer_uploads_id
      WHERE l.email LIKE $1
      GROUP BY l.id`,
    [`${tag}-%`],
  )
  return rows.map((r) => ({ ...r, photos: r.photos ?? [] }))
}

export type JobRow = {
  leadId: number
  audience: string
  processing: boolean
  hasError: boolean
  tried: number
}

// The e-mail jobs not yet finished. Finished jobs stay in payload_jobs for a week (so a
// second runner finds them done): they count as sent, not queued.
export async function emailJobs(db: pg.Client): Promise<JobRow[]> {
  const { rows } = await db.query<{
    input: { leadId: number; audience: string }
    processing: boolean
    has_error: boolean
    total_tried: string
  }>(
    `SELECT input, processing, has_error, total_tried FROM payload_jobs WHERE task_slug = 'sendQuoteEmail' AND completed_at IS NULL`,
  )
  return rows.map((r) => ({
    leadId: Number(r.input.leadId),
    audience: r.input.audience,
    processing: Boolean(r.processing),
    hasError: Boolean(r.has_error),
    tried: Number(r.total_tried ?? 0),
  }))
}

// ---- e-mail ----

export type Mail = { to: string[]; headers: Record<string, string>; receivedAt: number; raw?: string }

// The headers of a raw message, unfolded, names in lower case.
export function mailHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ')
  const out: Record<string, string> = {}
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] ??= line.slice(i + 1).trim()
  }
  return out
}

/** Which lead (by its e-mail address) and audience a quote e-mail is about, or null. */
export function quoteMailOf(
  headers: Record<string, string>,
  to: string[],
): { email: string; audience: string } | null {
  const subject = headers.subject ?? ''
  const address = (s: string) => (/<([^>]+)>/.exec(s)?.[1] ?? s).trim().toLowerCase()
  if (subject.startsWith('New quote request') && headers['reply-to']) {
    return { email: address(headers['reply-to']), audience: 'business' }
  }
  if (subject.startsWith('We received your')) {
    return { email: (to[0] ?? address(headers.to ?? '')).toLowerCase(), audience: 'customer' }
  }
  return null
}

/** Messages captured by the local mail transport (DATA_DIR/mail/*.eml). */
export function capturedMail(dataDir = DATA_DIR): Mail[] {
  const dir = path.join(dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => {
      const headers = mailHeaders(fs.readFileSync(path.join(dir, f), 'latin1'))
      return { to: (headers.to ?? '').split(',').map((s) => s.trim().toLowerCase()), headers, receivedAt: 0 }
    })
}

/**
 * An SMTP server that records every message it accepts; stop and start it again on the same
 * port. `keepBodies`: each message whole in `raw` too (off: business e-mails carry photos).
 */
export class RecordingSmtp {
  received: Mail[] = []
  port = 0
  private server: SMTPServer | null = null
  private readonly keepBodies: boolean

  constructor(options: { keepBodies?: boolean } = {}) {
    this.keepBodies = options.keepBodies ?? false
  }

  async start(port = this.port): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      closeTimeout: 5_000,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1')
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            headers: mailHeaders(raw),
            receivedAt: Date.now(),
            ...(this.keepBodies ? { raw } : {}),
          })
          callback()
        })
      },
    })
    server.on('error', () => {})
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.port = (server.server.address() as AddressInfo).port
    return this.port
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

// ---- files ----

/** Every file under `dir`, relative to it. */
export function filesUnder(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name)
      if (entry.isDirectory()) walk(full)
      else out.push(path.relative(dir, full))
    }
  }
  walk(dir)
  return out.sort()
}

// ---- the server and its log ----

export const serverLogFile = (drill: string) => path.join(RUN_DIR, `${drill}-server.log`)

// The production server of a drill, its whole output in `logFile`.
export function startDrillServer(logFile: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(env, { logFile })
}

/**
 * The distinct error lines of the server's log (colours, timestamps and NUL bytes removed),
 * at most `limit`. Payload logs every refused validation at ERROR level too; those
 * (4xx answers) are left out.
 */
export function errorLines(file: string, limit = 12): string[] {
  if (!fs.existsSync(file)) return []
  const seen = new Set<string>()
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const clean = line
      .replace(/\x1b\[[0-9;]*m/g, '')
      .replaceAll('\u0000', '')
      .replace(/^\s*\[\d\d:\d\d:\d\d\]\s*/, '')
      .trim()
    if (!/^(ERROR:|⨯ |caused by:)|uncaught|unhandled/i.test(clean)) continue
    if (/following fields? (is|are) invalid|email or password provided is incorrect/i.test(clean)) continue
    seen.add(clean.slice(0, 300))
    if (seen.size >= limit) break
  }
  return [...seen]
}

/** Each log's distinct error lines (at most 8); a failure in `failures` when there are any. */
export function logsErrorLines<K extends string>(
  logs: Record<K, string>,
  failures: string[],
): Record<K, string[]> {
  const errors = Object.fromEntries(
    Object.entries<string>(logs).map(([name, file]) => [name, errorLines(file, 8)]),
  ) as Record<K, string[]>
  const count = Object.values<string[]>(errors).reduce((sum, lines) => sum + lines.length, 0)
  if (count) failures.push(`${count} distinct error lines in the logs`)
  return errors
}

/**
 * The server log's unhandled rejections and uncaught exceptions: whatever a request did,
 * its failures must have been handled by the code that started the work, never left to
 * the process (Next logs them and goes on; plain Node would stop).
 */
export function unhandledFailures(file: string): string[] {
  const lines = errorLines(file, 1000).filter((line) =>
    /unhandled ?rejection|uncaught ?exception/i.test(line),
  )
  return lines.length ? [`the server left failures unhandled: ${lines.slice(0, 3).join(' | ')}`] : []
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// The secret Payload signs with (payload.secret): derived from PAYLOAD_SECRET, which the
// launcher gives the drills and their servers alike. For links a customer would get.
export function payloadSecret(): string {
  return createHash('sha256').update(process.env.PAYLOAD_SECRET!).digest('hex').slice(0, 32)
}
