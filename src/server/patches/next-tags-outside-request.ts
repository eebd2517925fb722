// Workaround: Next 16's revalidateTag works only inside a request ("static generation store
// missing" elsewhere), and a job that publishes on schedule runs outside one. Without Redis,
// Next's file-system cache reads tag invalidations from this in-process map, which is all its
// own revalidateTag(tag, { expire: 0 }) writes.
// Upstream: next/src/server/lib/incremental-cache/tags-manifest.external.ts and
// file-system-cache.ts revalidateTag (16.4.x). tests/int/patches.int.spec.ts fails when it moves.
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js'

export function expireTagsInProcess(tags: readonly string[]): void {
  const now = Date.now()
  for (const tag of tags) tagsManifest.set(tag, { ...tagsManifest.get(tag), stale: now, expired: now })
}
