import { createRequire } from 'node:module'

import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import CacheHandler, { RedisIncrementalCache, connectRedis } from '@/server/cache-handler.mjs'

import { startRedisServer } from '../helpers/redis-server'
import type { RedisServer } from '../helpers/redis-server'

// The shared page cache (src/server/cache-handler.mjs) against a real redis-server. Two
// handlers on two connections stand for two app instances: what one stores the other
// reads, and a tag invalidated through one makes the other's next read a miss.

const require = createRequire(import.meta.url)
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache.js').default

const PAGE_TAGS = '_N_T_/layout,_N_T_/page,_N_T_/,promotions,site-settings'
const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from([0, 1, 2, 255]),
  status: 200,
  postponed: undefined,
  headers: { 'x-next-cache-tags': PAGE_TAGS },
  segmentData: new Map([['/_tree', Buffer.from('tree')]]),
})
const pageCtx = { cacheControl: { revalidate: 30, expire: 60 } }
const data = (body: string) => ({
  kind: 'FETCH',
  data: { headers: {}, body, url: '', status: 200 },
  revalidate: 30,
})
const dataCtx = { kind: 'FETCH', tags: ['gallery'], softTags: ['_N_T_/layout'] }

let redis: RedisServer
const clients: Redis[] = []

function instance(buildId = 'build-1') {
  const { client } = connectRedis(redis.url, { log: () => {} })
  clients.push(client)
  return (options: { buildId?: string } = {}) =>
    new RedisIncrementalCache({ client, buildId: options.buildId ?? buildId, keyPrefix: 'test' })
}

beforeAll(async () => {
  redis = await startRedisServer()
})

afterEach(async () => {
  const admin = new Redis(redis.url)
  await admin.flushall()
  admin.disconnect()
})

afterAll(async () => {
  for (const client of clients) client.disconnect()
  await redis.stop()
})

describe('the shared cache in Redis', () => {
  it('gives one instance what another stored, Buffers and Maps intact', async () => {
    const a = instance()
    const b = instance()
    await a().set('/index', page('<p>banner one</p>'), pageCtx)
    const hit = await b().get('/index', { kind: 'APP_PAGE' })
    expect(hit?.value).toEqual(page('<p>banner one</p>'))
    expect(Buffer.isBuffer((hit?.value as { rscData: Buffer }).rscData)).toBe(true)
    expect(hit?.cacheControl).toEqual(pageCtx.cacheControl)
    expect(await b().get('/missing', { kind: 'APP_PAGE' })).toBeNull()

    await a().set('key-1', data('["one"]'), { fetchCache: true, tags: ['gallery'] })
    expect((await b().get('key-1', dataCtx))?.value).toEqual(data('["one"]'))
  })

  it('misses on every instance once a tag of the entry is invalidated on one', async () => {
    const a = instance()
    const b = instance()
    await b().set('/index', page('<p>old banner</p>'), pageCtx)
    await b().set('gallery-data', data('[1]'), { fetchCache: true, tags: ['gallery'] })
    await b().set('settings-data', data('{}'), { fetchCache: true, tags: ['site-settings'] })
    await new Promise((resolve) => setTimeout(resolve, 5))

    await a().revalidateTag(['promotions'], { expire: 0 })
    expect(await b().get('/index', { kind: 'APP_PAGE' })).toBeNull()
    expect(await a().get('/index', { kind: 'APP_PAGE' })).toBeNull()
    expect(await b().get('gallery-data', dataCtx)).not.toBeNull()

    await a().revalidateTag('gallery')
    expect(await b().get('gallery-data', dataCtx)).toBeNull()
    expect(await b().get('settings-data', { kind: 'FETCH', tags: ['site-settings'] })).not.toBeNull()

    // Stored again after the invalidation: served again.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await b().set('/index', page('<p>new banner</p>'), pageCtx)
    expect((await a().get('/index', { kind: 'APP_PAGE' }))?.value).toEqual(page('<p>new banner</p>'))
  })

  it('does not take data read before an invalidation, and stored after it, for fresh', async () => {
    const a = instance()
    const b = instance()
    const slowRequest = b()
    await new Promise((resolve) => setTimeout(resolve, 5))
    await a().revalidateTag(['promotions'])
    await slowRequest.set('/index', page('<p>read before the edit</p>'), pageCtx)
    expect(await b().get('/index', { kind: 'APP_PAGE' })).toBeNull()
  })

  it('keeps an entry whose tag expires later until then', async () => {
    const a = instance()
    await a().set('/index', page('<p>x</p>'), pageCtx)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await a().revalidateTag(['promotions'], { expire: 3600 })
    expect(await a().get('/index', { kind: 'APP_PAGE' })).not.toBeNull()
  })

  it('lets Redis drop a page when its lifetime ends, and data after a week', async () => {
    const a = instance()
    await a().set('/index', page('<p>x</p>'), pageCtx)
    await a().set('key-1', data('[]'), { fetchCache: true, tags: [] })
    const admin = new Redis(redis.url)
    try {
      expect(await admin.ttl('test:build-1:route:/index')).toBe(60)
      expect(await admin.ttl('test:build-1:data:key-1')).toBe(7 * 24 * 60 * 60)
      await a().set('/short', page('<p>y</p>'), { cacheControl: { revalidate: 1, expire: 1 } })
      expect(await admin.pttl('test:build-1:route:/short')).toBeLessThanOrEqual(1000)
      await admin.pexpire('test:build-1:route:/short', 1)
      await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      admin.disconnect()
    }
    expect(await a().get('/short', { kind: 'APP_PAGE' })).toBeNull()
  })

  it('keeps entries apart per build, and invalidations across builds', async () => {
    const oldBuild = instance('old')
    const newBuild = instance('new')
    await oldBuild().set('/index', page('<p>old build</p>'), pageCtx)
    expect(await newBuild().get('/index', { kind: 'APP_PAGE' })).toBeNull()
    await newBuild().set('/index', page('<p>new build</p>'), pageCtx)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await oldBuild().revalidateTag(['site-settings'])
    expect(await newBuild().get('/index', { kind: 'APP_PAGE' })).toBeNull()
  })
})

