// `drained`: the rest was read, so the connection can stay open; otherwise the answer must close it.
export class BodyTooLarge extends Error {
  constructor(readonly drained: boolean) {
    super('The request body is too large.')
  }
}

// A browser still uploading when the connection closes shows a network error: drain refused bodies up to this.
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024

type Reader = ReadableStreamDefaultReader<Uint8Array>

// True when the body ended within the budget, false when it was cancelled.
async function discardRest(reader: Reader, budget: number): Promise<boolean> {
  let read = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return true
    read += value.byteLength
    if (read > budget) {
      // Not awaited: cancelling one branch of a teed stream (a cloned request) settles only once both are.
      void reader.cancel().catch(() => undefined)
      return false
    }
  }
}

// True when the connection can stay open.
export async function discardBody(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | null,
  limit = DRAIN_LIMIT_BYTES,
): Promise<boolean> {
  const reader = body?.getReader()
  if (!reader) return true
  if (Number(contentLength || 0) > limit) {
    void reader.cancel().catch(() => undefined)
    return false
  }
  return discardRest(reader, limit)
}

// Counts bytes as they arrive, so a missing or false Content-Length cannot make the server buffer more.
export async function readCappedBody(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | null,
  cap: number,
  drainLimit = DRAIN_LIMIT_BYTES,
): Promise<Uint8Array> {
  if (Number(contentLength || 0) > cap)
    throw new BodyTooLarge(await discardBody(body, contentLength, drainLimit))
  const reader = body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > cap) {
      chunks.length = 0
      throw new BodyTooLarge(await discardRest(reader, drainLimit - total))
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

export class NotUrlEncoded extends Error {}

// A small form posted by a page without any script (application/x-www-form-urlencoded).
export async function readUrlEncodedForm(request: Request, cap: number): Promise<URLSearchParams> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') throw new NotUrlEncoded()
  const bytes = await readCappedBody(request.body, request.headers.get('content-length'), cap)
  return new URLSearchParams(new TextDecoder().decode(bytes))
}

// The answer to a form that could not be read: not URL-encoded (415) or too large (413).
export function unreadableFormAnswer(error: unknown, headers: HeadersInit): Response | null {
  if (error instanceof NotUrlEncoded) {
    return Response.json(
      { message: 'Send the form as application/x-www-form-urlencoded.' },
      { status: 415, headers },
    )
  }
  if (error instanceof BodyTooLarge) {
    return Response.json({ message: 'The request is too large.' }, { status: 413, headers })
  }
  return null
}

/** The form, or the answer refusing it (415, 413); other errors are thrown. */
export async function readFormOrRefusal(
  request: Request,
  cap: number,
  headers: HeadersInit,
): Promise<URLSearchParams | Response> {
  try {
    return await readUrlEncodedForm(request, cap)
  } catch (error) {
    const refused = unreadableFormAnswer(error, headers)
    if (refused) return refused
    throw error
  }
}
