import { randomBytes } from 'node:crypto'
import path from 'node:path'

import sharp from 'sharp'

import { VISIT_OUTCOME_MESSAGES } from '../../src/lib/visit-messages'
import { customerLinkToken } from '../../src/server/customer-link-token'
import { QUOTE_LINES, QUOTED_LEAD } from '../../tests/helpers/quote-fixtures'
import { serialVin } from '../../tests/helpers/vins'
import { adminAuthorization } from '../lib/auth'
import { sendNewQuote } from '../lib/quote-link'
import {
  payloadSecret,
  DATA_DIR,
  NO_RATE_LIMIT,
  QUOTE_PATH,
  errorLines,
  unhandledFailures,
  filesUnder,
  formOf,
  pool,
  requestFields,
  rawRequest,
  rowCounts,
  runTag,
  send,
  serverLogFile,
  smallJpeg,
  startDrillServer,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome, Part } from './lib'

// Drill 5: a generated corpus of bad inputs against every public way in: the quote
// endpoint, REST and GraphQL lead create, login and sign-up, a customer's quote link; and
// what a signed-in owner can send wrong (odd ids, absent versions, a vehicle list, a hand
// payment, a work order's photos). Every case is invalid by construction (a valid body with
// one thing wrong, or a broken request), so each must be refused with a 4xx (GraphQL: an
// `errors` answer) and leave nothing behind: no 5xx, no new leads, customer-uploads, users,
// work-orders or payments rows, no new file under DATA_DIR/uploads.

type Endpoint =
  | 'quote'
  | 'rest-leads'
  | 'graphql'
  | 'login'
  | 'signup'
  | 'quote-link'
  | 'by-id'
  | 'versions'
  | 'work-order-import'
  | 'hand-payment'
  | 'work-order'
type Case = { endpoint: Endpoint; name: string; run: (url: string) => Promise<Outcome> }

const MiB = 1024 * 1024
const HUGE = 'x'.repeat(MiB)
const CONTROL: Record<string, string> = {
  nul: 'Ma\u0000ria',
  bel: 'Ma\u0007ria',
  esc: '\u001b[31mMaria\u001b[0m',
  del: 'Ma\u007fria',
  backspace: 'Maria\b\b\b\bBob',
  crlf: 'Maria\r\nBcc: victim@example.com',
}
const TEXT_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'description', 'serviceType'] as const
const OVER_LIMIT: Record<string, string> = {
  firstName: 'a'.repeat(101),
  lastName: 'a'.repeat(101),
  phone: '5'.repeat(41),
  email: `${'a'.repeat(250)}@example.com`,
  description: 'a'.repeat(5001),
  serviceType: 'a'.repeat(300),
}
const FIELD_SPECIFIC: Record<string, string[]> = {
  phone: ['abc', '12', '555-CALL-NOW', '<script>alert(1)</script>', '+1 (512) 555-0100; DROP TABLE leads'],
  email: [
    'not-an-email',
    'maria@ex-.com',
    'maria@@example.com',
    'maria@example',
    'maria example@example.com',
    'maria..x@example.com',
  ],
  serviceType: ['nope', 'WHEEL_RESTORATION', '__proto__', 'constructor', '0', "wheel_restoration' OR '1'='1"],
}

// ---- request builders ----

// Each request comes from a visitor of its own through one proxy of ours (the server runs
// with TRUSTED_PROXY_HOPS=1), as on the deployed site: the drill is about what each input
// does, and from one address the sign-up and sign-in limits would refuse most cases unread.
let visitors = 0
const visitor = () => {
  visitors += 1
  return { 'X-Forwarded-For': `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}` }
}

const json = (url: string, p: string, value: unknown, headers: Record<string, string> = {}) =>
  send(
    `${url}${p}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...visitor(), ...headers },
      body: JSON.stringify(value),
    },
    60_000,
  )
const raw = (
  url: string,
  p: string,
  contentType: string | null,
  body: string | Buffer,
  headers: Record<string, string> = {},
) =>
  send(
    `${url}${p}`,
    {
      method: 'POST',
      headers: { ...(contentType ? { 'Content-Type': contentType } : {}), ...visitor(), ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    },
    60_000,
  )
let keyCounter = 0
const freshKey = () => `drill-bad-${Date.now().toString(36)}-${String(keyCounter++).padStart(5, '0')}`
const quote = (url: string, form: FormData, key: string | null = freshKey()) =>
  send(
    `${url}${QUOTE_PATH}`,
    { method: 'POST', body: form, headers: key !== null ? { 'Idempotency-Key': key } : {} },
    120_000,
  )

function multipartBody(
  boundary: string,
  parts: { headers: string; body: string | Buffer }[],
  close = true,
): Buffer {
  const chunks: Buffer[] = []
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`),
      Buffer.from(p.body),
      Buffer.from('\r\n'),
    )
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}
const fieldParts = (fields: Record<string, string>) =>
  Object.entries(fields).map(([name, value]) => ({
    headers: `Content-Disposition: form-data; name="${name}"`,
    body: value,
  }))

// A PNG whose header claims a canvas of width × height with next to no pixel data.
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// ---- the corpus ----

// The token of a quote sent to a lead made for the drill, for the customer-link cases.
async function sentQuoteToken(url: string, databaseUrl: string): Promise<string> {
  const authorization = await adminAuthorization(url)
  const id = await sendNewQuote(url, authorization, {
    lead: await staffLead(url, authorization),
    lines: QUOTE_LINES,
  })
  const nonce = await withDb(databaseUrl, async (db) => {
    const { rows } = await db.query<{ token_nonce: string }>('SELECT token_nonce FROM quotes WHERE id = $1', [
      id,
    ])
    return rows[0].token_nonce
  })
  return customerLinkToken(payloadSecret(), nonce)
}

