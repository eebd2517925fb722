import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { CACHE_TAGS } from '@/lib/cache-tags'
import { redirectKey } from '@/lib/redirect-paths'

async function readRedirects(): Promise<Record<string, string>> {
  const payload = await getPayload({ config })
  const { docs } = await payload.find({
    collection: 'redirects',
    overrideAccess: false,
    pagination: false,
    depth: 0,
  })
  return Object.fromEntries(
    docs.flatMap((doc) => (doc.to?.url ? [[redirectKey(doc.from), doc.to.url] as const] : [])),
  )
}

const cachedRedirects = unstable_cache(readRedirects, ['redirects'], { tags: [CACHE_TAGS.redirects] })

// Where an old address now lives, or null (also when the database cannot be read).
export async function redirectFor(path: string): Promise<string | null> {
  try {
    return (await cachedRedirects())[redirectKey(path)] ?? null
  } catch (err) {
    console.error('redirects unavailable:', err)
    return null
  }
}
