import { revalidateTag } from 'next/cache'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  RequestContext,
} from 'payload'

import type { CacheTag } from '@/lib/cache-tags'

// { expire: 0 }: the next visitor after an admin save sees the change, not stale content once more.
export function revalidateTags(tags: readonly CacheTag[], context?: RequestContext): void {
  // Seeds and scripts set this: there is no Next.js server to tell.
  if (context?.disableRevalidate) return
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 })
    } catch (err) {
      // Outside a Next.js request (migrations, `payload run`, tests) nothing is cached.
      if (err instanceof Error && err.message.includes('static generation store missing')) return
      throw err
    }
  }
}

export function revalidateOnChange(...tags: CacheTag[]): CollectionAfterChangeHook {
  return ({ doc, req }) => {
    revalidateTags(tags, req.context)
    return doc
  }
}

export function revalidateOnDelete(...tags: CacheTag[]): CollectionAfterDeleteHook {
  return ({ doc, req }) => {
    revalidateTags(tags, req.context)
    return doc
  }
}

export function revalidateGlobal(...tags: CacheTag[]): GlobalAfterChangeHook {
  return ({ doc, req }) => {
    revalidateTags(tags, req.context)
    return doc
  }
}
