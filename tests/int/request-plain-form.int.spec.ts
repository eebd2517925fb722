import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { DRAFT_TTL_MS, readDraft, saveDraft } from '@/collections/Leads/requestDrafts'
import { CROSS_SITE_REQUEST } from '@/collections/Leads/endpoints/submitRequest'

import { TEST_DATA_DIR } from '../helpers/env'
import { setupHarness } from '../helpers/harness'
import { SITE_ORIGIN } from '../helpers/http-client'
import { REQUEST_FIELDS, counts, image, requestForm, storedFiles } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// POST /api/quote-requests as a browser posts the home page's form before its script has
// loaded: multipart, a navigation (Sec-Fetch-Mode: navigate, Accept: text/html), an empty file
// input sent as an empty part with no file name. The answer is a 303 to the request page, and
// everything the JSON path refuses it refuses too.

const h = setupHarness({ http: true, personas: false })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle

const BROWSER_FORM = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Site': 'same-origin',
}

beforeEach(async () => {
  await emptyCollections(h.payload, ['lead-events', 'leads', 'customer-uploads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM payload_kv WHERE key LIKE 'request-draft:%'`)
  fs.rmSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads'), { recursive: true, force: true })
})

// The form as the browser sends it: every field, the honeypot empty, no file chosen.
function browserForm(fields: Record<string, string> = {}, withEmptyFileInput = true): FormData {
  const form = requestForm({
    address: '',
    zip: '',
    wheelSize: '',
    vehicle: '',
    promoCode: '',
    website: '',
    ...fields,
  })
  if (withEmptyFileInput) form.append('photos', new Blob([]), '')
  return form
}

let clients = 0
type Answer = { status: number; headers: Headers; body: Record<string, unknown>; text: string }

// Sent with node:http, as a browser sends it: fetch would add its own Sec-Fetch-Mode (cors).
async function post(
  form: FormData,
  options: { headers?: Record<string, string>; origin?: string | null } = {},
): Promise<Answer> {
  const encoded = new Response(form)
  const body = Buffer.from(await encoded.arrayBuffer())
  const origin = options.origin === undefined ? SITE_ORIGIN : options.origin
  const headers: Record<string, string> = {
    'Content-Type': encoded.headers.get('content-type')!,
    'Content-Length': String(body.length),
    'X-Forwarded-For': `2001:db8:f0f0:${(++clients).toString(16)}::1`,
    ...(origin ? { Origin: origin } : {}),
    ...BROWSER_FORM,
    ...options.headers,
  }
  return new Promise((resolve, reject) => {
    const req = http.request(`${h.http.baseURL}/api/quote-requests`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const answerHeaders = new Headers()
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string') answerHeaders.set(name, value)
        let parsed: Record<string, unknown> = {}
        if ((res.headers['content-type'] ?? '').includes('json') && text) parsed = JSON.parse(text)
        resolve({ status: res.statusCode ?? 0, headers: answerHeaders, body: parsed, text })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

const drafts = async () =>
  Number(
    (
      (await db().execute(
        sql`SELECT count(*) AS n FROM payload_kv WHERE key LIKE 'request-draft:%'`,
      )) as unknown as { rows: { n: unknown }[] }
    ).rows[0].n,
  )

const draftTokenOf = (location: string | null) => {
  const match = /^\/request\?draft=([A-Za-z0-9_-]{43})#quote$/.exec(location ?? '')
  expect(match, String(location)).not.toBeNull()
  return match![1]
}

describe('a valid form', () => {
  it('303 to the request page saying it was sent; the lead is stored as the JSON path stores it', async () => {
    const res = await post(browserForm({ zip: '78704' }))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/request?sent=wheel_restoration&photos=0#quote')
    expect(res.headers.get('cache-control')).toContain('no-store')
    const { docs } = await h.payload.find({ collection: 'leads', overrideAccess: true })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ ...REQUEST_FIELDS, zip: '78704', status: 'new', photos: [] })
    // two e-mail jobs, as for any request
    expect(await counts(h.payload)).toMatchObject({ leads: 1, uploads: 0, jobs: 2 })
    expect(await drafts()).toBe(0)
  })

  it("with a photo and an offer: the page names the offer's count and the ZIP outside the area", async () => {
    const form = browserForm({ serviceType: 'rim_rash', zip: '90210' }, false)
    form.append('photos', new Blob([new Uint8Array(await image('png'))], { type: 'image/png' }), 'wheel.png')
    const res = await post(form)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/request?sent=rim_rash&photos=1&outside=1#quote')
    expect(await counts(h.payload)).toMatchObject({ leads: 1, uploads: 1 })
    expect(storedFiles(TEST_DATA_DIR)).toHaveLength(1)
  })

  it('a script asking for JSON still gets JSON', async () => {
    const res = await post(browserForm(), {
      headers: { Accept: 'application/json', 'Sec-Fetch-Mode': 'cors' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ message: 'Request submitted', photos: 0 })
  })
})

describe('the same form posted twice (a double tap without script)', () => {
  // As the page renders it (src/server/form-key.ts), in the form's hidden input.
  const formKey = 'Rendered-form-key_0123456789'
  const jobsOf = async (taskSlug: string) =>
    (await h.payload.count({ collection: 'payload-jobs', where: { taskSlug: { equals: taskSlug } } }))
      .totalDocs
  const withPhoto = async (fields: Record<string, string>) => {
    const form = browserForm(fields, false)
    form.append('photos', new Blob([new Uint8Array(await image('png'))], { type: 'image/png' }), 'wheel.png')
    return form
  }

  beforeEach(async () => {
    // The owner's new-lead text is queued only when a number is set.
    await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '+15125550111' } })
    return () => h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '' } })
  })

  it('both at once: one lead, one alert, one pair of e-mails, the same thank-you page for both', async () => {
    const [a, b] = await Promise.all([
      post(browserForm({ key: formKey })),
      post(browserForm({ key: formKey })),
    ])
    expect([a.status, b.status]).toEqual([303, 303])
    expect(a.headers.get('location')).toBe('/request?sent=wheel_restoration&photos=0#quote')
    expect(b.headers.get('location')).toBe(a.headers.get('location'))
    expect(await counts(h.payload)).toMatchObject({ leads: 1, jobs: 3 })
    expect(await jobsOf('sendLeadAlert')).toBe(1)
    expect(await jobsOf('sendQuoteEmail')).toBe(2)
    expect(await drafts()).toBe(0)
  })

  it('again later, photo and all: the same page, nothing stored or sent', async () => {
    const first = await post(await withPhoto({ key: formKey, zip: '90210' }))
    expect(first.headers.get('location')).toBe('/request?sent=wheel_restoration&photos=1&outside=1#quote')
    const before = await counts(h.payload)
    const again = await post(await withPhoto({ key: formKey, zip: '90210' }))
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe(first.headers.get('location'))
    expect(await counts(h.payload)).toEqual(before)
    expect(before).toMatchObject({ leads: 1, uploads: 1, jobs: 3 })
    expect(storedFiles(TEST_DATA_DIR)).toHaveLength(1)
  })

  it('other words in the same form, another form, or no key: a lead each', async () => {
    await post(browserForm({ key: formKey }))
    await post(browserForm({ key: formKey, description: 'And a scratch on the rear left.' }))
    await post(browserForm({ key: 'Another-rendered-form_0123' }))
    // A page rendered before forms had keys, or a key no page renders: no twin is looked for.
    await post(browserForm())
    await post(browserForm())
    await post(browserForm({ key: 'short' }))
    await post(browserForm({ key: 'short' }))
    expect(await counts(h.payload)).toMatchObject({ leads: 7 })
    expect(await jobsOf('sendLeadAlert')).toBe(7)
  })

  it("the scripted form's post, with the key and the browser's own header, is one lead too", async () => {
    const json = { Accept: 'application/json', 'Sec-Fetch-Mode': 'cors' }
    const [a, b] = await Promise.all([
      post(browserForm({ key: formKey }), {
        headers: { ...json, 'Idempotency-Key': 'first-try-0123456789abcdef' },
      }),
      post(browserForm({ key: formKey }), {
        headers: { ...json, 'Idempotency-Key': 'second-tab-0123456789abcdef' },
      }),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(b.body).toEqual(a.body)
    expect(await counts(h.payload)).toMatchObject({ leads: 1, jobs: 3 })
  })
})

describe('an invalid form', () => {
  it("303 back to the form, kept server-side with the schema's messages; nothing else is written", async () => {
    const res = await post(
      browserForm({
        firstName: '  ',
        email: 'maria@',
        description: 'Curb rash, rear left.',
        promoCode: 'SPRING',
        address: '1234 S Congress Ave',
        website: '',
      }),
    )
    expect(res.status).toBe(303)
    const token = draftTokenOf(res.headers.get('location'))
    // The customer's words are not in the URL.
    expect(res.headers.get('location')).not.toContain('maria')
    expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
    expect(storedFiles(TEST_DATA_DIR)).toEqual([])

    const draft = await readDraft(h.payload, token)
    expect(draft).toEqual({
      serviceType: 'wheel_restoration',
      values: {
        firstName: '  ',
        lastName: REQUEST_FIELDS.lastName,
        phone: REQUEST_FIELDS.phone,
        email: 'maria@',
        description: 'Curb rash, rear left.',
        address: '1234 S Congress Ave',
        promoCode: 'SPRING',
      },
      errors: { firstName: 'First name is required.', email: 'Enter a valid email address.' },
      photos: 0,
    })
    // The same input on the JSON path: the same messages.
    const json = await post(browserForm({ firstName: '  ', email: 'maria@' }), {
      headers: { Accept: 'application/json', 'Sec-Fetch-Mode': 'cors' },
    })
    expect(json.status).toBe(400)
    expect(json.body.fieldErrors).toEqual(draft!.errors)
  })

  it('the ticked texting box is kept on the form sent back, and stored with the corrected one', async () => {
    const first = await post(browserForm({ email: 'nope', textConsent: 'yes' }))
    const token = draftTokenOf(first.headers.get('location'))
    expect((await readDraft(h.payload, token))?.values.textConsent).toBe('yes')
    expect((await post(browserForm({ draft: token, textConsent: 'yes' }))).status).toBe(303)
    const { docs } = await h.payload.find({ collection: 'leads', overrideAccess: true })
    expect(docs[0].textConsentAt).toBeTruthy()
  })

  it('a photo that is not an image: its message, and how many photos to add again', async () => {
    const form = browserForm({}, false)
    form.append('photos', new Blob(['not an image'], { type: 'image/jpeg' }), 'wheel.jpg')
    const res = await post(form)
    expect(res.status).toBe(303)
    const draft = await readDraft(h.payload, draftTokenOf(res.headers.get('location')))
    expect(draft?.photos).toBe(1)
    expect(draft?.errors.photos).toMatch(/^"wheel\.jpg" /)
    expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
    expect(storedFiles(TEST_DATA_DIR)).toEqual([])
  })

  it('the corrected form, sent with its record, makes the lead and removes the record', async () => {
    const first = await post(browserForm({ email: 'nope' }))
    const token = draftTokenOf(first.headers.get('location'))
    const res = await post(browserForm({ draft: token }))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toMatch(/^\/request\?sent=/)
    expect(await readDraft(h.payload, token)).toBeNull()
    expect(await drafts()).toBe(0)
  })

  it('a record is read only with its token, and not after half an hour; old ones are purged', async () => {
    const draft = { serviceType: 'rim_rash', values: { firstName: 'Maria' }, errors: {}, photos: 0 }
    const now = Date.now()
    const token = await saveDraft(h.payload, draft, now - DRAFT_TTL_MS - 1)
    expect(await readDraft(h.payload, token, now - DRAFT_TTL_MS)).toEqual(draft)
    expect(await readDraft(h.payload, token, now)).toBeNull()
    expect(await readDraft(h.payload, 'x'.repeat(43))).toBeNull()
    expect(await readDraft(h.payload, '../../etc')).toBeNull()
    // The next record written removes the expired one.
    await saveDraft(h.payload, draft, now)
    expect(await drafts()).toBe(1)
  })
})

describe('refused', () => {
  it("another site's form: 403 and no lead, whether it says Origin or only Sec-Fetch-Site", async () => {
    const foreign = await post(browserForm(), {
      origin: 'https://evil.example',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body).toEqual({ message: CROSS_SITE_REQUEST })
    const fetchOnly = await post(browserForm(), { origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(fetchOnly.status).toBe(403)
    // Another site's script, on the JSON path, the same.
    const script = await h.http.post('/api/quote-requests', {
      form: requestForm(),
      origin: 'https://evil.example',
    })
    expect(script.status).toBe(403)
    expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
    expect(await drafts()).toBe(0)
  })

  it('a bot filling in the hidden field: back to the form saying it failed, nothing kept', async () => {
    const res = await post(browserForm({ website: 'https://spam.example' }))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/request?error=failed#quote')
    expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
    expect(await drafts()).toBe(0)
  })

  it('past the rate limit: the page says so, and nothing is read or kept', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.77' }
    for (let i = 0; i < 5; i++) expect((await post(browserForm(), { headers })).status).toBe(303)
    const res = await post(browserForm({ serviceType: 'headlight_refresh' }), { headers })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/request?error=rate-limited#quote')
    expect(await counts(h.payload)).toMatchObject({ leads: 5 })
    expect(await drafts()).toBe(0)
  })

  it('an empty file part with bytes in it is refused like a photo sent as text', async () => {
    const form = browserForm({}, false)
    form.append('photos', new Blob(['bytes'], { type: 'application/octet-stream' }), '')
    const res = await post(form)
    const draft = await readDraft(h.payload, draftTokenOf(res.headers.get('location')))
    expect(draft?.errors).toEqual({ photos: 'Photos must be sent as files.' })
    expect(await counts(h.payload)).toEqual({ leads: 0, uploads: 0, jobs: 0 })
  })
})
