import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { PHOTOS_NOT_STORED } from '@/lib/request-constants'
import { cleanPhoto } from '@/collections/CustomerUploads/cleanPhoto'

import { TEST_DATA_DIR } from '../helpers/env'
import { setupHarness } from '../helpers/harness'
import {
  CAMERA_SERIAL,
  GPS_INFO_TAG,
  REQUEST_FIELDS,
  counts,
  image,
  newClient,
  phoneJpeg,
  requestForm,
  storedFiles,
  submitRequest,
} from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// POST /api/quote-requests through a real HTTP server, Payload and Postgres: what is
// accepted, what is refused (always a 4xx with a message, never a partial write), and
// that a failure half-way leaves nothing behind.

const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle

beforeEach(async () => {
  await emptyCollections(h.payload, ['lead-events', 'leads', 'customer-uploads', 'payload-jobs'])
  fs.rmSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads'), { recursive: true, force: true })
})

async function onlyLead() {
  const { docs } = await h.payload.find({ collection: 'leads', depth: 1, overrideAccess: true })
  expect(docs).toHaveLength(1)
  return docs[0]
}

async function expectNothingStored() {
  expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
  expect(storedFiles(TEST_DATA_DIR)).toEqual([])
}

describe('valid requests', () => {
  it('without photos: 201, one lead with exactly the fields sent, status new, two e-mail jobs', async () => {
    const res = await submitRequest(h.http, requestForm())
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: 'Request submitted', photos: 0, outsideArea: false })
    const lead = await onlyLead()
    expect(lead).toMatchObject({ ...REQUEST_FIELDS, status: 'new', photos: [] })
    const { docs: jobs } = await h.payload.find({ collection: 'payload-jobs', overrideAccess: true })
    expect(
      jobs
        .map((j) => [
          j.taskSlug,
          (j.input as { leadId: number }).leadId,
          (j.input as { audience: string }).audience,
        ])
        .sort(),
    ).toEqual([
      ['sendQuoteEmail', lead.id, 'business'],
      ['sendQuoteEmail', lead.id, 'customer'],
    ])
    expect(storedFiles(TEST_DATA_DIR)).toEqual([])
  })

  it('with one photo: the lead links it, stored as a JPEG', async () => {
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'wheel.png', type: 'image/png', bytes: await image('png') }]),
    )
    expect(res.status).toBe(201)
    expect(res.body.photos).toBe(1)
    const lead = await onlyLead()
    expect(lead.photos).toHaveLength(1)
    const photo = lead.photos![0] as { filename: string; mimeType: string }
    expect(photo.mimeType).toBe('image/jpeg')
    expect(storedFiles(TEST_DATA_DIR)).toContain(photo.filename)
  })

  it('with several photos in every accepted format: all linked, in order', async () => {
    const photos = [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await phoneJpeg() },
      { name: 'b.png', type: 'image/png', bytes: await image('png') },
      { name: 'c.webp', type: 'image/webp', bytes: await image('webp') },
      { name: 'd.gif', type: 'image/gif', bytes: await image('gif') },
      { name: 'e.avif', type: 'image/avif', bytes: await image('avif') },
    ]
    const res = await submitRequest(h.http, requestForm({ serviceType: 'rim_rash' }, photos))
    expect(res.status).toBe(201)
    expect(res.body.photos).toBe(5)
    const lead = await onlyLead()
    expect(lead.serviceType).toBe('rim_rash')
    expect(lead.photos).toHaveLength(5)
    expect(await h.payload.count({ collection: 'customer-uploads' })).toMatchObject({ totalDocs: 5 })
  })

  it('every photo is re-encoded: oriented upright, GPS, serial and all EXIF gone', async () => {
    const original = await phoneJpeg()
    // the upload really carries what must be removed
    expect((await sharp(original).metadata()).orientation).toBe(6)
    expect(original.includes(Buffer.from(CAMERA_SERIAL))).toBe(true)
    expect(original.includes(Buffer.from('TestPhone'))).toBe(true)
    const originalExif = (await sharp(original).metadata()).exif!
    expect(originalExif.includes(GPS_INFO_TAG)).toBe(true)

    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'IMG_0001.jpg', type: 'image/jpeg', bytes: original }]),
    )
    expect(res.status).toBe(201)
    const lead = await onlyLead()
    const photo = lead.photos![0] as { filename: string }
    const stored = fs.readFileSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads', photo.filename))
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([40, 60])
    expect(stored.includes(Buffer.from(CAMERA_SERIAL))).toBe(false)
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false)
    // no EXIF block at all, so no GPS block either
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false)
  })

  it('each photo is encoded once: the stored file is byte for byte what the endpoint made of it', async () => {
    const original = await phoneJpeg()
    const cleaned = await cleanPhoto(original)
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'IMG_0002.jpg', type: 'image/jpeg', bytes: original }]),
    )
    expect(res.status).toBe(201)
    const photo = (await onlyLead()).photos![0] as { filename: string; filesize: number }
    const stored = fs.readFileSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads', photo.filename))
    expect(stored.equals(cleaned.data)).toBe(true)
    expect(photo.filesize).toBe(cleaned.data.byteLength)
  })

  it('a large photo is capped at 2048 px on its longest side', async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer()
    expect(
      (await submitRequest(h.http, requestForm({}, [{ name: 'big.jpg', type: 'image/jpeg', bytes: big }])))
        .status,
    ).toBe(201)
    const photo = (await onlyLead()).photos![0] as { width: number; height: number }
    expect([photo.width, photo.height]).toEqual([2048, 512])
  })
})

