import Busboy from 'busboy'
import { executeAuthStrategies, getPayload, type SanitizedConfig } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'

import { QUOTE_ENDPOINT } from '@/lib/quote-constants'
import { BodyTooLarge, discardBody, readCappedBody } from '@/server/read-capped-body'

// Payload answers an unparseable body (broken JSON or multipart, other types, deep nesting) with a 500:
// refuse it with a 400, 413 or 415 first. 2 MiB leaves room for a 1 MiB field's own validation message.
const MAX_DEPTH = 64
// Payload's own limit for request bodies (uploads included).
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT'])

type Handler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>

export type GuardOptions = {
  skip?: (pathname: string) => boolean
  takesFiles?: (pathname: string) => boolean | Promise<boolean>
  mayUpload?: (request: Request) => Promise<boolean>
}

// Unless the body was read to its end, close the connection: its rest would precede the next request.
const refuse = (status: number, message: string, open = true) =>
  Response.json({ errors: [{ message }] }, { status, headers: open ? {} : { connection: 'close' } })

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

// Payload reads the document's fields from the `_payload` part as JSON; file parts are skipped.
async function payloadPartOf(bytes: Uint8Array, contentType: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let fields: string | undefined
    let parser: Busboy.Busboy
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: MAX_DOCUMENT_BYTES } })
    } catch (err) {
      return reject(err)
    }
    parser.on('field', (name, value) => {
      if (name === '_payload') fields = value
    })
    parser.on('file', (_name, stream) => stream.resume())
    parser.on('error', reject)
    parser.on('close', () => resolve(fields))
    parser.end(bytes)
  })
}

export function guardRequestBody<A extends unknown[]>(
  handler: Handler<A>,
  options: GuardOptions = {},
): Handler<A> {
  return async (request, ...rest) => {
    if (!BODY_METHODS.has(request.method)) return handler(request, ...rest)
    const { pathname } = new URL(request.url)
    if (options.skip?.(pathname)) return handler(request, ...rest)
    const contentType = request.headers.get('content-type') ?? ''
    const type = contentType.split(';')[0].trim().toLowerCase()
    const isJson = type === 'application/json' || type.endsWith('+json')
    if (!hasBody(request)) {
      // Payload reads no document from an empty body of any type but JSON, and a create or
      // update then fails with a 500: an empty body without a type is an empty JSON one.
      if (type === 'multipart/form-data')
        return refuse(400, 'The request body is not valid multipart/form-data.')
      if (type && !isJson)
        return refuse(415, 'Send the request body as application/json or multipart/form-data.')
      const headers = new Headers(request.headers)
      headers.set('content-type', 'application/json')
      headers.delete('content-length')
      return handler(
        new Request(request.url, { method: request.method, headers, body: '', signal: request.signal }),
        ...rest,
      )
    }
    if (!isJson && type !== 'multipart/form-data') {
      return refuse(415, 'Send the request body as application/json or multipart/form-data.')
    }
    const length = request.headers.get('content-length')
    const takesFiles = !isJson && (await options.takesFiles?.(pathname))
    if (takesFiles && options.mayUpload && !(await options.mayUpload(request))) {
      const open = await discardBody(request.body, length).catch(() => false)
      return refuse(403, 'You are not allowed to perform this action.', open)
    }
    const cap = takesFiles ? MAX_UPLOAD_BYTES : MAX_DOCUMENT_BYTES
    let bytes: Uint8Array
    try {
      bytes = await readCappedBody(request.body, length, cap)
    } catch (err) {
      if (err instanceof BodyTooLarge) return refuse(413, 'The request body is too large.', err.drained)
      return refuse(400, 'The request body could not be read.', false)
    }
    if (isJson) {
      const problem = checkJson(new TextDecoder().decode(bytes))
      if (problem) return problem
    } else {
      let fields: string | undefined
      try {
        fields = await payloadPartOf(bytes, contentType)
      } catch {
        return refuse(400, 'The request body is not valid multipart/form-data.')
      }
      const problem = fields === undefined ? null : checkJson(fields)
      if (problem) return problem
    }
    // A new Request around the bytes rather than a clone, which would hold a second copy.
    const checked = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: bytes as BodyInit,
      signal: request.signal,
    })
    return handler(checked, ...rest)
  }
}

// The quote endpoint caps its own body; upload collections take file-sized bodies from approved staff only.
export function guardRestBody<A extends unknown[]>(
  handler: Handler<A>,
  config?: Promise<SanitizedConfig> | SanitizedConfig,
): Handler<A> {
  let uploadSlugs: Promise<Set<string>> | undefined
  const takesFiles = async (pathname: string) => {
    if (!config) return false
    uploadSlugs ??= Promise.resolve(config).then(
      ({ collections }) => new Set(collections.filter((c) => Boolean(c.upload)).map((c) => c.slug)),
    )
    let slug: string
    try {
      slug = decodeURIComponent(pathname.split('/')[2] ?? '')
    } catch {
      return false
    }
    return (await uploadSlugs).has(slug)
  }
  // As Payload's own strategies see the sender (cookie with origin check, or API key), without permissions.
  const mayUpload = async (request: Request) => {
    if (!config) return true
    const payload = await getPayload({ config: await config })
    const { user } = await executeAuthStrategies({ headers: request.headers, payload, canSetHeaders: false })
    return isApprovedStaff(user)
  }
  // The quote endpoints read their own bodies, within their own limits.
  const skip = (pathname: string) =>
    pathname === QUOTE_ENDPOINT ||
    pathname.startsWith('/api/quote-links/') ||
    pathname === '/api/review-requests/unsubscribe'
  return guardRequestBody(handler, { skip, takesFiles, mayUpload })
}
