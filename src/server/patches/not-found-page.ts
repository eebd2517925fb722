import { NOT_FOUND_PAGE_PATH } from '@/lib/seo'
import { ownOrigin } from '@/server/warm-pages'

// When a page calls notFound(), Next sends an empty HTML shell and draws the not-found page
// in the browser (vercel/next.js#62228, open in 16.4): without its script a visitor sees a
// blank page. A missing path is answered here instead, with the 404 page as a prerendered
// page, server-rendered in full, from this server itself. Remove when Next renders the
// not-found boundary on the server.
export async function notFoundPage(method: string): Promise<Response> {
  let html: string | null = null
  try {
    const res = await fetch(new URL(NOT_FOUND_PAGE_PATH, ownOrigin()), {
      cache: 'no-store',
      headers: { 'User-Agent': 'curbside-not-found' },
      signal: AbortSignal.timeout(10_000),
    })
    const type = res.headers.get('content-type') ?? ''
    if (type.startsWith('text/html')) html = await res.text()
    else console.error(`The 404 page answered ${res.status} ${type}`)
  } catch (err) {
    console.error('Could not read the 404 page:', err)
  }
  return new Response(method === 'HEAD' ? null : (html ?? FALLBACK), {
    status: 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    },
  })
}

// The spec's words, should the page itself be out of reach.
const FALLBACK =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title></head>' +
  '<body><h1>404</h1><p>Oops! Page not found</p><p><a href="/">Return to Home</a></p></body></html>'