describe('invalid fields: 400 with a message per field, nothing stored', () => {
  const cases: [string, Record<string, string | undefined>, Record<string, string>][] = [
    ['first name missing', { firstName: undefined }, { firstName: 'First name is required.' }],
    ['first name blank', { firstName: '   ' }, { firstName: 'First name is required.' }],
    ['last name missing', { lastName: '' }, { lastName: 'Last name is required.' }],
    ['phone missing', { phone: '' }, { phone: 'Phone is required.' }],
    ['phone with letters', { phone: 'call me maybe' }, { phone: 'Enter a valid phone number.' }],
    ['phone too short', { phone: '555' }, { phone: 'Enter a valid phone number.' }],
    ['e-mail missing', { email: '' }, { email: 'Email is required.' }],
    ['e-mail malformed', { email: 'maria@' }, { email: 'Enter a valid email address.' }],
    // zod's own rule takes it; Payload's email field does not (a domain label ending in "-")
    ['e-mail Payload would refuse', { email: 'maria@ex-.com' }, { email: 'Enter a valid email address.' }],
    ['description missing', { description: '' }, { description: 'Description is required.' }],
    ['description too long', { description: 'x'.repeat(5001) }, { description: 'Description is too long.' }],
    [
      'service type unknown',
      { serviceType: 'teleportation' },
      { serviceType: 'Choose one of the offered services.' },
    ],
    [
      'everything missing',
      {
        firstName: undefined,
        lastName: undefined,
        phone: undefined,
        email: undefined,
        description: undefined,
        serviceType: undefined,
      },
      {
        firstName: 'First name is required.',
        lastName: 'Last name is required.',
        phone: 'Phone is required.',
        email: 'Email is required.',
        description: 'Description is required.',
        serviceType: 'Choose one of the offered services.',
      },
    ],
  ]
  for (const [name, fields, errors] of cases) {
    it(name, async () => {
      const res = await submitRequest(
        h.http,
        requestForm(fields, [{ name: 'ok.png', type: 'image/png', bytes: await image('png') }]),
      )
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Please check the highlighted fields.', fieldErrors: errors })
      await expectNothingStored()
    })
  }
})

