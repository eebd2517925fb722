import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import twilio from 'twilio'

import { expect, test } from '../helpers/e2e-test'
import { writeFourRimsAndCaps } from '../helpers/e2e-quotes'
import { E2E_TWILIO } from '../helpers/e2e-twilio'
import { adminToken, auth } from '../helpers/public-site'
import { CAMERA_SERIAL, GPS_INFO_TAG, phoneJpeg } from '../helpers/request-fixtures'
import { type FakeTwilio, startFakeTwilio } from '../helpers/twilio-server'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Texts as a channel, on the production server with the suite's fake of Twilio: a texted photo
// becomes a lead the owner sees in Lead Management, the owner's phone gets one alert, the owner
// replies from the lead on a phone, the delivery callback shows on the lead, and STOP / START
// from the customer stop and allow replies (one of them with the quote's link, put in by a tap).

const CUSTOMER = '+15125550181'
const OWNER = '+15125550183'

let fake: FakeTwilio
test.beforeAll(async () => {
  fake = await startFakeTwilio(E2E_TWILIO)
})
test.afterAll(async () => {
  await fake.close()
})

const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('')
const sid = (prefix: 'SM' | 'MM') => `${prefix}${hex(32)}`

// A webhook as Twilio sends it: a form body signed (the SDK's own function) for the site's address.
async function webhook(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  params: Record<string, string>,
) {
  const signature = twilio.getExpectedTwilioSignature(E2E_TWILIO.authToken, `${baseURL}${path}`, params)
  return request.post(path, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
    data: new URLSearchParams(params).toString(),
  })
}

function inbound(body: string, media: string[] = []) {
  const messageSid = sid(media.length ? 'MM' : 'SM')
  const params: Record<string, string> = {
    MessageSid: messageSid,
    SmsMessageSid: messageSid,
    AccountSid: E2E_TWILIO.accountSid,
    From: CUSTOMER,
    To: E2E_TWILIO.from,
    Body: body,
    NumMedia: String(media.length),
    ApiVersion: '2010-04-01',
  }
  media.forEach((url, i) => {
    params[`MediaUrl${i}`] = url
    params[`MediaContentType${i}`] = 'image/jpeg'
  })
  return params
}

const sentTo = (to: string) => fake.sent.filter((m) => m.to === to)

type StoredLead = { id: number; channel: string; photos: { url: string }[] }

async function textedLead(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get(
    `/api/leads?depth=1&where[phone][equals]=${encodeURIComponent(CUSTOMER)}&where[channel][equals]=text`,
    { headers },
  )
  expect(res.status()).toBe(200)
  return ((await res.json()) as { docs: StoredLead[] }).docs[0] ?? null
}

// What the reply said: the server's notice after a post without script, or the script's toast.
const outcome = (page: Page, words: string) =>
  page.getByTestId('lead-form-notice').or(page.locator('[data-sonner-toast]')).filter({ hasText: words })

test.use({ viewport: { width: 390, height: 844 } })

