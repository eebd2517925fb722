import { revalidateTag } from 'next/cache'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  RequestContext,
} from 'payload'

import type { CacheTag } from '@/lib/cache-tags'
import { expireTagsInProcess } from '@/server/patches/next-tags-outside-request'
import { connectRedis, RedisIncrementalCache, sharedCacheUrl } from '@/server/redis-cache.mjs'

let shared: RedisIncrementalCache | undefined

// A scheduled publish runs in the job queue, outside any request: its invalidation goes to the
// shared cache every instance reads (Redis), or to this process's own when there is none.
async function expireOutsideRequest(tags: readonly CacheTag[]): Promise<void> {
  const url = sharedCacheUrl()
  if (!url) return expireTagsInProcess(tags)
  shared ??= new RedisIncrementalCache({ ...connectRedis(url), buildId: 'jobs' })
  await shared.revalidateTag([...tags], { expire: 0 })
}

// { expire: 0 }: the next visitor after an admin save sees the change, not stale content once more.
export async function revalidateTags(tags: readonly CacheTag[], context?: RequestContext): Promise<void> {
  // Seeds and scripts set this: there is no Next.js server to tell.
  if (context?.disableRevalidate) return
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 })
    } catch (err) {
      if (err instanceof Error && err.message.includes('static generation store missing')) {
        return expireOutsideRequest(tags)
      }
      throw err
    }
  }
}

export function revalidateOnChange(...tags: CacheTag[]): CollectionAfterChangeHook {
  return async ({ doc, req }) => {
    await revalidateTags(tags, req.context)
    return doc
  }
}

export function revalidateOnDelete(...tags: CacheTag[]): CollectionAfterDeleteHook {
  return async ({ doc, req }) => {
    await revalidateTags(tags, req.context)
    return doc
  }
}

export function revalidateGlobal(...tags: CacheTag[]): GlobalAfterChangeHook {
  return async ({ doc, req }) => {
    await revalidateTags(tags, req.context)
    return doc
  }
}