describe('invalid photos: refused by content, nothing stored', () => {
  it('text named .jpg and declared image/jpeg: 400', async () => {
    const res = await submitRequest(
      h.http,
      requestForm({}, [
        { name: 'good.png', type: 'image/png', bytes: await image('png') },
        {
          name: 'holiday.jpg',
          type: 'image/jpeg',
          bytes: Buffer.from('this is not a picture at all, just text'),
        },
      ]),
    )
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({
      photos: '"holiday.jpg" is not an image we can read (JPEG, PNG, WebP, GIF, HEIC or AVIF).',
    })
    await expectNothingStored()
  })

  it('an SVG (even named .png): 400', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    )
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'rim.png', type: 'image/png', bytes: svg }]),
    )
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({
      photos: '"rim.png" is not a JPEG, PNG, WebP, GIF, HEIC or AVIF image.',
    })
    await expectNothingStored()
  })

  it('a TIFF, which sharp reads but we do not take: 400', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer()
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'scan.jpg', type: 'image/jpeg', bytes: tiff }]),
    )
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({
      photos: '"scan.jpg" is not a JPEG, PNG, WebP, GIF, HEIC or AVIF image.',
    })
    await expectNothingStored()
  })

  it('a photo over 15 MB: 413', async () => {
    const huge = Buffer.concat([await image('png'), Buffer.alloc(15 * 1024 * 1024)])
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'huge.png', type: 'image/png', bytes: huge }]),
    )
    expect(res.status).toBe(413)
    expect(res.body.fieldErrors).toEqual({ photos: '"huge.png" is larger than 15 MB.' })
    await expectNothingStored()
  })

  it('a small file that declares more than 50 megapixels (a decompression bomb): 400, never decoded', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.byteLength).toBeLessThan(1024 * 1024)
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'bomb.png', type: 'image/png', bytes: bomb }]),
    )
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({ photos: '"bomb.png" is larger than 50 megapixels.' })
    await expectNothingStored()
  })

  it('eleven photos: 400', async () => {
    const bytes = await image('png')
    const photos = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', bytes }))
    const res = await submitRequest(h.http, requestForm({}, photos))
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({ photos: 'Send at most 10 photos.' })
    await expectNothingStored()
  })

  it('ten photos are fine', async () => {
    const bytes = await image('png')
    const photos = Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', bytes }))
    const res = await submitRequest(h.http, requestForm({}, photos))
    expect(res.status).toBe(201)
    expect(res.body.photos).toBe(10)
  })

  it('a body past the size cap is refused while reading: 413', async () => {
    const chunk = Buffer.alloc(14 * 1024 * 1024)
    const photos = Array.from({ length: 11 }, (_, i) => ({
      name: `p${i}.jpg`,
      type: 'image/jpeg',
      bytes: chunk,
    }))
    const res = await submitRequest(h.http, requestForm({}, photos))
    expect(res.status).toBe(413)
    await expectNothingStored()
  })

  // A multipart body made as it is sent (no Content-Length, as a chunked upload), so the
  // client holds no copy of it: `photos` parts of `photoBytes` zero bytes each.
  function streamedQuote(fields: Record<string, string>, photos: number, photoBytes: number) {
    const boundary = 'quote-test-boundary'
    const encoder = new TextEncoder()
    const chunk = new Uint8Array(256 * 1024)
    const parts = function* () {
      for (const [name, value] of Object.entries(fields))
        yield encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
      for (let i = 0; i < photos; i++) {
        yield encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        )
        for (let sent = 0; sent < photoBytes; sent += chunk.byteLength)
          yield chunk.subarray(0, Math.min(chunk.byteLength, photoBytes - sent))
        yield encoder.encode('\r\n')
      }
      yield encoder.encode(`--${boundary}--\r\n`)
    }
    const it = parts()
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = it.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      },
    })
    return fetch(`${h.http.baseURL}/api/quote-requests`, {
      method: 'POST',
      body,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'X-Forwarded-For': newClient(),
      },
      duplex: 'half',
    } as RequestInit)
  }

  it('photos are streamed to disk, never gathered in memory: 140 MB of them move memory by far less', async () => {
    const baseline = process.memoryUsage().arrayBuffers
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 2)
    try {
      // The fields are refused, so the photos are read off the wire but never decoded.
      const res = await streamedQuote({ ...REQUEST_FIELDS, firstName: '' }, 10, 14 * 1024 * 1024)
      expect(res.status).toBe(400)
    } finally {
      clearInterval(sampler)
    }
    expect(peak - baseline).toBeLessThan(40 * 1024 * 1024)
    await expectNothingStored()
  })

  it('a chunked body past the size cap is refused while reading: 413, nothing stored', async () => {
    const res = await streamedQuote(REQUEST_FIELDS, 11, 14.5 * 1024 * 1024)
    expect(res.status).toBe(413)
    await expectNothingStored()
  })

  it('the photos wait in a temporary folder that goes with the request', async () => {
    // A private TMPDIR: an earlier test's refused upload can still have its folder in the
    // shared one, answered before the server has removed it; this test checks its own.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'request-tmp-'))
    const shared = process.env.TMPDIR
    process.env.TMPDIR = tmp
    try {
      const photo = [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]
      expect((await submitRequest(h.http, requestForm({}, photo))).status).toBe(201)
      expect((await submitRequest(h.http, requestForm({ email: 'nope' }, photo))).status).toBe(400)
      expect(fs.readdirSync(tmp)).toEqual([])
    } finally {
      if (shared === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = shared
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  })

  it('not multipart: 415', async () => {
    const res = await h.http.post('/api/quote-requests', {
      json: REQUEST_FIELDS,
      headers: { 'X-Forwarded-For': newClient() },
    })
    expect(res.status).toBe(415)
    await expectNothingStored()
  })
})