test('a texted photo becomes a lead the owner answers by text, until STOP, and again after START', async ({
  page,
  request,
  baseURL,
  siteSettings,
}) => {
  test.setTimeout(180_000)
  const headers = auth(await adminToken(request))
  await siteSettings({ notificationPhones: OWNER })
  let leadId: number | null = null
  try {
    // The customer texts two photos from the phone's camera, GPS and all.
    const photos = [
      fake.addMedia(await phoneJpeg('#aa2222'), 'image/jpeg'),
      fake.addMedia(await phoneJpeg('#2222aa'), 'image/jpeg'),
    ]
    const first = await webhook(
      request,
      baseURL!,
      '/api/sms/inbound',
      inbound('Curbed my front rim on Lamar, can you fix it?', photos),
    )
    expect(first.status()).toBe(200)

    // The job queue fetches and cleans the photos; the alert goes to the owner's number.
    await expect
      .poll(async () => (await textedLead(request, headers))?.photos.length ?? 0, { timeout: 60_000 })
      .toBe(2)
    const lead = (await textedLead(request, headers))!
    leadId = lead.id
    // Opened again by its address rather than reloaded: the address may name the last outcome.
    const openLead = () => page.goto(`/admin/collections/leads/${lead.id}`, { waitUntil: 'commit' })
    for (const photo of lead.photos) {
      const file = await request.get(photo.url, { headers })
      expect(file.status()).toBe(200)
      const bytes = await file.body()
      const exif = (await sharp(bytes).metadata()).exif
      expect(exif?.includes(GPS_INFO_TAG) ?? false).toBe(false)
      expect(bytes.includes(Buffer.from(CAMERA_SERIAL))).toBe(false)
    }
    await expect.poll(() => sentTo(OWNER).length, { timeout: 60_000 }).toBe(1)
    expect(sentTo(OWNER)[0].body).toContain(`/admin/collections/leads/${lead.id}`)

    // Lead Management on the owner's phone: the lead, its two photos, "Text" as its source.
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await page.goto('/admin?tab=leads', { waitUntil: 'commit' })
    const card = page.getByTestId('lead').filter({ hasText: CUSTOMER })
    await expect(card.getByTestId('lead-photo-count')).toHaveText('2 photos')
    await expect(card.getByTestId('lead-origin')).toHaveText('Text')
    await card.getByRole('link', { name: 'Name not given (texted)' }).click()
    const details = page.getByTestId('lead-details')
    await expect(details.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2)
    await expect(details.locator('dt:has-text("Source") + dd')).toHaveText('Text')
    const texts = page.getByTestId('lead-text')
    await expect(texts.first()).toContainText('Curbed my front rim on Lamar, can you fix it?')
    await expect(texts.first()).toContainText('With 2 photos')

    // The owner replies from the lead; the provider gets it; the lead shows it.
    const box = page.getByLabel(`Text to ${CUSTOMER}`)
    const send = page.getByRole('button', { name: 'Send text' })
    await box.fill('Yes! Thursday 9am works for us.')
    await send.click()
    await expect(outcome(page, 'Text sent')).toBeVisible()
    await expect.poll(() => sentTo(CUSTOMER).map((m) => m.body)).toEqual(['Yes! Thursday 9am works for us.'])
    const reply = texts.filter({ hasText: 'Yes! Thursday 9am works for us.' })
    await expect(reply.getByTestId('lead-text-state')).toHaveText('Queued')

    // The provider's delivery callback: the lead says delivered.
    const delivered = await webhook(request, baseURL!, '/api/sms/status', {
      MessageSid: sentTo(CUSTOMER)[0].sid,
      MessageStatus: 'delivered',
      AccountSid: E2E_TWILIO.accountSid,
      From: E2E_TWILIO.from,
      To: CUSTOMER,
      ApiVersion: '2010-04-01',
    })
    expect(delivered.status()).toBe(204)
    await openLead()
    await expect(reply.getByTestId('lead-text-state')).toHaveText('Delivered')

    // STOP: a reply is refused, says so, and nothing reaches the provider.
    expect((await webhook(request, baseURL!, '/api/sms/inbound', inbound('Stop'))).status()).toBe(200)
    await openLead()
    await expect(page.getByTestId('lead-text-opted-out')).toBeVisible()
    await box.fill('Are we still on for Thursday?')
    await send.click()
    await expect(
      outcome(page, 'Not sent: this customer texted STOP and gets no texts until they text START.'),
    ).toBeVisible()
    expect(sentTo(CUSTOMER)).toHaveLength(1)
    await expect(texts.filter({ hasText: 'Are we still on for Thursday?' })).toHaveCount(0)

    // START: replies go again, here with the quote's link put in by one tap.
    expect((await webhook(request, baseURL!, '/api/sms/inbound', inbound('START'))).status()).toBe(200)
    // The owner prices it and sends the quote from the job page: it goes by text, and says so.
    await openLead()
    const editor = page.getByTestId('quote-editor')
    await writeFourRimsAndCaps(editor)
    await editor.getByRole('button', { name: 'Send quote' }).click()
    await expect(
      page.locator('.payload-toast-item').filter({ hasText: 'We texted the customer a link to accept it.' }),
    ).toBeVisible()
    await expect(editor.getByTestId('quote-status')).toHaveText('Sent')
    await expect.poll(() => sentTo(CUSTOMER).length).toBe(2)
    expect(sentTo(CUSTOMER)[1].body).toMatch(/\/quote\/[\w-]{24}\.[\w-]{24}/)
    await openLead()
    await expect(page.getByTestId('lead-text-reply')).toBeVisible()
    await expect(page.getByTestId('lead-text-opted-out')).toHaveCount(0)
    await box.fill('Thanks, see you Thursday at 9. Your quote:')
    await page.getByRole('button', { name: 'Insert quote link' }).click()
    const withLink =
      /^Thanks, see you Thursday at 9\. Your quote: http:\/\/[^/]+\/quote\/[\w-]{24}\.[\w-]{24}$/
    await expect(box).toHaveValue(withLink)
    await send.click()
    await expect(outcome(page, 'Text sent')).toBeVisible()
    await expect.poll(() => sentTo(CUSTOMER).length).toBe(3)
    expect(sentTo(CUSTOMER)[2].body).toMatch(withLink)
    // The link is the customer's own: it opens the quote.
    const quotePage = await request.get(new URL(sentTo(CUSTOMER)[2].body.split(' ').pop()!).pathname)
    expect(quotePage.status()).toBe(200)
    // Still one alert: the customer's later texts joined the lead.
    expect(sentTo(OWNER)).toHaveLength(1)
  } finally {
    if (leadId) {
      if (!page.url().includes('/admin')) await page.goto('/admin?tab=gallery')
      const id = leadId
      await page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, `/api/leads/${id}`)
    }
  }
})