describe('the shared cache with Redis down', () => {
  it('answers misses and swallows writes, and says so once', async () => {
    const down = await startRedisServer()
    const lines: string[] = []
    const { client, report } = connectRedis(down.url, { log: (line) => lines.push(line) })
    clients.push(client)
    const handler = () => new RedisIncrementalCache({ client, report, buildId: 'b', keyPrefix: 'test' })
    await handler().set('/index', page('<p>x</p>'), pageCtx)
    expect(await handler().get('/index', { kind: 'APP_PAGE' })).not.toBeNull()

    await down.stop()
    const started = Date.now()
    expect(await handler().get('/index', { kind: 'APP_PAGE' })).toBeNull()
    await expect(handler().set('/index', page('<p>y</p>'), pageCtx)).resolves.toBeUndefined()
    await expect(handler().revalidateTag(['promotions'])).resolves.toBeUndefined()
    expect(await handler().get('/index', { kind: 'APP_PAGE' })).toBeNull()
    // Fast: no request waits on a server that is gone.
    expect(Date.now() - started).toBeLessThan(1500)
    expect(lines.filter((line) => line.includes('Redis is unreachable'))).toHaveLength(1)

    // Back on the same port: the cache is used again, and that is said once too.
    const again = await startRedisServer(down.port)
    try {
      const deadline = Date.now() + 10_000
      while (client.status !== 'ready' && Date.now() < deadline) {
        await new Promise((resolve) => client.once('ready', resolve).once('end', resolve))
      }
      await handler().set('/index', page('<p>z</p>'), pageCtx)
      expect((await handler().get('/index', { kind: 'APP_PAGE' }))?.value).toEqual(page('<p>z</p>'))
      expect(lines.filter((line) => line.includes('reachable again'))).toHaveLength(1)
    } finally {
      await again.stop()
    }
  })
})

describe('the handler Next loads', () => {
  const saved = { REDIS_URL: process.env.REDIS_URL, NEXT_PHASE: process.env.NEXT_PHASE }
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })
  const ctx = { serverDistDir: '/nonexistent/.next/server', fs: {}, flushToDisk: false, revalidatedTags: [] }

  it("is Next's own file-system cache without REDIS_URL", () => {
    delete process.env.REDIS_URL
    expect(new CacheHandler(ctx).delegate).toBeInstanceOf(FileSystemCache)
  })

  it('is the file-system cache during `next build`, even with REDIS_URL', () => {
    process.env.REDIS_URL = redis.url
    process.env.NEXT_PHASE = 'phase-production-build'
    expect(new CacheHandler(ctx).delegate).toBeInstanceOf(FileSystemCache)
  })

  it('shares entries through Redis with REDIS_URL, on one connection per process', async () => {
    process.env.REDIS_URL = redis.url
    delete process.env.NEXT_PHASE
    const a = new CacheHandler(ctx)
    const b = new CacheHandler(ctx)
    expect(a.delegate).toBeInstanceOf(RedisIncrementalCache)
    expect((a.delegate as RedisIncrementalCache).client).toBe((b.delegate as RedisIncrementalCache).client)
    await a.set('/index', page('<p>shared</p>'), pageCtx)
    expect((await b.get('/index', { kind: 'APP_PAGE' }))?.value).toEqual(page('<p>shared</p>'))
    ;(a.delegate as RedisIncrementalCache).client.disconnect()
  })
})

// A publish run by the job queue happens outside any request, where Next's revalidateTag
// refuses: src/server/revalidate.ts sends the invalidation to Redis itself.
describe('a revalidation outside a request', () => {
  const saved = process.env.REDIS_URL
  afterEach(() => {
    if (saved === undefined) delete process.env.REDIS_URL
    else process.env.REDIS_URL = saved
  })

  it('reaches every instance through Redis', async () => {
    process.env.REDIS_URL = redis.url
    const { revalidateTags } = await import('@/server/revalidate')
    const { client } = connectRedis(redis.url, { log: () => {} })
    clients.push(client)
    const other = () => new RedisIncrementalCache({ client, buildId: 'build-1' })
    await other().set('home-data', data('{"price":125}'), { fetchCache: true, tags: ['home-page'] })
    await other().set('gallery-data', data('[1]'), { fetchCache: true, tags: ['gallery'] })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await revalidateTags(['home-page'])
    expect(await other().get('home-data', { kind: 'FETCH', tags: ['home-page'] })).toBeNull()
    expect(await other().get('gallery-data', dataCtx)).not.toBeNull()
  })
})