describe('spam', () => {
  it('the honeypot filled in: 400, nothing stored', async () => {
    const res = await submitRequest(h.http, requestForm({ website: 'https://cheap-pills.example' }))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'This request was not accepted.' })
    await expectNothingStored()
  })

  it('the honeypot present but empty (as the form sends it): accepted', async () => {
    expect((await submitRequest(h.http, requestForm({ website: '' }))).status).toBe(201)
  })

  it('five requests in the window pass, the sixth gets 429 with a readable message; other clients are unaffected', async () => {
    const client = newClient()
    for (let i = 0; i < 5; i++)
      expect((await submitRequest(h.http, requestForm(), { client })).status).toBe(201)
    const limited = await submitRequest(h.http, requestForm(), { client })
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({
      message: 'Too many quote requests from this connection. Please try again in a few minutes.',
    })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await h.payload.count({ collection: 'leads' })).toMatchObject({ totalDocs: 5 })
    expect((await submitRequest(h.http, requestForm())).status).toBe(201)
  })

  it('the limit is shared with REST creates of leads, and lives in Postgres', async () => {
    const client = newClient()
    for (let i = 0; i < 5; i++)
      expect((await submitRequest(h.http, requestForm(), { client })).status).toBe(201)
    const rest = await h.http.post('/api/leads', {
      json: { ...REQUEST_FIELDS, serviceType: 'rim_rash' },
      headers: { 'X-Forwarded-For': client },
    })
    expect(rest.status).toBe(429)
    expect(rest.body.errors[0].message).toBe(
      'Too many quote requests from this connection. Please try again in a few minutes.',
    )
    const rows = await db().execute(
      sql`SELECT points AS hits FROM rate_limit_points WHERE key = ${`quote:address:${client}`}`,
    )
    expect(Number((rows as unknown as { rows: { hits: unknown }[] }).rows[0].hits)).toBe(6)
  })

  it('a new window starts once the old one is over', async () => {
    const client = newClient()
    for (let i = 0; i < 5; i++) await submitRequest(h.http, requestForm(), { client })
    expect((await submitRequest(h.http, requestForm(), { client })).status).toBe(429)
    await db().execute(
      sql`UPDATE rate_limit_points SET expire = ${Date.now() - 60_000} WHERE key = ${`quote:address:${client}`}`,
    )
    expect((await submitRequest(h.http, requestForm(), { client })).status).toBe(201)
  })

  it('approved staff are not limited', async () => {
    const client = newClient()
    for (let i = 0; i < 7; i++) {
      const res = await h.http.post('/api/quote-requests', {
        form: requestForm(),
        session: h.sessionOf('staff'),
        headers: { 'X-Forwarded-For': client },
      })
      expect(res.status).toBe(201)
    }
  })
})