// A customer who only phoned has agreed to nothing by text: the owner's first reply asks first,
// and the tick records the agreement in the owner's name, with the script and before it loads.
test('a first text to a customer who only phoned asks first, records who agreed and sends it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const headers = auth(await adminToken(request))
  const phoned = async (phone: string, firstName: string) => {
    const res = await request.post('/api/leads?depth=0', {
      headers,
      data: {
        firstName,
        lastName: 'Phoned',
        phone,
        description: 'Called about a curbed rim.',
        serviceType: 'rim_rash',
      },
    })
    expect(res.status()).toBe(201)
    return ((await res.json()) as { doc: { id: number } }).doc.id
  }
  const WITH_SCRIPT = '+15125550186'
  const WITHOUT_SCRIPT = '+15125550187'
  const leads = [await phoned(WITH_SCRIPT, 'Casey'), await phoned(WITHOUT_SCRIPT, 'Noel')]
  const noScript = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  })
  try {
    for (const [view, phone, lead, words] of [
      [page, WITH_SCRIPT, leads[0], 'Hi Casey, this is Curbside. Thursday 9am?'],
      [await noScript.newPage(), WITHOUT_SCRIPT, leads[1], 'Hi Noel, this is Curbside. Friday 10am?'],
    ] as const) {
      expect((await view.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await view.goto(`/admin/collections/leads/${lead}`, { waitUntil: 'commit' })
      const form = view.getByTestId('lead-text-reply')
      const ask = form.getByLabel('The customer agreed to texts')
      await expect(ask).not.toBeChecked()
      await expect(form.getByText('Your name and the time are recorded.')).toBeVisible()
      await form.getByLabel(`Text to ${phone}`).fill(words)
      await ask.check()
      await form.getByRole('button', { name: 'Send text' }).click()
      await expect(outcome(view, 'Text sent')).toBeVisible()
      await expect.poll(() => sentTo(phone).map((m) => m.body)).toEqual([words])
      // Agreed now: the form asks no more, and the text says who sent it under what.
      await view.goto(`/admin/collections/leads/${lead}`, { waitUntil: 'commit' })
      await expect(form.getByLabel(`Text to ${phone}`)).toBeVisible()
      await expect(form.getByLabel('The customer agreed to texts')).toHaveCount(0)
      const sent = view.getByTestId('lead-text').filter({ hasText: words })
      await expect(sent).toContainText(DEV_ADMIN.email)
      await expect(sent.getByTestId('lead-text-consent')).toHaveText('Consent: Agreed by phone')
      await expect(view.getByTestId('lead-timeline')).toContainText('Agreed to texts')
    }
  } finally {
    await noScript.close()
    for (const id of leads) await request.delete(`/api/leads/${id}`, { headers })
  }
})
