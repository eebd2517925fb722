import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { CACHE_TAGS } from '@/lib/cache-tags'
import { DEFAULT_HOME_CONTENT, type HomeContent, homeContent } from '@/lib/home-content'

// What visitors see: the published version only (the global's access hides drafts from them).
async function readHomeContent(): Promise<HomeContent> {
  const payload = await getPayload({ config })
  // Depth 1 for the share image's file; nothing else on the global is a relation.
  return homeContent(await payload.findGlobal({ slug: 'home-page', overrideAccess: false, depth: 1 }))
}

const cachedHomeContent = unstable_cache(readHomeContent, ['home-page'], { tags: [CACHE_TAGS.homePage] })

export async function getHomeContent(): Promise<HomeContent> {
  try {
    return await cachedHomeContent()
  } catch (err) {
    console.error('home page content unavailable, using the written defaults:', err)
    return DEFAULT_HOME_CONTENT
  }
}
