import type { MetadataRoute } from 'next'

import { PUBLIC_PATHS, siteUrl } from '@/lib/seo'

// Built per request: the site's address (SERVER_URL) is known at run time, not at build.
export const dynamic = 'force-dynamic'

export default function sitemap(): MetadataRoute.Sitemap {
  const base = siteUrl()
  return PUBLIC_PATHS.map((path) => ({
    url: `${base}${path === '/' ? '/' : path}`,
    changeFrequency: path === '/gallery' ? 'weekly' : 'monthly',
    priority: path === '/' ? 1 : 0.6,
  }))
}
