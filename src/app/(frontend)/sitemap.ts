import type { MetadataRoute } from 'next'

import { PUBLIC_PATHS } from '@/lib/seo'
import { serverUrl } from '@/lib/server-url'

// Built per request: the site's address (SERVER_URL) is known at run time, not at build.
export const dynamic = 'force-dynamic'

export default function sitemap(): MetadataRoute.Sitemap {
  const base = serverUrl()
  return PUBLIC_PATHS.map((path) => ({
    url: `${base}${path === '/' ? '/' : path}`,
    changeFrequency: path === '/gallery' ? 'weekly' : 'monthly',
    priority: path === '/' ? 1 : 0.6,
  }))
}
