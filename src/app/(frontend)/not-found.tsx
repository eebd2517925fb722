import type { Metadata } from 'next'

import { NotFoundView } from '@/components/site/not-found-view'

export const metadata: Metadata = {
  title: 'Page not found',
  robots: { index: false },
}

// Where a page calls notFound(). Next draws this boundary in the browser only (its server
// HTML is an empty shell, vercel/next.js#62228): a missing path is answered by
// [...missing]/route.ts with the server-rendered /page-not-found instead.
export default function NotFound() {
  return <NotFoundView />
}
