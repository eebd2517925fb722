import http from 'node:http'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { PARTNER_DRAFT, readPartnerDraft } from '@/collections/Leads/endpoints/partnerEnquiry'
import { PARTNERSHIP_ONLY_FOR_ENQUIRIES } from '@/collections/Leads/hooks/validateServiceType'
import { CROSS_SITE_REQUEST } from '@/collections/Leads/endpoints/submitRequest'
import { leadsPerWeek } from '@/data/back-office'
import { offeredService } from '@/lib/home-content'
import { leadsWhere } from '@/lib/lead-query'
import { PARTNER_SOURCE } from '@/lib/lead-source'
import { leadAlertText } from '@/lib/text-messages'

import { capturedMails } from '../helpers/captured-mail'
import { setupHarness } from '../helpers/harness'
import { migrations } from '../../migrations'
import { SITE_ORIGIN } from '../helpers/http-client'
import { newClient, requestForm, submitRequest } from '../helpers/request-fixtures'
import { emptyCollections } from '../helpers/payload'

// POST /api/partner-enquiries, the "Become a partner" form: a lead marked as a partner enquiry
// (the back office's source "Partner enquiry", its filter and chart), the owner's alerts, and the
// quote forms' rules: a page without script, the honeypot, the per-connection limit, each field's
// message and nothing stored on bad input.

const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle

const BROWSER = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Site': 'same-origin',
}
const SCRIPT = { Accept: 'application/json' }

const ENQUIRY = {
  dealership: 'Lamar Auto Group',
  contactName: 'Dana  de la Cruz',
  phone: '(512) 555-0188',
  email: 'dana@lamarauto.test',
  carsPerMonth: '40',
  website: '',
}

type Answer = {
  status: number
  headers: Headers
  body: { message?: string; fieldErrors?: Record<string, string> }
}

// Sent with node:http, as a browser sends a form: fetch would add its own Sec-Fetch-Mode (cors).
function post(
  fields: Record<string, string>,
  headers: Record<string, string> = SCRIPT,
  { origin = SITE_ORIGIN, type = 'application/x-www-form-urlencoded', client = newClient() } = {},
): Promise<Answer> {
  const body = type.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString()
  const sent: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Forwarded-For': client,
    Origin: origin,
    ...headers,
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${h.http.baseURL}/api/partner-enquiries`,
      { method: 'POST', headers: sent },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const answerHeaders = new Headers()
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') answerHeaders.set(name, value)
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: answerHeaders,
            body: text && (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : {},
          })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const leads = () => h.payload.find({ collection: 'leads', depth: 0, pagination: false, sort: 'id' })
const jobs = () =>
  h.payload.find({ collection: 'payload-jobs', depth: 0, pagination: false, where: {}, sort: 'id' })

beforeEach(async () => {
  await emptyCollections(h.payload, ['lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM rate_limit_points`)
  await db().execute(sql`DELETE FROM payload_kv WHERE key LIKE 'request-draft:%'`)
  await h.payload.updateGlobal({ slug: 'site-settings', data: { notificationPhones: '+15125550111' } })
})

