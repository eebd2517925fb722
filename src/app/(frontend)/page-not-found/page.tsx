import type { Metadata } from 'next'

import { NotFoundView } from '@/components/site/not-found-view'

// Cached like the other pages; at most 30 s old so an ended promotion leaves in time.
export const revalidate = 30

export const metadata: Metadata = {
  title: 'Page not found',
  robots: { index: false },
}

// The 404 page as a page, prerendered: what [...missing]/route.ts answers a missing path with
// (src/proxy.ts answers this address itself with a 404 too).
export default function PageNotFound() {
  return <NotFoundView />
}
