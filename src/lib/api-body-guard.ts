import { QUOTE_ENDPOINT } from './quote-constants'
import { BodyTooLarge, readCappedBody } from './read-capped-body'

// Payload's REST and GraphQL handlers answer a body they cannot parse (broken JSON, a
// broken multipart body, a form-urlencoded or XML body, JSON nested thousands deep)
// with a 500. The API routes check the body's envelope first and answer such requests
// with a 400 or 415 that says what is wrong; what the body means stays Payload's job.
const MAX_DEPTH = 64
// Payload's own limit for request bodies (uploads included); JSON documents are far smaller.
const MAX_MULTIPART_BYTES = 50 * 1024 * 1024
const MAX_JSON_BYTES = 2 * 1024 * 1024
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT'])

type Handler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>

const refuse = (status: number, message: string) => Response.json({ errors: [{ message }] }, { status })

// Iterative, so a hostile body cannot overflow the stack while it is measured.
export function nestingDepth(value: unknown, limit = MAX_DEPTH): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [node, depth] = stack.pop()!
    if (node === null || typeof node !== 'object') continue
    deepest = Math.max(deepest, depth + 1)
    if (deepest > limit) return deepest
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return deepest
}

function hasBody(request: Request): boolean {
  if (!BODY_METHODS.has(request.method)) return false
  const length = request.headers.get('content-length')
  return length === null ? request.body !== null : Number(length) > 0
}

function checkJson(text: string): Response | null {
  if (!text.trim()) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return refuse(400, 'The request body is not valid JSON.')
  }
  return nestingDepth(value) > MAX_DEPTH ? refuse(400, 'The request body is nested too deeply.') : null
}

export function guardRequestBody<A extends unknown[]>(
  handler: Handler<A>,
  options: { skip?: (pathname: string) => boolean } = {},
): Handler<A> {
  return async (request, ...rest) => {
    if (!hasBody(request) || options.skip?.(new URL(request.url).pathname)) return handler(request, ...rest)
    const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
    const isJson = type === 'application/json' || type.endsWith('+json')
    if (!isJson && type !== 'multipart/form-data') {
      return refuse(415, 'Send the request body as application/json or multipart/form-data.')
    }
    let bytes: Uint8Array
    try {
      bytes = await readCappedBody(
        request.clone().body,
        request.headers.get('content-length'),
        isJson ? MAX_JSON_BYTES : MAX_MULTIPART_BYTES,
      )
    } catch (err) {
      if (err instanceof BodyTooLarge) return refuse(413, 'The request body is too large.')
      return refuse(400, 'The request body could not be read.')
    }
    if (isJson) {
      const problem = checkJson(new TextDecoder().decode(bytes))
      if (problem) return problem
    } else {
      let form: FormData
      try {
        form = await new Response(bytes as BodyInit, {
          headers: { 'content-type': request.headers.get('content-type')! },
        }).formData()
      } catch {
        return refuse(400, 'The request body is not valid multipart/form-data.')
      }
      // Payload reads the document's fields from this part as JSON.
      const fields = form.get('_payload')
      const problem = typeof fields === 'string' ? checkJson(fields) : null
      if (problem) return problem
    }
    return handler(request, ...rest)
  }
}

// The REST routes' guard: the quote endpoint reads and caps its own (large) body.
export function guardRestBody<A extends unknown[]>(handler: Handler<A>): Handler<A> {
  return guardRequestBody(handler, { skip: (pathname) => pathname === QUOTE_ENDPOINT })
}