describe('a partner enquiry', () => {
  it('makes a lead marked as one, e-mailed and texted to the owner', async () => {
    const res = await post(ENQUIRY)
    expect(res.status).toBe(201)
    const [lead] = (await leads()).docs
    expect(lead).toMatchObject({
      channel: 'partner',
      dealershipName: 'Lamar Auto Group',
      carsPerMonth: 40,
      firstName: 'Dana',
      lastName: 'de la Cruz',
      phone: '(512) 555-0188',
      email: 'dana@lamarauto.test',
      status: 'new',
      description: 'Partner enquiry from Lamar Auto Group: about 40 cars a month.',
      // Filed as what it is, not as the main form's "Wheel Restoration".
      serviceType: 'dealership_partnership',
    })
    expect(lead.offeredTitle ?? null).toBeNull()
    expect(offeredService(lead)).toBe('Dealership Partnership')
    // The business's e-mail and text; no customer confirmation about a repair.
    const queued = (await jobs()).docs.map((j) => [j.taskSlug, (j.input as { audience?: string }).audience])
    expect(queued).toEqual(
      expect.arrayContaining([
        ['sendQuoteEmail', 'business'],
        ['sendLeadAlert', undefined],
      ]),
    )
    expect(queued).not.toContainEqual(['sendQuoteEmail', 'customer'])
    expect(leadAlertText({ ...lead, service: 'x' }, 'L')).toBe(
      'New partner enquiry: Lamar Auto Group, about 40 cars a month, from Dana de la Cruz, (512) 555-0188\nL',
    )
    // The owner's e-mail says so as the text does, not "New quote request: Dealership Partnership".
    await h.payload.jobs.run({ silent: true, limit: 100 })
    const [mail] = capturedMails('dana@lamarauto.test')
    expect(mail).toContain('Subject: New partner enquiry: Lamar Auto Group from Dana de la Cruz')
    expect(mail).toMatch(/<h1[^>]*>New partner enquiry: Lamar Auto Group<\/h1>/)
    expect(mail).not.toContain('quote request')
  })

  it('is a source of its own in the back office: its filter, the others’ and the chart', async () => {
    expect((await post({ ...ENQUIRY, utmSource: 'google' })).status).toBe(201)
    expect((await submitRequest(h.http, requestForm({ utmSource: 'google' }))).status).toBe(201)
    const channels = async (source: string) =>
      (
        await h.payload.find({ collection: 'leads', where: leadsWhere('', '', { source }), depth: 0 })
      ).docs.map((l) => l.channel)
    expect(await channels(PARTNER_SOURCE)).toEqual(['partner'])
    expect(await channels('google')).toEqual(['form'])
    expect(await channels('(direct)')).toEqual([])
    const weeks = await leadsPerWeek({ payload: h.payload, user: h.accounts.staff.user }, 'America/Chicago')
    expect(weeks.at(-1)?.bySource).toEqual({ [PARTNER_SOURCE]: 1, google: 1 })
  })

  it('refuses bad fields each with its message, and stores nothing', async () => {
    const res = await post({
      ...ENQUIRY,
      contactName: 'Dana',
      email: 'dana@',
      carsPerMonth: '0',
      dealership: ' ',
    })
    expect(res.status).toBe(400)
    expect(res.body.fieldErrors).toEqual({
      dealership: 'Dealership is required.',
      contactName: 'Enter the contact’s first and last name.',
      email: 'Enter a valid email address.',
      carsPerMonth: 'Enter the number of cars a month, from 1 to 10,000.',
    })
    expect((await leads()).totalDocs).toBe(0)
    expect((await jobs()).totalDocs).toBe(0)
  })

  it('posted without script: the page again with what was typed and the messages, then sent', async () => {
    const bad = await post({ ...ENQUIRY, carsPerMonth: 'lots' }, BROWSER)
    expect(bad.status).toBe(303)
    const location = new URL(bad.headers.get('location')!, 'http://site.test')
    expect(location.pathname).toBe('/become-a-partner')
    const token = location.searchParams.get('draft')
    const draft = await readPartnerDraft(h.payload, token)
    expect(draft).toMatchObject({
      serviceType: PARTNER_DRAFT,
      values: { dealership: 'Lamar Auto Group', contactName: 'Dana  de la Cruz', carsPerMonth: 'lots' },
      errors: { carsPerMonth: 'Enter the number of cars a month, from 1 to 10,000.' },
    })
    expect((await leads()).totalDocs).toBe(0)

    const good = await post({ ...ENQUIRY, draft: token! }, BROWSER)
    expect(good.status).toBe(303)
    expect(good.headers.get('location')).toBe('/become-a-partner?sent=1#partner')
    expect((await leads()).totalDocs).toBe(1)
    // The sent-back form's record goes once the enquiry is in.
    expect(await readPartnerDraft(h.payload, token)).toBeNull()
  })

  it('refuses a bot’s honeypot, another site’s page and a form not URL-encoded', async () => {
    const bot = await post({ ...ENQUIRY, website: 'http://spam.test' })
    expect(bot.status).toBe(400)
    const botPage = await post({ ...ENQUIRY, website: 'http://spam.test' }, BROWSER)
    expect(botPage.headers.get('location')).toBe('/become-a-partner?error=failed#partner')
    const foreign = await post(ENQUIRY, SCRIPT, { origin: 'https://evil.test' })
    expect(foreign.status).toBe(403)
    expect(foreign.body.message).toBe(CROSS_SITE_REQUEST)
    const asJson = await post(ENQUIRY, SCRIPT, { type: 'application/json' })
    expect(asJson.status).toBe(415)
    expect((await leads()).totalDocs).toBe(0)
  })

  it('shares the quote forms’ limit per connection', async () => {
    const client = newClient()
    for (let i = 0; i < 4; i++) {
      expect((await submitRequest(h.http, requestForm(), { client })).status).toBe(201)
    }
    expect((await post(ENQUIRY, SCRIPT, { client })).status).toBe(201)
    const limited = await post(ENQUIRY, SCRIPT, { client })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // Worded for a dealership, not the quote forms' "Too many quote requests".
    expect(limited.body.message).toBe(
      'Too many partner enquiries from this connection. Please try again in a few minutes.',
    )
    const page = await post(ENQUIRY, BROWSER, { client })
    expect(page.headers.get('location')).toBe('/become-a-partner?error=rate-limited#partner')
    expect((await leads()).docs.filter((l) => l.channel === 'partner')).toHaveLength(1)
  })

  it('is the only way to file a lead as a dealership partnership', async () => {
    const asQuote = await submitRequest(h.http, requestForm({ serviceType: 'dealership_partnership' }))
    expect(asQuote.status).toBe(400)
    const lead = {
      firstName: 'Pat',
      lastName: 'Rest',
      phone: '(512) 555-0101',
      email: 'pat@example.com',
      description: 'A rim.',
      serviceType: 'dealership_partnership',
    }
    const rest = await h.http.post('/api/leads', {
      json: lead,
      headers: { 'X-Forwarded-For': newClient() },
    })
    expect(rest.status).toBe(400)
    expect(rest.text).toContain(PARTNERSHIP_ONLY_FOR_ENQUIRIES)
    expect((await leads()).totalDocs).toBe(0)

    // Staff may refile an enquiry and keep working one, but not pass a quote request for one.
    expect((await post(ENQUIRY)).status).toBe(201)
    expect((await submitRequest(h.http, requestForm())).status).toBe(201)
    const [enquiry, request] = (await leads()).docs
    const patch = (id: number, json: Record<string, unknown>) =>
      h.http.patch(`/api/leads/${id}`, { session: h.sessionOf('staff'), json })
    expect((await patch(enquiry.id, { status: 'contacted' })).status).toBe(200)
    const refused = await patch(request.id, { serviceType: 'dealership_partnership' })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain(PARTNERSHIP_ONLY_FOR_ENQUIRIES)
    expect((await patch(enquiry.id, { serviceType: 'rim_rash' })).status).toBe(200)
    expect((await patch(enquiry.id, { serviceType: 'dealership_partnership' })).status).toBe(200)
    expect((await leads()).docs.map((l) => l.serviceType)).toEqual([
      'dealership_partnership',
      'wheel_restoration',
    ])
  })

  it('its migration refiles the enquiries stored before it, and its down files them back', async () => {
    expect((await post(ENQUIRY)).status).toBe(201)
    expect((await submitRequest(h.http, requestForm())).status).toBe(201)
    const rows = async () =>
      (
        await db().execute(
          sql`SELECT service_type::text AS service, offered_title AS title FROM leads ORDER BY id`,
        )
      ).rows
    const at = migrations.findIndex((m) => m.name.endsWith('_lead_partnership_service'))
    const later = migrations.slice(at + 1)
    const args = { db: db(), payload: h.payload, req: {} } as never
    for (const m of [...later].reverse()) await m.down(args)
    await migrations[at].down(args)
    expect(await rows()).toEqual([
      { service: 'wheel_restoration', title: 'Wheel Restoration' },
      { service: 'wheel_restoration', title: 'Wheel Restoration' },
    ])
    await migrations[at].up(args)
    for (const m of later) await m.up(args)
    expect(await rows()).toEqual([
      { service: 'dealership_partnership', title: null },
      { service: 'wheel_restoration', title: 'Wheel Restoration' },
    ])
  })
})
