export class BodyTooLarge extends Error {}

// A request body, refused as soon as it passes `cap` bytes: a missing or false
// Content-Length cannot make the server buffer more.
export async function readCappedBody(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | null,
  cap: number,
): Promise<Uint8Array> {
  if (Number(contentLength || 0) > cap) throw new BodyTooLarge()
  const reader = body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > cap) {
      // Not awaited: cancelling one branch of a teed stream (a cloned request) settles
      // only once the other branch is cancelled too.
      void reader.cancel().catch(() => undefined)
      throw new BodyTooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}
