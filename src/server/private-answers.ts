// API answers may carry customers' data or a session; only the gallery's public pictures may be cached.
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
