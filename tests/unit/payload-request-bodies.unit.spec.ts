import { describe, expect, it } from 'vitest'

import { guardRequestBody, nestingDepth } from '@/server/patches/payload-request-bodies'

// The guard in front of Payload's API routes: well-formed bodies pass through untouched
// (the next handler answers 200 here), malformed envelopes are answered by the guard.
const passed = guardRequestBody(async (request: Request) => Response.json({ body: await request.text() }), {
  skip: (path) => path === '/api/quote-requests',
})

function post(body: BodyInit | null, type?: string, path = '/api/leads', method = 'POST') {
  return new Request(`http://site.test${path}`, {
    method,
    body,
    headers: type ? { 'content-type': type } : {},
  })
}

async function statusOf(request: Request) {
  const res = await passed(request)
  return { status: res.status, body: (await res.json()) as { body?: string; errors?: { message: string }[] } }
}

describe('guardRequestBody', () => {
  it('passes well-formed JSON on, with its body still readable', async () => {
    const { status, body } = await statusOf(post('{"firstName":"Maria"}', 'application/json'))
    expect(status).toBe(200)
    expect(body.body).toBe('{"firstName":"Maria"}')
  })

  it('passes requests without a body (GET, logout) on', async () => {
    expect((await statusOf(new Request('http://site.test/api/leads'))).status).toBe(200)
    expect((await statusOf(post(null, undefined, '/api/users/logout'))).status).toBe(200)
  })

  it('passes a multipart upload with valid _payload JSON on', async () => {
    const form = new FormData()
    form.append('_payload', JSON.stringify({ alt: 'A rim' }))
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'rim.png')
    expect(
      (await statusOf(new Request('http://site.test/api/gallery-images', { method: 'POST', body: form })))
        .status,
    ).toBe(200)
  })

  it.each([
    ['broken JSON', post('{"firstName":', 'application/json'), 400, 'The request body is not valid JSON.'],
    [
      'JSON nested 20 000 deep',
      post('['.repeat(20000) + ']'.repeat(20000), 'application/json'),
      400,
      'The request body is nested too deeply.',
    ],
    [
      'a broken multipart body',
      post(
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
        'multipart/form-data; boundary=x',
      ),
      400,
      'The request body is not valid multipart/form-data.',
    ],
    [
      'form-urlencoded',
      post('firstName=Maria', 'application/x-www-form-urlencoded'),
      415,
      'Send the request body as application/json or multipart/form-data.',
    ],
    [
      'XML',
      post('<lead/>', 'application/xml', '/api/leads', 'PATCH'),
      415,
      'Send the request body as application/json or multipart/form-data.',
    ],
  ])('answers %s itself', async (_name, request, status, message) => {
    const res = await statusOf(request)
    expect(res.status).toBe(status)
    expect(res.body.errors?.[0]?.message).toBe(message)
  })

  it("passes Payload's read override (a form-encoded query posted as GET) on, with its body", async () => {
    for (const header of ['X-Payload-HTTP-Method-Override', 'X-HTTP-Method-Override']) {
      const request = new Request('http://site.test/api/users', {
        method: 'POST',
        body: 'depth=0&where[id][in][0]=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [header]: 'GET' },
      })
      const { status, body } = await statusOf(request)
      expect(status).toBe(200)
      expect(body.body).toBe('depth=0&where[id][in][0]=1')
    }
  })

  it('still refuses a form-encoded body that is not a read override', async () => {
    const request = new Request('http://site.test/api/users', {
      method: 'POST',
      body: 'email=a@b.c',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'X-Payload-HTTP-Method-Override': 'PATCH',
      },
    })
    expect((await statusOf(request)).status).toBe(415)
  })

  it('leaves broken JSON to a handler that answers it (Payload REST), not nesting', async () => {
    const rest = guardRequestBody(async () => Response.json({ handled: true }), { answersBrokenJson: true })
    expect((await rest(post('{"firstName":', 'application/json'))).status).toBe(200)
    expect((await rest(post('['.repeat(100) + ']'.repeat(100), 'application/json'))).status).toBe(400)
  })

  it('refuses multipart whose _payload part is broken JSON', async () => {
    const form = new FormData()
    form.append('_payload', '{"alt":')
    const res = await statusOf(
      new Request('http://site.test/api/gallery-images', { method: 'POST', body: form }),
    )
    expect(res.status).toBe(400)
  })

  it('refuses a JSON body past 2 MiB, even without Content-Length', async () => {
    const big = JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024 + 10) })
    const stream = new Blob([big]).stream()
    const request = new Request('http://site.test/api/leads', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit)
    expect((await statusOf(request)).status).toBe(413)
  })

  // A body sent in chunks (no Content-Length), endless unless `chunks` is given, counting
  // what the guard pulls.
  function streamed(type: string, path = '/api/users/login', chunks = Infinity) {
    const pulled = { bytes: 0 }
    const chunk = new Uint8Array(64 * 1024).fill(0x61)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= chunks) return controller.close()
        pulled.bytes += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const request = new Request(`http://site.test${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': type },
      duplex: 'half',
    } as RequestInit)
    return { request, pulled }
  }
  const MiB = 1024 * 1024

  it.each(['application/json', 'multipart/form-data; boundary=x'])(
    'keeps at most 2 MiB of a %s body to login: a 10 MiB body is read to its end and thrown away, then 413 on an open connection',
    async (type) => {
      const { request, pulled } = streamed(type, '/api/users/login', (10 * MiB) / (64 * 1024))
      const res = await passed(request)
      expect(res.status).toBe(413)
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).toBe(
        'The request body is too large.',
      )
      expect(res.headers.get('connection')).toBeNull()
      expect(pulled.bytes).toBe(10 * MiB)
    },
  )

  it('stops reading an endless body at 64 MiB and closes the connection with its 413', async () => {
    const { request, pulled } = streamed('application/json')
    const res = await passed(request)
    expect(res.status).toBe(413)
    expect(res.headers.get('connection')).toBe('close')
    expect(pulled.bytes).toBeLessThan(64 * MiB + 3 * 64 * 1024)
  })

  it('refuses a body whose Content-Length passes 64 MiB without reading any of it', async () => {
    const { request, pulled } = streamed('application/json')
    const declared = new Request(request, {
      headers: { 'content-type': 'application/json', 'content-length': String(100 * MiB) },
    })
    const res = await passed(declared)
    expect(res.status).toBe(413)
    expect(res.headers.get('connection')).toBe('close')
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024 * 2)
  })

  it('reads a file-sized body only from a sender who may upload: others get a 403 and nothing is kept', async () => {
    let handled = 0
    const gate = (allowed: boolean) =>
      guardRequestBody(
        async (request: Request) => {
          handled += (await request.arrayBuffer()).byteLength
          return Response.json({})
        },
        { takesFiles: () => true, mayUpload: async () => allowed },
      )
    const refused = streamed('multipart/form-data; boundary=x', '/api/gallery-images', 16)
    const res = await gate(false)(refused.request)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).toBe(
      'You are not allowed to perform this action.',
    )
    expect(handled).toBe(0)
    expect(refused.pulled.bytes).toBe(MiB)
    // A file from staff reaches the handler.
    const form = new FormData()
    form.append('_payload', JSON.stringify({ alt: 'A rim' }))
    form.append('file', new Blob([new Uint8Array(MiB)], { type: 'image/png' }), 'rim.png')
    const allowed = new Request('http://site.test/api/gallery-images', { method: 'POST', body: form })
    expect((await gate(true)(allowed)).status).toBe(200)
    expect(handled).toBeGreaterThan(MiB)
  })

  it('takes file-sized multipart bodies only where files are taken (upload collections)', async () => {
    const uploads = guardRequestBody(async () => Response.json({}), {
      takesFiles: (path) => path.startsWith('/api/gallery-images'),
    })
    const withFile = (path: string) => {
      const form = new FormData()
      form.append('_payload', JSON.stringify({ alt: 'A rim' }))
      form.append('file', new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/png' }), 'rim.png')
      return new Request(`http://site.test${path}`, { method: 'POST', body: form })
    }
    expect((await uploads(withFile('/api/gallery-images'))).status).toBe(200)
    expect((await uploads(withFile('/api/users/login'))).status).toBe(413)
    expect((await uploads(withFile('/api/leads'))).status).toBe(413)
  })

  it('leaves skipped paths (the quote endpoint reads its own body) alone', async () => {
    expect((await statusOf(post('not multipart', 'text/plain', '/api/quote-requests'))).status).toBe(200)
  })
})

describe('nestingDepth', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestingDepth('x')).toBe(0)
    expect(nestingDepth({ a: [1, { b: 2 }] })).toBe(3)
  })
  it('stops counting past the limit without recursion', () => {
    let deep: unknown = []
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(nestingDepth(deep, 64)).toBe(65)
  })
})