describe('idempotency', () => {
  it('the same key twice: one lead, one set of photos, the same answer', async () => {
    const key = 'retry-key-0123456789abcdef'
    const photos = [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]
    const first = await submitRequest(h.http, requestForm({}, photos), { key })
    const second = await submitRequest(h.http, requestForm({}, photos), { key })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await counts(h.payload)).toEqual({ leads: 1, uploads: 1, jobs: 2 })
  })

  it('a double click (both at once): exactly one lead', async () => {
    const key = 'double-click-0123456789abcdef'
    const photos = [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]
    const [a, b] = await Promise.all([
      submitRequest(h.http, requestForm({}, photos), { key }),
      submitRequest(h.http, requestForm({}, photos), { key }),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(a.body).toEqual(b.body)
    expect(await counts(h.payload)).toEqual({ leads: 1, uploads: 1, jobs: 2 })
    expect(storedFiles(TEST_DATA_DIR).filter((f) => f.endsWith('.jpg'))).toHaveLength(1)
  })

  it('different keys: two leads', async () => {
    await submitRequest(h.http, requestForm())
    await submitRequest(h.http, requestForm())
    expect(await h.payload.count({ collection: 'leads' })).toMatchObject({ totalDocs: 2 })
  })

  it('a malformed key: 400', async () => {
    const res = await submitRequest(h.http, requestForm(), { key: 'short' })
    expect(res.status).toBe(400)
    await expectNothingStored()
  })
})

describe('a failure half-way leaves nothing behind', () => {
  afterEach(async () => {
    await db().execute(sql`ALTER TABLE customer_uploads DROP CONSTRAINT IF EXISTS quote_test_fail`)
    await db().execute(sql`ALTER TABLE leads DROP CONSTRAINT IF EXISTS quote_test_fail`)
  })

  it('the lead insert fails after the photos were stored: no lead, no photo rows, no files, no jobs', async () => {
    await db().execute(
      sql`ALTER TABLE leads ADD CONSTRAINT quote_test_fail CHECK (description <> 'refuse me')`,
    )
    const photos = [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await phoneJpeg() },
      { name: 'b.png', type: 'image/png', bytes: await image('png') },
    ]
    const res = await submitRequest(h.http, requestForm({ description: 'refuse me' }, photos))
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ message: 'There was a problem submitting your request. Please try again.' })
    await expectNothingStored()
  })

  it('storing the second photo fails: the first one is removed too', async () => {
    // the second photo is wider, so only its row breaks the rule
    await db().execute(sql`ALTER TABLE customer_uploads ADD CONSTRAINT quote_test_fail CHECK (width < 50)`)
    const photos = [
      { name: 'small.png', type: 'image/png', bytes: await image('png', 30, 20) },
      { name: 'wide.png', type: 'image/png', bytes: await image('png', 80, 20) },
    ]
    const res = await submitRequest(h.http, requestForm({}, photos))
    expect(res.status).toBe(500)
    await expectNothingStored()
  })

  it('the upload folder cannot be written: 503 that names the photos as the cause, nothing stored', async () => {
    const dir = path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads')
    fs.mkdirSync(path.dirname(dir), { recursive: true })
    fs.writeFileSync(dir, 'a file where the folder should be')
    try {
      const res = await submitRequest(
        h.http,
        requestForm({}, [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]),
      )
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '60'])
      expect(res.body).toEqual({
        message: 'There was a problem submitting your request. Please try again.',
        fieldErrors: { photos: PHOTOS_NOT_STORED },
      })
      expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
      // The same request without its photos goes through.
      expect((await submitRequest(h.http, requestForm({}, []))).status).toBe(201)
    } finally {
      fs.rmSync(dir, { force: true })
    }
  })
})

