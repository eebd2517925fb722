import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TEST_DATA_DIR } from '../helpers/env'
import { FORBIDDEN, png } from '../helpers/fixtures'
import { SITE_ORIGIN } from '../helpers/http-client'
import { type Persona, setupHarness } from '../helpers/harness'

// Request bodies at the API's doors, over real HTTP and one keep-alive connection, as a
// browser sends them: a file-sized body is read only from approved staff (anyone else's
// is refused before any of it is kept), and a body refused for its size is read to its
// end and thrown away, so the sender sees the answer (not a reset connection) and its
// next request goes over the same connection.

const h = setupHarness({ http: true })
const MiB = 1024 * 1024
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
afterAll(() => agent.destroy())

type Sent = { status: number; message?: string; reusedSocket: boolean; connection?: string }

function send(
  method: string,
  pathname: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<Sent> {
  const url = new URL(pathname, h.http.baseURL)
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { origin: SITE_ORIGIN, 'content-length': String(body.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const json = text ? (JSON.parse(text) as { errors?: { message: string }[] }) : {}
          resolve({
            status: res.statusCode ?? 0,
            message: json.errors?.[0]?.message,
            reusedSocket: req.reusedSocket,
            connection: res.headers.connection,
          })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

// A multipart body as the admin's upload form sends it: the document's fields as
// `_payload` and one file.
function multipart(fields: object, file: Buffer, filename = 'rim.png') {
  const boundary = `----curbside${Date.now()}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="_payload"\r\n\r\n${JSON.stringify(fields)}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

const cookieOf = (persona: Persona): Record<string, string> => {
  const session = h.sessionOf(persona)
  return session ? { cookie: session.cookie } : {}
}
const galleryFiles = () =>
  fs.readdirSync(path.join(TEST_DATA_DIR, 'uploads', 'gallery-images'), { recursive: false })
const galleryCount = async () => (await h.payload.count({ collection: 'gallery-images' })).totalDocs

let image: Buffer
beforeAll(async () => {
  image = await png('#204060')
  fs.mkdirSync(path.join(TEST_DATA_DIR, 'uploads', 'gallery-images'), { recursive: true })
})

describe('file-sized bodies to upload collections', () => {
  for (const persona of ['anonymous', 'unapproved'] as const) {
    it(`${persona}: a 20 MB upload is refused with a 403 before any of it is kept; nothing is stored`, async () => {
      const before = { count: await galleryCount(), files: galleryFiles() }
      const { body, type } = multipart({ alt: 'A rim' }, Buffer.concat([image, Buffer.alloc(20 * MiB)]))
      const res = await send('POST', '/api/gallery-images', body, {
        'content-type': type,
        ...cookieOf(persona),
      })
      expect(res).toMatchObject({ status: 403, message: FORBIDDEN.message })
      expect(await galleryCount()).toBe(before.count)
      expect(galleryFiles()).toEqual(before.files)
      // The refused body was drained: the connection carries the next request.
      const next = await send('GET', '/api/gallery-images?limit=1', Buffer.alloc(0), {})
      expect(next).toMatchObject({ status: 200, reusedSocket: true })
    })
  }

  it('staff: an image is stored (the gate lets approved staff through)', async () => {
    const before = await galleryCount()
    const { body, type } = multipart({ alt: 'A polished rim' }, image)
    const res = await send('POST', '/api/gallery-images', body, {
      'content-type': type,
      ...cookieOf('staff'),
    })
    expect(res.status).toBe(201)
    expect(await galleryCount()).toBe(before + 1)
  })

  it('staff: a 55 MB upload gets its 413 message (not a reset connection), and the connection stays usable', async () => {
    const before = { count: await galleryCount(), files: galleryFiles() }
    const { body, type } = multipart({ alt: 'Too big' }, Buffer.concat([image, Buffer.alloc(55 * MiB)]))
    const res = await send('POST', '/api/gallery-images', body, {
      'content-type': type,
      ...cookieOf('staff'),
    })
    expect(res).toMatchObject({ status: 413, message: 'The request body is too large.' })
    expect(res.connection).not.toBe('close')
    expect(await galleryCount()).toBe(before.count)
    expect(galleryFiles()).toEqual(before.files)
    const next = await send('GET', '/api/gallery-images?limit=1', Buffer.alloc(0), {})
    expect(next).toMatchObject({ status: 200, reusedSocket: true })
  })
})

describe('bodies past their cap elsewhere', () => {
  it('a 10 MiB login body: 413 with its message, then the next request on the same connection', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(10 * MiB) }))
    const res = await send('POST', '/api/users/login', body, { 'content-type': 'application/json' })
    expect(res).toMatchObject({ status: 413, message: 'The request body is too large.' })
    const next = await send('GET', '/api/promotions?limit=1', Buffer.alloc(0), {})
    expect(next).toMatchObject({ status: 200, reusedSocket: true })
  })

  it('a body declared past 64 MiB is refused unread and the connection closed', async () => {
    const res = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request(new URL('/api/users/login', h.http.baseURL), {
        method: 'POST',
        headers: {
          origin: SITE_ORIGIN,
          'content-type': 'application/json',
          'content-length': String(100 * MiB),
        },
      })
      req.on('response', (r) => {
        r.resume()
        resolve({ status: r.statusCode ?? 0, connection: r.headers.connection })
        req.destroy()
      })
      req.on('error', reject)
      req.write(Buffer.alloc(MiB))
    })
    expect(res).toEqual({ status: 413, connection: 'close' })
  })
})
