import type { MetadataRoute } from 'next'

import { serverUrl } from '@/lib/server-url'

// Built per request: the site's address (SERVER_URL) is known at run time, not at build.
export const dynamic = 'force-dynamic'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/login'] }],
    sitemap: `${serverUrl()}/sitemap.xml`,
  }
}
