// Every API answer may carry customers' data or a session, so no browser or proxy keeps
// one; the gallery's public pictures are the exception.
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
      // Headers of some answers are immutable: copy them into one that is not.
      const copy = new Response(response.body, response)
      copy.headers.set('Cache-Control', PRIVATE)
      return copy
    }
  }
}
