import 'server-only'

import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { CACHE_TAGS } from '@/lib/cache-tags'
import { DEFAULT_SITE_SETTINGS, type PublicSiteSettings, publicSiteSettings } from '@/lib/site-settings'

export async function readSiteSettings(): Promise<PublicSiteSettings> {
  const payload = await getPayload({ config })
  return publicSiteSettings(
    await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, depth: 0 }),
  )
}

const cachedSiteSettings = unstable_cache(readSiteSettings, ['site-settings'], {
  tags: [CACHE_TAGS.siteSettings],
})

// A database hiccup must not take the site down; the error escapes the cached function, so
// nothing wrong is cached.
export async function getSiteSettings(): Promise<PublicSiteSettings> {
  try {
    return await cachedSiteSettings()
  } catch (err) {
    console.error('site settings unavailable, using defaults:', err)
    return DEFAULT_SITE_SETTINGS
  }
}
