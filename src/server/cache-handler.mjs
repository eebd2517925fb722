// @ts-check
// Next's incremental cache, shared through Redis when REDIS_URL is set so a revalidateTag on one instance
// reaches all of them. Chosen at startup, not build, so one image serves both; loaded by Node unbundled.
import fs from 'node:fs'
import path from 'node:path'

import { FileSystemCache as NextFileSystemCache } from './patches/next-file-system-cache.mjs'
import { RedisIncrementalCache, connectRedis, sharedCacheUrl } from './redis-cache.mjs'

export {
  RedisIncrementalCache,
  connectRedis,
  deserialize,
  serialize,
  sharedCacheUrl,
} from './redis-cache.mjs'

/**
 * @typedef {import('./redis-cache.mjs').HandlerContext} HandlerContext
 * @typedef {import('./redis-cache.mjs').EntryContext} EntryContext
 * @typedef {import('./redis-cache.mjs').IncrementalCacheHandler} IncrementalCacheHandler
 */

/** @type {new (ctx: HandlerContext) => IncrementalCacheHandler} */
const FileSystemCache = NextFileSystemCache

/** @param {string | undefined} serverDistDir */
function readBuildId(serverDistDir) {
  if (!serverDistDir) return 'unknown'
  try {
    return fs.readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim()
  } catch {
    return 'unknown'
  }
}

/** @type {Map<string, ReturnType<typeof connectRedis>>} */
const connections = new Map()

/** @implements {IncrementalCacheHandler} */
export default class CacheHandler {
  /** @param {HandlerContext} ctx */
  constructor(ctx) {
    const url = sharedCacheUrl()
    if (!url) {
      this.delegate = new FileSystemCache(ctx)
      return
    }
    let connection = connections.get(url)
    if (!connection) connections.set(url, (connection = connectRedis(url)))
    this.delegate = new RedisIncrementalCache({ ...connection, buildId: readBuildId(ctx.serverDistDir) })
  }

  /** @param {string} key @param {EntryContext} ctx */
  get(key, ctx) {
    return this.delegate.get(key, ctx)
  }

  /** @param {string} key @param {unknown} data @param {EntryContext} ctx */
  set(key, data, ctx) {
    return this.delegate.set(key, data, ctx)
  }

  /** @param {string | string[]} tags @param {{ expire?: number }} [durations] */
  revalidateTag(tags, durations) {
    return this.delegate.revalidateTag(tags, durations)
  }

  resetRequestCache() {
    this.delegate.resetRequestCache?.()
  }
}
