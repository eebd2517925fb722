import { redirectFor } from '@/data/redirects'
import { notFoundPage } from '@/server/patches/not-found-page'

type Context = { params: Promise<{ missing: string[] }> }

// Any other path: an old address the owner redirects, else the 404 page, with the path in the
// log (the spec's). A route rather than a page, so that the 404 page comes server-rendered
// (src/server/patches/not-found-page.ts).
async function missingPath(request: Request, { params }: Context) {
  const { missing } = await params
  const path = `/${missing.join('/')}`
  const to = await redirectFor(path)
  if (to) return new Response(null, { status: 308, headers: { Location: to } })
  console.warn(`[404] page not found: ${path}`)
  return notFoundPage(request.method)
}

export {
  missingPath as DELETE,
  missingPath as GET,
  missingPath as HEAD,
  missingPath as PATCH,
  missingPath as POST,
  missingPath as PUT,
}
