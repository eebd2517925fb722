import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { MAX_PHOTO_BYTES } from '@/lib/request-constants'
import { cleanAsReceived } from '@/collections/Leads/cleanAsReceived'
import { receiveRequestUpload } from '@/collections/Leads/requestUpload'
import type { RequestUpload, ReceiveOptions } from '@/collections/Leads/requestUpload'

// A quote's photos are worked on while the rest of its body is still arriving, once the
// fields sent before them pass the checks; the real multipart reader writes them to disk,
// fed by a body this test hands over piece by piece, as a slow phone upload would.

const BOUNDARY = 'quote-test-boundary'
const headers = new Headers({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}` })
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'clean-as-received-test-'))
afterAll(() => fs.rmSync(base, { recursive: true, force: true }))

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(base, 'request-'))
})

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const photoHead = (filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${filename}"\r\n` +
  'Content-Type: image/jpeg\r\n\r\n'
const END = `--${BOUNDARY}--\r\n`

// A request body whose pieces are sent when the test says so.
function slowBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  return {
    body,
    send: (...pieces: (string | Buffer)[]) => {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? Buffer.from(piece) : piece)
    },
    end: () => controller.close(),
  }
}

// A whole request sent at once: a first name, then each photo; read, and its early work done.
async function receiveWhole(
  work: { onPhoto: ReceiveOptions['onPhoto']; settled: () => Promise<void> },
  firstName: string,
  photos: [string, Buffer][],
): Promise<RequestUpload> {
  const { body, send, end } = slowBody()
  send(
    field('firstName', firstName),
    ...photos.flatMap(([name, bytes]) => [photoHead(name), bytes, '\r\n']),
    END,
  )
  end()
  const upload = await receiveRequestUpload(body, headers, dir, { onPhoto: work.onPhoto })
  await work.settled()
  return upload
}

// What `clean` was handed, and the file's bytes at that moment.
function recordingCleaner() {
  const calls: { path: string; bytes: Buffer }[] = []
  const waiting: (() => void)[] = []
  return {
    calls,
    clean: async (file: string) => {
      calls.push({ path: file, bytes: fs.readFileSync(file) })
      for (const wake of waiting.splice(0)) wake()
      return `cleaned ${path.basename(file)}`
    },
    // Resolves once `clean` has been called `n` times.
    called: (n: number) =>
      new Promise<void>(function wait(resolve) {
        if (calls.length >= n) resolve()
        else waiting.push(() => wait(resolve))
      }),
  }
}

const photo1 = Buffer.alloc(200_000, 1)
const photo2 = Buffer.alloc(150_000, 2)
const acceptsMaria = async (fields: ReadonlyMap<string, string>) => fields.get('firstName') === 'Maria'

describe('cleanAsReceived with the multipart reader', () => {
  it('a photo is cleaned as soon as it is on disk, while the rest of the body has not arrived', async () => {
    const cleaner = recordingCleaner()
    const work = cleanAsReceived({ check: acceptsMaria, clean: cleaner.clean })
    const { body, send, end } = slowBody()
    let received: RequestUpload | null = null
    const receiving = receiveRequestUpload(body, headers, dir, { onPhoto: work.onPhoto }).then(
      (upload) => (received = upload),
    )

    // The fields, the whole first photo, and the start of the second: busboy knows the
    // first has ended when it sees the next boundary.
    send(
      field('firstName', 'Maria'),
      photoHead('a.jpg'),
      photo1,
      '\r\n',
      photoHead('b.jpg'),
      photo2.subarray(0, 1000),
    )
    await cleaner.called(1)
    expect(received).toBeNull()
    expect(cleaner.calls[0].path).toBe(path.join(dir, '0'))
    expect(cleaner.calls[0].bytes.equals(photo1)).toBe(true)

    send(photo2.subarray(1000), '\r\n', END)
    end()
    const upload = (await receiving) as RequestUpload
    await cleaner.called(2)
    expect(cleaner.calls[1].bytes.equals(photo2)).toBe(true)

    // Each photo's work is the one started on arrival: nothing is cleaned twice.
    expect(await Promise.all(upload.photos.map((photo) => work.cleaning(photo)))).toEqual([
      'cleaned 0',
      'cleaned 1',
    ])
    expect(cleaner.calls).toHaveLength(2)
    await work.settled()
  })

  it('fields that fail the checks start no photo work; the photos are only read if asked later', async () => {
    const cleaner = recordingCleaner()
    const work = cleanAsReceived({ check: acceptsMaria, clean: cleaner.clean })
    const upload = await receiveWhole(work, 'Mallory', [
      ['a.jpg', photo1],
      ['b.jpg', photo2],
    ])
    expect(upload.photos).toHaveLength(2)
    expect(cleaner.calls).toEqual([])

    expect(await work.cleaning(upload.photos[1])).toBe('cleaned 1')
    expect(cleaner.calls.map((call) => path.basename(call.path))).toEqual(['1'])
  })

  it('the check sees the fields received before the first photo, once, and a failing check starts nothing', async () => {
    const seen: Record<string, string>[] = []
    let checked!: () => void
    const firstCheck = new Promise<void>((resolve) => (checked = resolve))
    const cleaner = recordingCleaner()
    const work = cleanAsReceived({
      check: async (fields) => {
        seen.push(Object.fromEntries(fields))
        checked()
        throw new Error('the database is away')
      },
      clean: cleaner.clean,
    })
    const { body, send, end } = slowBody()
    const receiving = receiveRequestUpload(body, headers, dir, { onPhoto: work.onPhoto })
    send(field('firstName', 'Maria'), photoHead('a.jpg'), photo1, '\r\n')
    send(field('lastName', 'Gonzalez'))
    await firstCheck
    send(photoHead('b.jpg'), photo2, '\r\n', field('phone', '(512) 555-0177'), END)
    end()
    const upload = await receiving
    await work.settled()
    expect(upload.fields.get('phone')).toBe('(512) 555-0177')
    expect(seen).toHaveLength(1)
    expect(seen[0]).not.toHaveProperty('phone')
    expect(seen[0].firstName).toBe('Maria')
    expect(cleaner.calls).toEqual([])
  })

  it('a photo refused while nobody waits for it is reported to whoever awaits it, never as an unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const work = cleanAsReceived({
        check: acceptsMaria,
        clean: async () => {
          throw new Error('not an image')
        },
      })
      const upload = await receiveWhole(work, 'Maria', [['a.jpg', photo1]])
      // Asked for, then awaited only later (as a request waiting for its turn does).
      const asked = work.cleaning(upload.photos[0])
      // Let Node report whatever was left unhandled.
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).toEqual([])
      await expect(asked).rejects.toThrow('not an image')
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it('a photo cut off at 15 MB is never handed over', async () => {
    const cleaner = recordingCleaner()
    const work = cleanAsReceived({ check: acceptsMaria, clean: cleaner.clean })
    const huge = Buffer.alloc(MAX_PHOTO_BYTES + 1, 3)
    const upload = await receiveWhole(work, 'Maria', [
      ['huge.jpg', huge],
      ['b.jpg', photo2],
    ])
    expect(upload.photos.map((photo) => photo.tooLarge)).toEqual([true, false])
    expect(cleaner.calls.map((call) => path.basename(call.path))).toEqual(['1'])
  })
})
