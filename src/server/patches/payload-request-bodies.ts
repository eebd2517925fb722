import Busboy from 'busboy'
import { executeAuthStrategies, getPayload, type SanitizedConfig } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { partnerDealership } from '@/access/isPartner'

import { isLeadFormPath } from '@/lib/lead-forms'
import { isOpenConversationPath } from '@/lib/inbox'
import { PARTNER_ENDPOINT } from '@/lib/partner-enquiry'
import { isWheelDonePath } from '@/lib/work-order-forms'
import { isStatementPaymentPath } from '@/lib/statement-balance'
import { isCarFormPath } from '@/lib/car-forms'
import { REQUEST_ENDPOINT } from '@/lib/request-constants'
import { BodyTooLarge, discardBody, readCappedBody } from '@/server/read-capped-body'

// Workaround: Payload 3.90 answers with a 500 a body it cannot read, and reads any body whole:
// - multipart whose `_payload` is not JSON, or that is not multipart at all: JSON.parse and
//   busboy errors thrown as is (payload/src/utilities/addDataAndFileToRequest.ts), and on
//   GraphQL even broken JSON (https://github.com/payloadcms/payload/issues/15635, fixed for
//   REST JSON only);
// - a body of another type, or an empty one: no data, then a create or update fails;
// - JSON nested thousands deep: the create operation copies it recursively (RangeError);
// - any size: JSON is read whole; nothing stops a file-sized body from an anonymous sender.
// Each is refused here with a 4xx first. Remove what Payload answers itself:
// tests/int/patches.int.spec.ts fails for each one it starts to.
const MAX_DEPTH = 64
// Payload's own limit for request bodies (uploads included).
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024
// 2 MiB leaves room for a 1 MiB field's own validation message.
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT'])
const UNSUPPORTED = 'Send the request body as application/json or multipart/form-data.'

type Handler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>

export type GuardOptions = {
  skip?: (pathname: string) => boolean
  takesFiles?: (pathname: string) => boolean | Promise<boolean>
  mayUpload?: (request: Request) => Promise<boolean>
  // The handler answers broken JSON with a 400 itself (Payload's REST handler does).
  answersBrokenJson?: boolean
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

function checkJson(text: string, brokenIsAnswered = false): Response | null {
  if (!text.trim()) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return brokenIsAnswered ? null : refuse(400, 'The request body is not valid JSON.')
  }
  return nestingDepth(value) > MAX_DEPTH ? refuse(400, 'The request body is nested too deeply.') : null
}

// Payload's method override (the admin's relationship fields use it for long queries): a POST
// that Payload answers as the GET of its URL with the body's query, under the GET's access.
const isReadOverride = (request: Request) =>
  request.method === 'POST' &&
  (request.headers.get('x-payload-http-method-override') === 'GET' ||
    request.headers.get('x-http-method-override') === 'GET')

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
    const isJson = type === 'application/json'
    const isQuery = type === 'application/x-www-form-urlencoded' && isReadOverride(request)
    if (!hasBody(request)) {
      // Payload reads no document from an empty body of any type but JSON, and a create or
      // update then fails with a 500: an empty body without a type is an empty JSON one.
      if (isReadOverride(request)) return handler(request, ...rest)
      if (type === 'multipart/form-data')
        return refuse(400, 'The request body is not valid multipart/form-data.')
      if (type && !isJson) return refuse(415, UNSUPPORTED)
      const headers = new Headers(request.headers)
      headers.set('content-type', 'application/json')
      headers.delete('content-length')
      return handler(
        new Request(request.url, { method: request.method, headers, body: '', signal: request.signal }),
        ...rest,
      )
    }
    if (!isJson && !isQuery && type !== 'multipart/form-data') return refuse(415, UNSUPPORTED)
    const length = request.headers.get('content-length')
    const takesFiles = type === 'multipart/form-data' && (await options.takesFiles?.(pathname))
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
      // A JSON read override is parsed before Payload's error handling: broken, it is a 500.
      const answered = options.answersBrokenJson && !isReadOverride(request)
      const problem = checkJson(new TextDecoder().decode(bytes), answered)
      if (problem) return problem
    } else if (!isQuery) {
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

// The quote endpoint caps its own body; upload collections take file-sized bodies from approved staff
// only (and a partner's work-order photos).
export function guardRestBody<A extends unknown[]>(
  handler: Handler<A>,
  config?: Promise<SanitizedConfig> | SanitizedConfig,
): Handler<A> {
  let uploadSlugs: Promise<Set<string>> | undefined
  const slugOf = (pathname: string) => {
    try {
      return decodeURIComponent(pathname.split('/')[2] ?? '')
    } catch {
      return null
    }
  }
  const takesFiles = async (pathname: string) => {
    if (!config) return false
    uploadSlugs ??= Promise.resolve(config).then(
      ({ collections }) => new Set(collections.filter((c) => Boolean(c.upload)).map((c) => c.slug)),
    )
    const slug = slugOf(pathname)
    return slug !== null && (await uploadSlugs).has(slug)
  }
  // As Payload's own strategies see the sender (cookie with origin check, or API key), without permissions.
  const mayUpload = async (request: Request) => {
    if (!config) return true
    const payload = await getPayload({ config: await config })
    const { user } = await executeAuthStrategies({ headers: request.headers, payload, canSetHeaders: false })
    if (isApprovedStaff(user)) return true
    // A dealership's partner sends its work orders' photos, and no other files.
    return partnerDealership(user) !== null && slugOf(new URL(request.url).pathname) === 'work-order-photos'
  }
  // The quote, partner enquiry and pay endpoints, the text provider's and Stripe's webhooks and
  // the back office's lead forms, the technician's wheel form, the partner's car forms and a
  // statement's "Record a payment" read their own bodies, within their own limits.
  const skip = (pathname: string) =>
    pathname === REQUEST_ENDPOINT ||
    pathname === PARTNER_ENDPOINT ||
    pathname.startsWith('/api/quote-links/') ||
    pathname.startsWith('/api/pay-links/') ||
    pathname === '/api/stripe/webhooks' ||
    pathname === '/api/review-requests/unsubscribe' ||
    pathname.startsWith('/api/sms/') ||
    isLeadFormPath(pathname) ||
    isOpenConversationPath(pathname) ||
    isWheelDonePath(pathname) ||
    isCarFormPath(pathname) ||
    isStatementPaymentPath(pathname)
  return guardRequestBody(handler, { skip, takesFiles, mayUpload, answersBrokenJson: true })
}
