// @ts-check
// The Redis side of the shared page cache: entries per build, tag invalidations shared by every
// instance. Free of Next's internals, so server code outside a request (a job that publishes on
// schedule) can invalidate tags through it too.
import { Redis } from 'ioredis'

/**
 * @typedef {{ serverDistDir?: string, maxMemoryCacheSize?: number, [key: string]: unknown }} HandlerContext
 * @typedef {{ kind?: string, tags?: string[], softTags?: string[], fetchCache?: boolean,
 *   cacheControl?: { revalidate?: number | false, expire?: number } }} EntryContext
 * @typedef {{ lastModified: number, value: unknown, cacheControl?: EntryContext['cacheControl'] }} CacheData
 * @typedef {{ get(key: string, ctx: EntryContext): Promise<CacheData | null>,
 *   set(key: string, data: unknown, ctx: EntryContext): Promise<void>,
 *   revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>,
 *   resetRequestCache?(): void }} IncrementalCacheHandler
 */

const KEY_PREFIX = 'curbside:next-cache'
// For entries without a lifetime of their own; old builds' entries expire this way after a deploy.
const DEFAULT_TTL_SECONDS = 7 * 24 * 60 * 60
// Past this, or while Redis is known to be down, render without the cache rather than wait.
const CONNECT_WAIT_MS = 1000

const NEXT_CACHE_TAGS_HEADER = 'x-next-cache-tags'

/**
 * Buffers and Maps (a page's RSC payload and segments) survive JSON this way.
 * @param {string} key
 * @param {unknown} value
 * @this {Record<string, unknown>}
 */
function replacer(key, value) {
  const original = this[key]
  if (original instanceof Uint8Array) return { $b: Buffer.from(original).toString('base64') }
  if (original instanceof Map) return { $m: [...original.entries()] }
  return value
}

/**
 * @param {string} _key
 * @param {any} value
 */
function reviver(_key, value) {
  if (value && typeof value === 'object') {
    if (typeof value.$b === 'string' && Object.keys(value).length === 1)
      return Buffer.from(value.$b, 'base64')
    if (Array.isArray(value.$m) && Object.keys(value).length === 1) return new Map(value.$m)
  }
  return value
}

export const serialize = (/** @type {unknown} */ value) => JSON.stringify(value, replacer)
export const deserialize = (/** @type {string} */ text) => JSON.parse(text, reviver)

/**
 * @param {(message: string) => void} log
 */
function outageReporter(log) {
  let down = false
  return {
    /** @param {unknown} error */
    failed(error) {
      if (down) return
      down = true
      log(
        `[cache] Redis is unreachable (${error instanceof Error ? error.message : String(error)}); pages are rendered without the shared cache until it is back`,
      )
    },
    succeeded() {
      if (!down) return
      down = false
      log('[cache] Redis is reachable again; the shared cache is back in use')
    },
  }
}

/**
 * One Redis connection, which fails fast rather than queue commands while Redis is down.
 * @param {string} url
 * @param {{ log?: (message: string) => void }} [options]
 */
export function connectRedis(url, options = {}) {
  const report = outageReporter(options.log ?? ((message) => console.error(message)))
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  client.on('error', (error) => report.failed(error))
  return { client, report }
}

/**
 * @implements {IncrementalCacheHandler}
 */
export class RedisIncrementalCache {
  /**
   * @param {{ client: Redis, report?: ReturnType<typeof outageReporter>, buildId: string,
   *   keyPrefix?: string }} options
   */
  constructor({ client, report, buildId, keyPrefix = KEY_PREFIX }) {
    this.client = client
    this.report = report ?? outageReporter(() => {})
    // Entries are per build (their HTML names its scripts); tag invalidations span builds for rolling deploys.
    this.entryPrefix = `${keyPrefix}:${buildId}:`
    this.tagsKey = `${keyPrefix}:tags`
    // Next builds a handler per request, so entries date from the request's start: data read before an
    // edit and stored after that edit's invalidation must not pass for fresh.
    this.startedAt = Date.now()
  }

  /** @returns {Promise<boolean>} */
  async available() {
    const { status } = this.client
    if (status === 'ready') return true
    if (status !== 'connecting' && status !== 'connect' && status !== 'wait') return false
    if (status === 'wait') this.client.connect().catch(() => {})
    return new Promise((resolve) => {
      const done = (/** @type {boolean} */ ok) => {
        clearTimeout(timer)
        this.client.off('ready', onReady)
        resolve(ok)
      }
      const onReady = () => done(true)
      const timer = setTimeout(() => done(false), CONNECT_WAIT_MS)
      this.client.once('ready', onReady)
    })
  }

  /**
   * @param {string} key
   * @param {boolean} isData
   */
  entryKey(key, isData) {
    return `${this.entryPrefix}${isData ? 'data' : 'route'}:${key}`
  }

  /**
   * @param {string} key
   * @param {EntryContext} ctx
   * @returns {Promise<CacheData | null>}
   */
  async get(key, ctx) {
    try {
      if (!(await this.available())) return null
      const text = await this.client.get(this.entryKey(key, ctx.kind === 'FETCH'))
      this.report.succeeded()
      if (text === null) return null
      /** @type {{ lastModified: number, value: any, cacheControl?: EntryContext['cacheControl'], tags?: string[] }} */
      const entry = deserialize(text)
      const tags = new Set([...(entry.tags ?? []), ...(ctx.tags ?? []), ...(ctx.softTags ?? [])])
      const header = entry.value?.headers?.[NEXT_CACHE_TAGS_HEADER]
      if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag)
      if (tags.size > 0) {
        const invalidatedAt = await this.client.hmget(this.tagsKey, ...tags)
        const now = Date.now()
        // As Next's own cache: a tag whose expiry has come, later than the entry was made.
        for (const at of invalidatedAt) {
          const time = Number(at)
          if (at !== null && time <= now && time > entry.lastModified) return null
        }
      }
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl }
    } catch (error) {
      this.report.failed(error)
      return null
    }
  }

  /**
   * @param {string} key
   * @param {any} data
   * @param {EntryContext} ctx
   */
  async set(key, data, ctx) {
    const isData = Boolean(ctx.fetchCache)
    const cacheControl = isData ? undefined : ctx.cacheControl
    const expire = cacheControl?.expire
    const ttl =
      typeof expire === 'number' && Number.isFinite(expire) && expire > 0 ? expire : DEFAULT_TTL_SECONDS
    const entry = {
      lastModified: Math.min(this.startedAt, Date.now()),
      value: data,
      cacheControl,
      tags: isData ? (ctx.tags ?? []) : [],
    }
    try {
      if (!(await this.available())) return
      await this.client.set(this.entryKey(key, isData), serialize(entry), 'EX', Math.ceil(ttl))
      this.report.succeeded()
    } catch (error) {
      this.report.failed(error)
    }
  }

  /**
   * @param {string | string[]} tags
   * @param {{ expire?: number }} [durations]
   */
  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags
    if (list.length === 0) return
    const at = Date.now() + Math.max(0, durations?.expire ?? 0) * 1000
    try {
      if (!(await this.available())) throw new Error('not connected')
      await this.client.hset(this.tagsKey, Object.fromEntries(list.map((tag) => [tag, String(at)])))
      this.report.succeeded()
    } catch (error) {
      // The edit is saved; other instances catch up at their next time-based revalidation.
      this.report.failed(error)
    }
  }

  resetRequestCache() {}
}

export function sharedCacheUrl() {
  if (process.env.NEXT_PHASE === 'phase-production-build') return null
  return process.env.REDIS_URL || null
}