async function staffLead(url: string, authorization: string): Promise<number> {
  const res = await fetch(`${url}/api/leads?depth=0`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...QUOTED_LEAD, email: `bad-input-${Date.now()}@example.com` }),
  })
  if (!res.ok) throw new Error(`the drill's lead was refused: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { doc: { id: number } }).doc.id
}

// What a customer's quote link takes: a page whose query names an outcome, and its forms.
function quoteLinkCases(add: (endpoint: Endpoint, name: string, run: Case['run']) => void, token: string) {
  for (const visit of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', '%00', 'booked%00']) {
    add('quote-link', `page with ?visit=${visit}`, (url) =>
      send(`${url}/quote/${token}?visit=${visit}`, { headers: visitor() }, 60_000, 1_000_000),
    )
  }
  const changes = (message: string) => (url: string) =>
    raw(
      url,
      '/api/quote-links/changes',
      'application/x-www-form-urlencoded',
      new URLSearchParams({ token, message }).toString(),
      {
        Accept: 'application/json',
      },
    )
  for (const k of ['nul', 'bel', 'esc', 'del', 'backspace'])
    add('quote-link', `change request: control ${k}`, changes(CONTROL[k]))
  add('quote-link', 'change request: empty', changes(''))
  add('quote-link', 'change request: too long', changes('a'.repeat(2001)))
}

// What a signed-in owner can send wrong: ids that are not whole numbers, the versions of a
// collection that has none, a vehicle list with a NUL or a due date that is no calendar day,
// a hand payment dated long ago or tomorrow, a photo twice on a work order. The owner's
// dealership, sent invoice and photo are made first, before the counts.
const BY_ID_SLUGS = [
  'leads',
  'quotes',
  'visits',
  'invoices',
  'payments',
  'statements',
  'statement-credits',
  'dealerships',
  'work-orders',
  'work-order-photos',
  'text-messages',
  'users',
  'promotions',
  'gallery-items',
  'customer-uploads',
  'lead-events',
  'erasures',
  'job-postings',
  'page-seo',
  'redirects',
]
const NO_VERSIONS = ['invoices', 'payments', 'work-orders', 'statements', 'text-messages']

async function signedInCases(add: (endpoint: Endpoint, name: string, run: Case['run']) => void, url: string) {
  const authorization = await adminAuthorization(url)
  const headers = { Authorization: authorization, 'Content-Type': 'application/json' }
  const made = async (what: string, p: string, body: unknown): Promise<number> => {
    const res = await send(`${url}${p}`, { method: 'POST', headers, body: JSON.stringify(body) })
    const id = Number((res.json?.doc as { id?: number } | undefined)?.id)
    if (res.status !== 201 || !id) throw new Error(`the drill's ${what} answered ${res.status}: ${res.body}`)
    return id
  }
  const dealership = await made('dealership', '/api/dealerships', {
    name: `Bad Input Motors ${Date.now()}`,
    billingEmail: 'billing@bad-input.test',
  })
  const lead = await staffLead(url, authorization)
  const invoice = await made('invoice', '/api/invoices', {
    lead,
    customerName: 'Bad Input',
    customerEmail: 'bad-input@example.com',
    lines: [{ description: 'Rim repair', quantity: 1, unitCents: 20_000 }],
  })
  const sent = await send(`${url}/api/invoices/${invoice}/send`, { method: 'POST', headers })
  if (sent.status !== 200)
    throw new Error(`sending the drill's invoice answered ${sent.status}: ${sent.body}`)
  const upload = new FormData()
  upload.append('file', new Blob([new Uint8Array(await smallJpeg(1))], { type: 'image/jpeg' }), 'wheel.jpg')
  upload.append('_payload', JSON.stringify({ dealership }))
  const uploaded = await send(`${url}/api/work-order-photos`, {
    method: 'POST',
    headers: { Authorization: authorization },
    body: upload,
  })
  const photo = Number((uploaded.json?.doc as { id?: number } | undefined)?.id)
  if (uploaded.status !== 201 || !photo)
    throw new Error(`the drill's photo answered ${uploaded.status}: ${uploaded.body}`)

  const as = (method: string, p: string, body?: unknown) => () =>
    send(`${url}${p}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  for (const slug of BY_ID_SLUGS) {
    for (const id of ['abc', '1.5']) add('by-id', `GET ${slug}/${id}`, as('GET', `/api/${slug}/${id}`))
  }
  add('by-id', 'PATCH leads/abc', as('PATCH', '/api/leads/abc', { notes: 'x' }))
  add('by-id', 'DELETE invoices/1.5', as('DELETE', '/api/invoices/1.5'))
  add('by-id', 'duplicate leads/abc', as('POST', '/api/leads/abc/duplicate', {}))
  for (const slug of NO_VERSIONS) add('versions', `GET ${slug}/versions`, as('GET', `/api/${slug}/versions`))

  const line = `STK1,${serialVin(1)},LF RF,rim rash`
  const list = (body: Record<string, unknown>) =>
    as('POST', '/api/work-orders/import', { dealership, list: line, ...body })
  add(
    'work-order-import',
    'NUL in a cell',
    list({ list: `Stock,VIN,Wheels,Service,Make\n${line},Fo\u0000rd` }),
  )
  add('work-order-import', 'NUL in the PO number', list({ poNumber: 'PO\u00001' }))
  for (const dueDate of ['2026-02-30', '0000-01-01', '99999-01-01', '2026-13-01', 'soon'])
    add('work-order-import', `due date ${dueDate}`, list({ dueDate }))

  const DAY = 86_400_000
  const pay = (receivedAt: string) =>
    as('POST', '/api/payments', { invoice, method: 'cash', amountCents: 100, receivedAt })
  for (const [name, receivedAt] of [
    ['1999-01-01', '1999-01-01T15:00:00.000Z'],
    ['91 days back', new Date(Date.now() - 91 * DAY).toISOString()],
    ['in two days', new Date(Date.now() + 2 * DAY).toISOString()],
    ['2026-02-30', '2026-02-30T15:00:00.000Z'],
    ['year 0', '0000-01-01T15:00:00.000Z'],
    ['a five-digit year', '+099999-01-01T00:00:00.000Z'],
    ['words', 'last tuesday'],
  ])
    add('hand-payment', `received ${name}`, pay(receivedAt))

  const wheel = (beforePhotos: number[], afterPhotos: number[] = []) => ({
    position: 'LF',
    service: 'rim_rash',
    beforePhotos,
    afterPhotos,
  })
  const order = (wheels: unknown[]) =>
    as('POST', '/api/work-orders', {
      dealership,
      vehicles: [{ stockNumber: 'B1', vin: serialVin(2), wheels }],
    })
  add('work-order', 'one photo twice on a wheel', order([wheel([photo, photo])]))
  add('work-order', 'one photo before and after', order([wheel([photo], [photo])]))
}

async function corpus(tag: string): Promise<Case[]> {
  const cases: Case[] = []
  const add = (endpoint: Endpoint, name: string, run: Case['run']) => cases.push({ endpoint, name, run })
  let n = 0
  // Valid fields of a fresh (never submitted) quote, for cases where one other thing is wrong.
  const valid = (): Record<string, string> => ({ ...requestFields(tag, n++) })
  const jpeg = await smallJpeg(1)
  const bigJpeg = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
  const tiff = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
    .tiff()
    .toBuffer()
  const oversized = randomBytes(16 * MiB)
  const justOver = Buffer.concat([jpeg, randomBytes(15 * MiB + 1 - jpeg.length)])
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
  const evilSvg =
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><text>&x;</text><script>alert(2)</script></svg>'
  const photo = (name: string, type: string, bytes: Buffer | string): Part => ({
    name,
    type,
    bytes: Buffer.from(bytes),
  })

  // -- quote endpoint: one field wrong --
  for (const field of TEXT_FIELDS) {
    const wrong: [string, string | undefined][] = [
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   \t  '],
      ['huge 1 MiB', HUGE],
      ['over its limit', OVER_LIMIT[field]],
      ...(FIELD_SPECIFIC[field] ?? []).map((v, i): [string, string] => [`invalid #${i + 1}`, v]),
    ]
    if (field === 'firstName' || field === 'lastName' || field === 'description') {
      for (const [k, v] of Object.entries(CONTROL))
        if (!(field === 'description' && k === 'crlf')) wrong.push([`control ${k}`, v])
    }
    for (const [label, value] of wrong) {
      add('quote', `${field}: ${label}`, (url) => quote(url, formOf({ ...valid(), [field]: value })))
    }
    // The field sent as a file instead of text.
    add('quote', `${field}: sent as a file`, (url) => {
      const form = formOf({ ...valid(), [field]: undefined })
      form.append(field, new Blob(['Maria'], { type: 'text/plain' }), 'name.txt')
      return quote(url, form)
    })
  }
  // -- quote endpoint: photos --
  const photoCases: [string, Part[]][] = [
    ['text file named .jpg', [photo('IMG_1.jpg', 'image/jpeg', 'just some text, not a picture')]],
    ['HTML named .jpg', [photo('IMG_2.jpg', 'image/jpeg', '<html><script>alert(1)</script></html>')]],
    ['PDF named .jpg', [photo('IMG_3.jpg', 'image/jpeg', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')]],
    [
      'EXE named .jpg',
      [photo('IMG_4.jpg', 'application/x-msdownload', Buffer.concat([Buffer.from('MZ'), randomBytes(2000)]))],
    ],
    ['random bytes', [photo('IMG_5.jpg', 'image/jpeg', randomBytes(5000))]],
    ['SVG', [photo('drawing.svg', 'image/svg+xml', svg)]],
    ['SVG named .jpg', [photo('IMG_6.jpg', 'image/jpeg', svg)]],
    ['SVG with script and XXE', [photo('evil.svg', 'image/svg+xml', evilSvg)]],
    [
      'truncated JPEG (half)',
      [photo('IMG_7.jpg', 'image/jpeg', bigJpeg.subarray(0, Math.floor(bigJpeg.length / 2)))],
    ],
    ['truncated JPEG (headers only)', [photo('IMG_8.jpg', 'image/jpeg', bigJpeg.subarray(0, 600))]],
    ['JPEG magic only', [photo('IMG_9.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))]],
    ['empty file', [photo('IMG_10.jpg', 'image/jpeg', Buffer.alloc(0))]],
    ['TIFF (not an accepted format)', [photo('IMG_11.tif', 'image/tiff', tiff)]],
    ['PNG claiming 50000×50000', [photo('bomb.png', 'image/png', pngClaiming(50_000, 50_000))]],
    ['oversized 16 MiB', [photo('IMG_12.jpg', 'image/jpeg', oversized)]],
    ['just over 15 MiB', [photo('IMG_13.jpg', 'image/jpeg', justOver)]],
    ['11 photos', Array.from({ length: 11 }, (_, i) => photo(`IMG_${i}.jpg`, 'image/jpeg', jpeg))],
    ['40 photos', Array.from({ length: 40 }, (_, i) => photo(`IMG_${i}.jpg`, 'image/jpeg', jpeg))],
    ['path traversal name, garbage bytes', [photo('../../../../etc/passwd.jpg', 'image/jpeg', 'root:x:0:0')]],
    [
      'one good photo and one text file',
      [photo('a.jpg', 'image/jpeg', jpeg), photo('b.jpg', 'image/jpeg', 'not an image')],
    ],
    [
      'good photos then a truncated one',
      [
        photo('a.jpg', 'image/jpeg', jpeg),
        photo('b.jpg', 'image/jpeg', jpeg),
        photo('c.jpg', 'image/jpeg', bigJpeg.subarray(0, 900)),
      ],
    ],
  ]
  for (const [label, parts] of photoCases)
    add('quote', `photos: ${label}`, (url) => quote(url, formOf(valid(), parts)))
  add('quote', 'photos: sent as text', (url) => quote(url, formOf({ ...valid(), photos: 'IMG_1.jpg' })))
  add('quote', 'photos: text and a file', (url) => {
    const form = formOf({ ...valid(), photos: '12' }, [photo('a.jpg', 'image/jpeg', jpeg)])
    return quote(url, form)
  })
  // -- quote endpoint: the request itself --
  const urlencoded = new URLSearchParams(valid()).toString()
  // (a Buffer body: fetch adds no Content-Type of its own)
  add('quote', 'content type: none', (url) =>
    raw(url, QUOTE_PATH, null, Buffer.from(urlencoded), { 'Idempotency-Key': freshKey() }),
  )
  add('quote', 'content type: urlencoded', (url) =>
    raw(url, QUOTE_PATH, 'application/x-www-form-urlencoded', urlencoded),
  )
  add('quote', 'content type: JSON', (url) => json(url, QUOTE_PATH, valid()))
  add('quote', 'content type: malformed JSON', (url) =>
    raw(url, QUOTE_PATH, 'application/json', '{"firstName": "Maria", '),
  )
  add('quote', 'content type: text/plain', (url) => raw(url, QUOTE_PATH, 'text/plain', urlencoded))
  add('quote', 'content type: multipart/mixed', (url) =>
    raw(
      url,
      QUOTE_PATH,
      'multipart/mixed; boundary=b0undary',
      multipartBody('b0undary', fieldParts(valid())),
    ),
  )
  add('quote', 'content type: image/jpeg (a bare photo)', (url) => raw(url, QUOTE_PATH, 'image/jpeg', jpeg))
  add('quote', 'multipart: no boundary parameter', (url) =>
    raw(url, QUOTE_PATH, 'multipart/form-data', multipartBody('b0undary', fieldParts(valid()))),
  )
  add('quote', 'multipart: boundary mismatch', (url) =>
    raw(
      url,
      QUOTE_PATH,
      'multipart/form-data; boundary=other',
      multipartBody('b0undary', fieldParts(valid())),
    ),
  )
  add('quote', 'multipart: no closing boundary', (url) =>
    raw(
      url,
      QUOTE_PATH,
      'multipart/form-data; boundary=b0undary',
      multipartBody('b0undary', fieldParts(valid()), false),
    ),
  )
  add('quote', 'multipart: cut inside a part', (url) => {
    const body = multipartBody('b0undary', fieldParts(valid()))
    return raw(
      url,
      QUOTE_PATH,
      'multipart/form-data; boundary=b0undary',
      body.subarray(0, Math.floor(body.length / 2)),
    )
  })
  add('quote', 'multipart: photo part cut off', (url) => {
    const body = multipartBody('b0undary', [
      ...fieldParts(valid()),
      {
        headers:
          'Content-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg',
        body: bigJpeg,
      },
    ])
    return raw(
      url,
      QUOTE_PATH,
      'multipart/form-data; boundary=b0undary',
      body.subarray(0, body.length - 2000),
    )
  })
  add('quote', 'multipart: garbage body', (url) =>
    raw(url, QUOTE_PATH, 'multipart/form-data; boundary=b0undary', randomBytes(4096)),
  )
  add('quote', 'multipart: empty body', (url) =>
    raw(url, QUOTE_PATH, 'multipart/form-data; boundary=b0undary', ''),
  )
  add('quote', 'multipart: part without Content-Disposition', (url) =>
    raw(
      url,
      QUOTE_PATH,
      'multipart/form-data; boundary=b0undary',
      multipartBody('b0undary', [{ headers: 'Content-Type: text/plain', body: 'Maria' }]),
    ),
  )
  add('quote', 'multipart: 100 KiB part header', (url) =>
    raw(
      url,
      QUOTE_PATH,
      'multipart/form-data; boundary=b0undary',
      multipartBody('b0undary', [
        { headers: `Content-Disposition: form-data; name="${'n'.repeat(100 * 1024)}"`, body: 'x' },
      ]),
    ),
  )
  add('quote', 'multipart: 300-character boundary', (url) => {
    const b = 'b'.repeat(300)
    return raw(
      url,
      QUOTE_PATH,
      `multipart/form-data; boundary=${b}`,
      multipartBody(b, fieldParts({ firstName: 'x' })),
    )
  })
  add('quote', 'multipart: 10 000 extra fields, no first name', (url) => {
    const form = formOf({ ...valid(), firstName: undefined })
    for (let i = 0; i < 10_000; i++) form.append(`extra${i}`, 'x')
    return quote(url, form)
  })
  add('quote', 'extra privileged fields with a bad phone', (url) =>
    quote(
      url,
      formOf({
        ...valid(),
        phone: 'call me',
        status: 'won',
        id: '1',
        idempotencyKey: 'x'.repeat(20),
        createdAt: '2000-01-01',
      }),
    ),
  )
  add('quote', 'Content-Length claims 200 MB', (url) =>
    rawRequest(`${url}${QUOTE_PATH}`, {
      headers: {
        'Content-Type': 'multipart/form-data; boundary=b0undary',
        'Content-Length': String(200 * MiB),
      },
      body: Buffer.from('--b0undary\r\n'),
      end: false,
    }),
  )
  add('quote', 'honeypot filled in', (url) =>
    quote(url, formOf({ ...valid(), website: 'https://spam.example' })),
  )
  for (const [label, key] of [
    ['empty', ''],
    ['too short', 'abc123'],
    ['too long', 'k'.repeat(101)],
    ['spaces', 'has spaces in it 0123456789'],
    ['path', '../../../../etc/passwd'],
    ['latin-1', 'ÿ'.repeat(20)],
    ['SQL', "x' OR '1'='1' -- 1234567"],
  ] as const) {
    add('quote', `Idempotency-Key: ${label}`, (url) => quote(url, formOf(valid()), key))
  }

  // -- REST POST /api/leads --
  const leadBody = (): Record<string, unknown> => ({ ...valid() })
  for (const field of TEXT_FIELDS) {
    add('rest-leads', `${field}: missing`, (url) =>
      json(url, '/api/leads', { ...leadBody(), [field]: undefined }),
    )
    for (const [label, value] of [
      ['number', 12345],
      ['boolean', true],
      ['null', null],
      ['object', { equals: 'x' }],
      ['array', ['Maria', 'Ana']],
    ] as const) {
      add('rest-leads', `${field}: ${label}`, (url) =>
        json(url, '/api/leads', { ...leadBody(), [field]: value }),
      )
    }
    add('rest-leads', `${field}: huge 1 MiB`, (url) =>
      json(url, '/api/leads', { ...leadBody(), [field]: HUGE }),
    )
    add('rest-leads', `${field}: over its limit`, (url) =>
      json(url, '/api/leads', { ...leadBody(), [field]: OVER_LIMIT[field] }),
    )
  }
  for (const field of ['firstName', 'lastName', 'description']) {
    for (const k of ['nul', 'bel', 'esc', 'del']) {
      add('rest-leads', `${field}: control ${k}`, (url) =>
        json(url, '/api/leads', { ...leadBody(), [field]: CONTROL[k] }),
      )
    }
  }
  for (const field of ['phone', 'email', 'serviceType']) {
    FIELD_SPECIFIC[field]
      .slice(0, 3)
      .forEach((v, i) =>
        add('rest-leads', `${field}: invalid #${i + 1}`, (url) =>
          json(url, '/api/leads', { ...leadBody(), [field]: v }),
        ),
      )
  }
  add('rest-leads', 'extra: status, photos, id, key with a bad e-mail', (url) =>
    json(url, '/api/leads', {
      ...leadBody(),
      email: 'nope',
      status: 'won',
      photos: [1, 2],
      id: 999999,
      idempotencyKey: 'k'.repeat(30),
    }),
  )
  add('rest-leads', 'extra: createdAt and unknown fields, no phone', (url) =>
    json(url, '/api/leads', {
      ...leadBody(),
      phone: undefined,
      createdAt: '2000-01-01',
      isAdmin: true,
      __proto__x: 1,
    }),
  )
  add('rest-leads', 'status only', (url) => json(url, '/api/leads', { status: 'won' }))
  add('rest-leads', 'empty object', (url) => json(url, '/api/leads', {}))
  for (const [label, body] of [
    ['malformed JSON: cut', '{"firstName": "Maria", '],
    ['malformed JSON: single quotes', "{'firstName': 'Maria'}"],
    ['malformed JSON: trailing comma', '{"firstName": "Maria",}'],
    ['malformed JSON: undefined', 'undefined'],
    ['JSON array', '[{"firstName": "Maria"}]'],
    ['JSON null', 'null'],
    ['JSON string', '"Maria"'],
    ['JSON number', '42'],
    ['deeply nested', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['nested object as field', JSON.stringify({ firstName: { a: { b: { c: 'd' } } } })],
    ['empty body', ''],
  ] as const) {
    add('rest-leads', label, (url) => raw(url, '/api/leads', 'application/json', body))
  }
  add('rest-leads', 'content type: urlencoded', (url) =>
    raw(url, '/api/leads', 'application/x-www-form-urlencoded', urlencoded),
  )
  add('rest-leads', 'content type: XML', (url) =>
    raw(url, '/api/leads', 'application/xml', '<lead><firstName>Maria</firstName></lead>'),
  )
  add('rest-leads', 'multipart: _payload malformed', (url) => {
    const form = new FormData()
    form.append('_payload', '{"firstName": "Maria",')
    return send(`${url}/api/leads`, { method: 'POST', body: form }, 60_000)
  })
  add('rest-leads', 'multipart: _payload without e-mail, with a file', (url) => {
    const form = new FormData()
    form.append('_payload', JSON.stringify({ ...leadBody(), email: undefined }))
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg')
    return send(`${url}/api/leads`, { method: 'POST', body: form }, 60_000)
  })
  add('rest-leads', 'multipart: broken body', (url) =>
    raw(url, '/api/leads', 'multipart/form-data; boundary=b0undary', randomBytes(2048)),
  )

  // -- GraphQL createLead --
  const gql = (url: string, body: unknown) => json(url, '/api/graphql', body)
  const literal = (fields: Record<string, unknown>) =>
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${k === 'serviceType' || k === 'status' ? String(v) : JSON.stringify(v)}`)
      .join(', ')
  const mutation = (fields: Record<string, unknown>) =>
    `mutation { createLead(data: { ${literal(fields)} }) { id } }`
  const withVariables = 'mutation Create($data: mutationLeadInput!) { createLead(data: $data) { id } }'
  for (const field of TEXT_FIELDS) {
    add('graphql', `${field}: missing`, (url) =>
      gql(url, { query: mutation({ ...valid(), [field]: undefined }) }),
    )
    add('graphql', `${field}: number literal`, (url) =>
      gql(url, { query: mutation({ ...valid(), [field]: 12345 }) }),
    )
    add('graphql', `${field}: list literal`, (url) =>
      gql(url, { query: mutation({ ...valid(), [field]: ['a', 'b'] }) }),
    )
    add('graphql', `${field}: huge 1 MiB (variables)`, (url) =>
      gql(url, { query: withVariables, variables: { data: { ...valid(), [field]: HUGE } } }),
    )
    add('graphql', `${field}: null (variables)`, (url) =>
      gql(url, { query: withVariables, variables: { data: { ...valid(), [field]: null } } }),
    )
    add('graphql', `${field}: object (variables)`, (url) =>
      gql(url, { query: withVariables, variables: { data: { ...valid(), [field]: { a: 1 } } } }),
    )
  }
  for (const field of ['firstName', 'lastName', 'description']) {
    for (const k of ['nul', 'bel', 'esc']) {
      add('graphql', `${field}: control ${k} (variables)`, (url) =>
        gql(url, { query: withVariables, variables: { data: { ...valid(), [field]: CONTROL[k] } } }),
      )
    }
  }
  for (const field of ['phone', 'email']) {
    FIELD_SPECIFIC[field]
      .slice(0, 3)
      .forEach((v, i) =>
        add('graphql', `${field}: invalid #${i + 1} (variables)`, (url) =>
          gql(url, { query: withVariables, variables: { data: { ...valid(), [field]: v } } }),
        ),
      )
  }
  add('graphql', 'serviceType: unknown enum', (url) =>
    gql(url, { query: mutation({ ...valid(), serviceType: 'nope' }) }),
  )
  add('graphql', 'serviceType: string instead of enum', (url) =>
    gql(url, { query: mutation({ ...valid(), serviceType: '"wheel_restoration"' }) }),
  )
  add('graphql', 'status won with a bad e-mail', (url) =>
    gql(url, { query: withVariables, variables: { data: { ...valid(), email: 'nope', status: 'won' } } }),
  )
  add('graphql', 'photos with a bad phone', (url) =>
    gql(url, { query: withVariables, variables: { data: { ...valid(), phone: 'x', photos: [1, 2] } } }),
  )
  add('graphql', 'variables: data missing', (url) => gql(url, { query: withVariables, variables: {} }))
  add('graphql', 'variables: a string', (url) => gql(url, { query: withVariables, variables: 'data' }))
  add('graphql', 'variables: an array', (url) => gql(url, { query: withVariables, variables: [valid()] }))
  add('graphql', 'query: a number', (url) => gql(url, { query: 42 }))
  add('graphql', 'query: missing', (url) => gql(url, { variables: { data: valid() } }))
  add('graphql', 'query: syntax error', (url) =>
    gql(url, { query: 'mutation { createLead(data: { firstName: ' }),
  )
  add('graphql', 'createLead without data', (url) => gql(url, { query: 'mutation { createLead { id } }' }))
  add('graphql', 'createLead with empty data', (url) =>
    gql(url, { query: 'mutation { createLead(data: {}) { id } }' }),
  )
  add('graphql', 'query: unknown field', (url) =>
    gql(url, { query: 'mutation { createLeadz(data: {}) { id } }' }),
  )
  add('graphql', 'query: 100 aliases of an invalid create', (url) =>
    gql(url, {
      query: `mutation { ${Array.from({ length: 100 }, (_, i) => `a${i}: createLead(data: { ${literal({ ...valid(), email: 'nope' })} }) { id }`).join(' ')} }`,
    }),
  )
  add('graphql', 'query: 1 MiB of braces', (url) => gql(url, { query: `mutation ${'{'.repeat(MiB)}` }))
  add('graphql', 'two operations, no operationName', (url) =>
    gql(url, {
      query: `${withVariables} mutation B { createLead(data: {}) { id } }`,
      variables: { data: valid() },
    }),
  )
  add('graphql', 'batched array of invalid creates', (url) =>
    gql(url, [
      { query: mutation({ ...valid(), phone: undefined }) },
      { query: mutation({ ...valid(), email: 'no' }) },
    ]),
  )
  add('graphql', 'malformed JSON', (url) =>
    raw(url, '/api/graphql', 'application/json', '{"query": "mutation {'),
  )
  add('graphql', 'JSON null', (url) => raw(url, '/api/graphql', 'application/json', 'null'))
  add('graphql', 'empty body', (url) => raw(url, '/api/graphql', 'application/json', ''))
  add('graphql', 'content type: urlencoded', (url) =>
    raw(
      url,
      '/api/graphql',
      'application/x-www-form-urlencoded',
      `query=${encodeURIComponent(mutation({ ...valid(), phone: undefined }))}`,
    ),
  )
  add('graphql', 'content type: multipart garbage', (url) =>
    raw(url, '/api/graphql', 'multipart/form-data; boundary=b0undary', randomBytes(1024)),
  )
  add('graphql', 'mutation over GET', (url) =>
    send(`${url}/api/graphql?query=${encodeURIComponent(mutation(valid()))}`, { method: 'GET' }, 60_000),
  )

  // -- login --
  const login = (body: unknown) => (url: string) => json(url, '/api/users/login', body)
  const nobody = () => `${tag}-nobody-${n++}@example.com`
  add('login', 'empty object', login({}))
  add('login', 'e-mail missing', login({ password: 'secret-password' }))
  add('login', 'password missing', login({ email: nobody() }))
  add('login', 'both empty', login({ email: '', password: '' }))
  for (const [label, value] of [
    ['number', 12345],
    ['boolean', true],
    ['null', null],
    ['array', ['admin@curbside.test']],
    ['operator object', { equals: 'admin@curbside.test' }],
    ['mongo operator', { $ne: null }],
    ['like operator', { like: '%' }],
  ] as const) {
    add('login', `e-mail: ${label}`, login({ email: value, password: 'secret-password' }))
  }
  for (const [label, value] of [
    ['number', 12345],
    ['object', { $ne: null }],
    ['array', ['a', 'b']],
    ['null', null],
  ] as const) {
    add('login', `password: ${label}`, login({ email: nobody(), password: value }))
  }
  add('login', 'unknown account', login({ email: nobody(), password: 'secret-password' }))
  add('login', 'unknown account, SQL in e-mail', login({ email: "' OR 1=1 --@example.com", password: 'x' }))
  // Twice only: five wrong passwords lock the account for 15 minutes.
  add('login', 'admin, wrong password', login({ email: 'admin@curbside.test', password: 'wrong-password' }))
  add(
    'login',
    'admin, wrong password in upper case',
    login({ email: 'ADMIN@curbside.test', password: 'CURBSIDE-DEV-ADMIN' }),
  )
  add('login', 'e-mail huge 1 MiB', login({ email: `${HUGE}@example.com`, password: 'x' }))
  add('login', 'password huge 1 MiB', login({ email: nobody(), password: HUGE }))
  for (const k of ['nul', 'bel', 'crlf'])
    add('login', `e-mail: control ${k}`, login({ email: `${CONTROL[k]}@example.com`, password: 'x' }))
  add('login', 'password: control nul', login({ email: nobody(), password: 'pass\u0000word' }))
  add('login', 'malformed JSON', (url) =>
    raw(url, '/api/users/login', 'application/json', '{"email": "a@b.c", '),
  )
  add('login', 'JSON array', (url) => raw(url, '/api/users/login', 'application/json', '[]'))
  add('login', 'JSON null', (url) => raw(url, '/api/users/login', 'application/json', 'null'))
  add('login', 'empty body', (url) => raw(url, '/api/users/login', 'application/json', ''))
  add('login', 'content type: urlencoded', (url) =>
    raw(url, '/api/users/login', 'application/x-www-form-urlencoded', `email=${nobody()}&password=x`),
  )
  add('login', 'content type: text/plain', (url) =>
    raw(url, '/api/users/login', 'text/plain', JSON.stringify({ email: nobody(), password: 'x' })),
  )
  add('login', 'content type: multipart garbage', (url) =>
    raw(url, '/api/users/login', 'multipart/form-data; boundary=b0undary', randomBytes(1024)),
  )
  add('login', 'username instead of e-mail', login({ username: 'admin', password: 'x' }))

  // -- sign-up (POST /api/users) --
  const signup = (body: unknown) => (url: string) => json(url, '/api/users', body)
  add('signup', 'empty object', signup({}))
  add('signup', 'e-mail missing', signup({ password: 'long-enough-password' }))
  add('signup', 'password missing', signup({ email: nobody() }))
  add('signup', 'password empty', signup({ email: nobody(), password: '' }))
  for (const [label, value] of [
    ['number', 12345],
    ['boolean', true],
    ['null', null],
    ['array', ['a@example.com']],
    ['object', { equals: 'a@example.com' }],
  ] as const) {
    add('signup', `e-mail: ${label}`, signup({ email: value, password: 'long-enough-password' }))
  }
  for (const [label, value] of [
    ['object', { a: 1 }],
    ['array', ['a', 'b']],
    ['null', null],
    ['boolean', true],
  ] as const) {
    add('signup', `password: ${label}`, signup({ email: nobody(), password: value }))
  }
  for (const value of [
    'not-an-email',
    'a@b',
    'maria@ex-.com',
    'two@@example.com',
    'spaces in@example.com',
    `${HUGE}@example.com`,
  ]) {
    add(
      'signup',
      `e-mail invalid: ${value.slice(0, 24)}`,
      signup({ email: value, password: 'long-enough-password' }),
    )
  }
  for (const k of ['nul', 'bel', 'esc', 'crlf']) {
    add(
      'signup',
      `e-mail: control ${k}`,
      signup({ email: `${CONTROL[k]}@example.com`, password: 'long-enough-password' }),
    )
  }
  add(
    'signup',
    'existing account',
    signup({ email: 'admin@curbside.test', password: 'long-enough-password' }),
  )
  add(
    'signup',
    'existing account, other case',
    signup({ email: 'Admin@Curbside.test', password: 'long-enough-password' }),
  )
  add(
    'signup',
    'role admin, approved, verified, no password',
    signup({ email: nobody(), role: 'admin', approved: true, _verified: true }),
  )
  add(
    'signup',
    'role admin with an invalid e-mail',
    signup({ email: 'nope', password: 'long-enough-password', role: 'admin' }),
  )
  add(
    'signup',
    'id and timestamps with an invalid e-mail',
    signup({ email: 'x', password: 'long-enough-password', id: 1, createdAt: '2000-01-01' }),
  )
  add('signup', 'password huge with an invalid e-mail', signup({ email: 'nope', password: HUGE }))
  add('signup', 'malformed JSON', (url) => raw(url, '/api/users', 'application/json', '{"email": '))
  add('signup', 'JSON array', (url) =>
    raw(url, '/api/users', 'application/json', '[{"email": "a@example.com"}]'),
  )
  add('signup', 'JSON null', (url) => raw(url, '/api/users', 'application/json', 'null'))
  add('signup', 'empty body', (url) => raw(url, '/api/users', 'application/json', ''))
  for (const [p, endpoint] of [
    ['/api/users', 'signup'],
    ['/api/leads', 'rest-leads'],
  ] as const) {
    add(endpoint, 'Content-Length: 0, no type', (url) => raw(url, p, null, Buffer.alloc(0)))
    add(endpoint, 'Content-Length: 0, text/plain', (url) => raw(url, p, 'text/plain', ''))
    add(endpoint, 'Content-Length: 0, multipart', (url) => raw(url, p, 'multipart/form-data; boundary=x', ''))
  }
  add('signup', 'deeply nested', (url) =>
    raw(url, '/api/users', 'application/json', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
  )
  add('signup', 'content type: urlencoded', (url) =>
    raw(
      url,
      '/api/users',
      'application/x-www-form-urlencoded',
      `email=${nobody()}&password=long-enough-password`,
    ),
  )
  add('signup', 'content type: XML', (url) =>
    raw(url, '/api/users', 'application/xml', '<user><email>a@example.com</email></user>'),
  )
  add('signup', 'multipart: _payload malformed', (url) => {
    const form = new FormData()
    form.append('_payload', '{"email": ')
    return send(`${url}/api/users`, { method: 'POST', body: form, headers: visitor() }, 60_000)
  })
  add('signup', 'multipart: broken body', (url) =>
    raw(url, '/api/users', 'multipart/form-data; boundary=b0undary', randomBytes(1024)),
  )
  return cases
}

// An answer that means "refused": any 4xx; for GraphQL also a 200 whose body has errors and no lead.
function refused(c: Case, o: Outcome): boolean {
  if (o.status === null || o.status >= 500) return false
  if (c.endpoint === 'quote-link') {
    // The quote's page ignores a visit outcome it has no words for, and shows the quote.
    if (c.name.startsWith('page')) {
      const words = Object.values(VISIT_OUTCOME_MESSAGES)
      return o.status === 200 && o.body.includes('>Your quote</h1>') && !words.some((m) => o.body.includes(m))
    }
    // A change request reaches its own check only through a genuine link.
    return o.status === 400
  }
  if (o.status >= 400) return true
  if (c.endpoint === 'graphql' && o.status === 200) {
    const data = o.json?.data as { createLead?: unknown } | null | undefined
    return Array.isArray(o.json?.errors) && !data?.createLead
  }
  // A sign-up for an address that has an account is answered as a new one, so the answer
  // does not tell; the users table's count (newRows) shows nothing was created.
  if (c.endpoint === 'signup' && c.name.startsWith('existing account') && o.status === 201) {
    const doc = (o.json?.doc ?? {}) as Record<string, unknown>
    return Object.keys(doc).join() === 'email' && o.json?.message === 'User successfully created.'
  }
  return false
}

export async function badInputDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('badi')
  const failures: string[] = []
  const logFile = serverLogFile('bad-input')
  const cases = await corpus(tag)
  const uploads = path.join(DATA_DIR, 'uploads')

  const server = await startDrillServer(logFile, { ...NO_RATE_LIMIT, TRUSTED_PROXY_HOPS: '1' })
  let outcomes: Outcome[]
  let aliveAfter: boolean
  let before: Awaited<ReturnType<typeof rowCounts>>
  let filesBefore: string[]
  try {
    // The quote whose link takes the customer-link cases is made first, before the counts.
    quoteLinkCases(
      (endpoint, name, run) => cases.push({ endpoint, name, run }),
      await sentQuoteToken(server.url, databaseUrl),
    )
    await signedInCases((endpoint, name, run) => cases.push({ endpoint, name, run }), server.url)
    before = await withDb(databaseUrl, rowCounts)
    filesBefore = filesUnder(uploads)
    outcomes = await pool(cases, 4, (c) => c.run(server.url))
    aliveAfter = (await send(`${server.url}/`, {}, 30_000)).status === 200
  } finally {
    await server.stop()
  }
  const after = await withDb(databaseUrl, rowCounts)
  const newFiles = filesUnder(uploads).filter((f) => !filesBefore.includes(f))

  const results = cases.map((c, i) => ({ ...c, outcome: outcomes[i] }))
  const status = (o: Outcome) => String(o.status ?? 'no answer')
  const byEndpoint: Record<string, Record<string, number>> = {}
  for (const r of results) {
    byEndpoint[r.endpoint] ??= {}
    byEndpoint[r.endpoint][status(r.outcome)] = (byEndpoint[r.endpoint][status(r.outcome)] ?? 0) + 1
  }
  const describe = (r: (typeof results)[number]) =>
    `${r.endpoint} "${r.name}" → ${r.outcome.status ?? r.outcome.error} ${r.outcome.body.replace(/\s+/g, ' ').slice(0, 160)}`
  const serverErrors = results.filter((r) => r.outcome.status === null || r.outcome.status >= 500)
  const accepted = results.filter(
    (r) => r.outcome.status !== null && r.outcome.status < 500 && !refused(r, r.outcome),
  )
  const rateLimited = results.filter((r) => r.outcome.status === 429)
  // The GraphQL cases only mean something if they reach the createLead mutation.
  const unknownMutation = results.filter(
    (r) =>
      r.endpoint === 'graphql' &&
      r.name.endsWith('missing') &&
      /Cannot query field "createLead"/.test(r.outcome.body),
  )

  if (cases.length < 300) failures.push(`the corpus has ${cases.length} cases, fewer than 300`)
  if (serverErrors.length)
    failures.push(
      `${serverErrors.length} answers >= 500 or none (${serverErrors.slice(0, 3).map(describe).join(' | ')})`,
    )
  if (accepted.length)
    failures.push(
      `${accepted.length} bad inputs were accepted (${accepted.slice(0, 3).map(describe).join(' | ')})`,
    )
  if (after.leads !== before.leads) failures.push(`${after.leads - before.leads} new leads rows`)
  if (after.uploads !== before.uploads)
    failures.push(`${after.uploads - before.uploads} new customer-uploads rows`)
  if (after.users !== before.users) failures.push(`${after.users - before.users} new users rows`)
  if (after.workOrders !== before.workOrders)
    failures.push(`${after.workOrders - before.workOrders} new work-orders rows`)
  if (after.payments !== before.payments)
    failures.push(`${after.payments - before.payments} new payments rows`)
  if (newFiles.length)
    failures.push(`${newFiles.length} new files under DATA_DIR/uploads (${newFiles.slice(0, 3).join(', ')})`)
  if (rateLimited.length) failures.push(`${rateLimited.length} cases were rate limited, so never validated`)
  if (unknownMutation.length) failures.push('the GraphQL cases do not reach createLead')
  if (!aliveAfter) failures.push('the server no longer serves / after the corpus')
  failures.push(...unhandledFailures(logFile))

  return {
    failures,
    figures: {
      cases: cases.length,
      perEndpoint: tally(results.map((r) => r.endpoint)),
      statusesPerEndpoint: byEndpoint,
      statuses: tally(results.map((r) => status(r.outcome))),
      latencyMsMax: Math.max(...results.map((r) => r.outcome.ms)),
      answers5xx: serverErrors.map(describe),
      accepted: accepted.map(describe),
      newRows: {
        leads: after.leads - before.leads,
        customerUploads: after.uploads - before.uploads,
        users: after.users - before.users,
        workOrders: after.workOrders - before.workOrders,
        payments: after.payments - before.payments,
      },
      newFiles: newFiles.length,
      serverErrors: errorLines(logFile, 20),
      serverLog: logFile,
    },
  }
}
