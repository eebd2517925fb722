// Workaround: Payload 3.90's REST and GraphQL answers carry no Cache-Control, so a browser or a
// proxy may keep one, and they carry customers' data or a session. Every answer but the
// gallery's public pictures is marked no-store here.
// Upstream: https://github.com/payloadcms/payload/blob/main/packages/payload/src/utilities/headersWithCors.ts
// (3.90.x), no issue filed. Remove when Payload marks its answers: tests/int/patches.int.spec.ts says when.
export const PRIVATE = 'no-store, private'

const isPublicFile = (pathname: string) => pathname.startsWith('/api/gallery-images/file/')

export function privateAnswers<A extends unknown[]>(
  handler: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const response = await handler(request, ...rest)
    if (isPublicFile(new URL(request.url).pathname)) return response
    try {
      response.headers.set('Cache-Control', PRIVATE)
      return response
    } catch {
      // Some answers' headers are immutable.
      const copy = new Response(response.body, response)
      copy.headers.set('Cache-Control', PRIVATE)
      return copy
    }
  }
}