describe("Payload's own validation: a 400 with field errors, never a 500", () => {
  it('a value the shared schema takes but a field rule refuses: 400 on that field, nothing stored', async () => {
    // A rule the shared schema does not know, as any future field rule could be.
    const field = h.payload.collections.leads.config.fields.find(
      (f) => 'name' in f && f.name === 'description',
    )!
    const original = (field as { validate: (...args: unknown[]) => unknown }).validate
    ;(field as { validate: unknown }).validate = (value: unknown, args: unknown) =>
      value === 'refuse me' ? 'Not this description.' : original(value, args)
    try {
      const photos = [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]
      const res = await submitRequest(h.http, requestForm({ description: 'refuse me' }, photos))
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: 'Please check the highlighted fields.',
        fieldErrors: { description: 'Not this description.' },
      })
      await expectNothingStored()
    } finally {
      ;(field as { validate: unknown }).validate = original
    }
  })
})

describe('a COMMIT that fails', () => {
  afterEach(async () => {
    await db().execute(sql`DROP TRIGGER IF EXISTS quote_test_commit_fail ON leads`)
    await db().execute(sql`DROP FUNCTION IF EXISTS quote_test_refuse_commit()`)
  })

  it("is not reported as a success: 500 with the form's message, no lead, no photo rows, no files, no jobs", async () => {
    // A deferred constraint trigger runs at COMMIT, so the COMMIT itself fails, after every
    // insert of the submission went through.
    await db().execute(
      sql.raw(`CREATE FUNCTION quote_test_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.description = 'refuse at commit' THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NULL;
      END $$`),
    )
    await db().execute(
      sql.raw(`CREATE CONSTRAINT TRIGGER quote_test_commit_fail AFTER INSERT ON leads
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quote_test_refuse_commit()`),
    )
    const photos = [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await phoneJpeg() },
      { name: 'b.png', type: 'image/png', bytes: await image('png') },
    ]
    const res = await submitRequest(h.http, requestForm({ description: 'refuse at commit' }, photos))
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ message: 'There was a problem submitting your request. Please try again.' })
    await expectNothingStored()
  })

  it('without a submission key too', async () => {
    await db().execute(
      sql.raw(`CREATE FUNCTION quote_test_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused at commit'; END $$`),
    )
    await db().execute(
      sql.raw(`CREATE CONSTRAINT TRIGGER quote_test_commit_fail AFTER INSERT ON leads
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quote_test_refuse_commit()`),
    )
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]),
      {
        key: null,
      },
    )
    expect(res.status).toBe(500)
    await expectNothingStored()
  })
})

describe('customer photos stay private', () => {
  it('a submitted photo: anonymous gets 403, approved staff get the bytes', async () => {
    await submitRequest(
      h.http,
      requestForm({}, [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]),
    )
    const photo = (await onlyLead()).photos![0] as { filename: string; url: string }
    expect(photo.url).toMatch(new RegExp(`/api/customer-uploads/file/${photo.filename}$`))
    const anonymous = await h.http.bytes(`/api/customer-uploads/file/${photo.filename}`)
    expect(anonymous.status).toBe(403)
    const staff = await h.http.bytes(`/api/customer-uploads/file/${photo.filename}`, h.sessionOf('staff'))
    expect(staff.status).toBe(200)
    expect(staff.headers.get('content-type')).toBe('image/jpeg')
  })

  it('its thumbnail too: anonymous and unapproved get 403, approved staff the WebP', async () => {
    // big enough for Payload to make the 320 px thumbnail
    await submitRequest(
      h.http,
      requestForm({}, [{ name: 'a.png', type: 'image/png', bytes: await image('png', 400, 400) }]),
    )
    const photo = (await onlyLead()).photos![0] as { sizes: { thumbnail: { filename: string; url: string } } }
    const route = `/api/customer-uploads/file/${photo.sizes.thumbnail.filename}`
    expect(new URL(photo.sizes.thumbnail.url, 'http://localhost').pathname).toBe(route)
    expect((await h.http.bytes(route)).status).toBe(403)
    expect((await h.http.bytes(route, h.sessionOf('unapproved'))).status).toBe(403)
    const staff = await h.http.bytes(route, h.sessionOf('staff'))
    expect(staff.status).toBe(200)
    expect(staff.headers.get('content-type')).toBe('image/webp')
  })
})
