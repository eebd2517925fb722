// A body refused for its size. `drained`: the rest of it was read and thrown away, so
// the connection can carry the answer and the client's next request; otherwise the
// answer must close the connection.
export class BodyTooLarge extends Error {
  constructor(readonly drained: boolean) {
    super('The request body is too large.')
  }
}

// How much of a refused body is read and thrown away so that the client sees the answer:
// a browser still sending its upload when the server closes the connection reports a
// network error, not the server's message. Beyond this the connection is closed.
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024

type Reader = ReadableStreamDefaultReader<Uint8Array>

// Reads the rest of a body without keeping it, up to `budget` more bytes. True when the
// body ended within the budget; false when it was cancelled instead.
async function discardRest(reader: Reader, budget: number): Promise<boolean> {
  let read = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return true
    read += value.byteLength
    if (read > budget) {
      // Not awaited: cancelling one branch of a teed stream (a cloned request) settles
      // only once the other branch is cancelled too.
      void reader.cancel().catch(() => undefined)
      return false
    }
  }
}

// A body that is refused unread: it is drained when it is small enough (see
// DRAIN_LIMIT_BYTES). True when the connection can stay open.
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

// A request body, refused as soon as it passes `cap` bytes: a missing or false
// Content-Length cannot make the server buffer more. What follows the cap is drained,
// never kept (see discardBody).
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
