import type { APIRequestContext, Page } from '@playwright/test'

import { query } from '../helpers/e2e-db'
import { quoteLinkPath, sentQuote } from '../helpers/e2e-quotes'
import { expect, test } from '../helpers/e2e-test'
import { E2E_TWILIO } from '../helpers/e2e-twilio'
import { textFromCustomer } from '../helpers/e2e-texts'
import { adminToken, auth } from '../helpers/public-site'
import { type FakeTwilio, startFakeTwilio } from '../helpers/twilio-server'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Customer texts with consent, on the production server with the suite's fake of Twilio: a
// visitor who ticks "Text me about my request" gets the quote link by text; the day-before
// reminder asks for a C, whose reply the owner sees as a confirmed visit; "On my way" tapped
// twice in a row sends one text.

let fake: FakeTwilio
test.beforeAll(async () => {
  fake = await startFakeTwilio(E2E_TWILIO)
})
test.afterAll(async () => {
  await fake.close()
})

let clients = 0
test.beforeEach(async ({ page }) => {
  clients += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${180 + clients}` })
})

const sentTo = (to: string) => fake.sent.filter((m) => m.to === to)

// A visitor's request from the home page's form, with the texting box ticked; its lead's id.
async function requestWithTexts(page: Page, request: APIRequestContext, phone: string, email: string) {
  await page.goto('/')
  await page.locator('#quote').scrollIntoViewIfNeeded()
  const form = page.locator('#quote form')
  await form.getByLabel('First Name').fill('Tess')
  await form.getByLabel('Last Name').fill('Texter')
  await form.getByLabel('Phone').fill(phone)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Street address (optional)').fill('800 W 6th St, Austin')
  await form.getByLabel('Description').fill('Scraped the rear left rim on a curb.')
  const consent = form.getByLabel('Text me about my request')
  await expect(consent).not.toBeChecked()
  await consent.check()
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Request Submitted!')).toBeVisible()
  const found = await request.get(`/api/leads?depth=0&where[email][equals]=${encodeURIComponent(email)}`, {
    headers: auth(await adminToken(request)),
  })
  const lead = (await found.json()).docs[0] as { id: number; textConsentAt: string | null }
  expect(lead.textConsentAt).toBeTruthy()
  return lead.id
}

async function signIn(page: Page) {
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
}

// Removed as the owner, from a page of the site (the API refuses a cross-site DELETE).
async function deleteLead(page: Page, id: number) {
  await signIn(page)
  if (!page.url().includes('/admin')) await page.goto('/admin?tab=gallery', { waitUntil: 'commit' })
  const status = await page.evaluate(
    async (url) => (await fetch(url, { method: 'DELETE' })).status,
    `/api/leads/${id}`,
  )
  expect(status).toBe(200)
}

const notice = (page: Page, words: string) =>
  page.getByTestId('lead-form-notice').or(page.locator('[data-sonner-toast]')).filter({ hasText: words })

test('a visitor who ticked the box gets the quote link by text, with the terms a tap away', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const phone = '(512) 555-0161'
  const email = `texts-quote-${Date.now()}@example.com`
  // The consent wording links to the terms' section on texts.
  await page.goto('/')
  const terms = page.locator('#quote form').getByRole('link', { name: 'Texting terms' })
  await expect(terms).toHaveAttribute('href', '/terms-of-service#text-messages')
  const leadId = await requestWithTexts(page, request, phone, email)
  try {
    await sentQuote(request, email, { leadId })
    const emailed = await quoteLinkPath(email)
    await expect.poll(() => sentTo('+15125550161').length, { timeout: 60_000 }).toBe(1)
    const text = sentTo('+15125550161')[0].body
    expect(text).toContain(emailed)
    expect(text).toContain('Reply STOP to opt out.')

    await page.goto('/terms-of-service#text-messages')
    const section = page.locator('#text-messages')
    await expect(section).toHaveText('Text messages')
    await expect(page.getByText('Message and data rates may apply.')).toBeVisible()
  } finally {
    await deleteLead(page, leadId)
  }
})

test("the reminder's C reply marks the visit confirmed, and the owner sees it", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const phone = '(512) 555-0162'
  const customer = '+15125550162'
  const leadId = await requestWithTexts(page, request, phone, `texts-confirm-${Date.now()}@example.com`)
  try {
    // The owner books the last time offered (days ahead), so the reminder waits for its day.
    await signIn(page)
    await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    const start = await page.getByTestId('lead-visit').locator('select option').last().getAttribute('value')
    const booked = await request.post('/api/visits/book', {
      headers: auth(await adminToken(request)),
      data: { lead: leadId, start },
    })
    expect(booked.status()).toBe(201)
    const visitId = ((await booked.json()) as { visit: number }).visit
    await expect
      .poll(() => sentTo(customer).filter((m) => m.body.includes('your visit is booked')).length, {
        timeout: 60_000,
      })
      .toBe(1)

    // The day before comes: the reminder job is due now.
    await query(
      `UPDATE payload_jobs SET wait_until = now() WHERE task_slug = 'sendVisitReminder' AND (input->>'visitId')::int = $1`,
      [visitId],
    )
    await expect
      .poll(() => sentTo(customer).filter((m) => m.body.includes('Reply C to confirm')).length, {
        timeout: 60_000,
      })
      .toBe(1)

    await textFromCustomer(request, baseURL!, customer, ' c ')
    await expect
      .poll(() => sentTo(customer).filter((m) => m.body.includes('is confirmed')).length, {
        timeout: 60_000,
      })
      .toBe(1)
    await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    await expect(page.getByTestId('lead-visit-confirmed')).toHaveText('Confirmed by the customer')
    await expect(page.getByText('Visit confirmed by the customer')).toBeVisible()
    // Each text the product sent shows once on the timeline: the text itself, with its delivery.
    const timeline = page.getByTestId('lead-timeline')
    await expect(timeline.getByTestId('lead-text').filter({ hasText: 'Reply C to confirm' })).toHaveCount(1)
    await expect(timeline.getByText('Visit reminder to the customer by text')).toHaveCount(0)
    // The back office's list of upcoming visits says so too.
    await page.goto('/admin?tab=leads', { waitUntil: 'commit' })
    await expect(
      page
        .getByTestId('upcoming-visit')
        .filter({ has: page.locator(`a[href$="/admin/collections/leads/${leadId}"]`) })
        .getByTestId('upcoming-visit-confirmed'),
    ).toContainText('Confirmed by the customer')
  } finally {
    await deleteLead(page, leadId)
  }
})

test('"On my way" tapped twice in a row sends one text', async ({ page, request }) => {
  test.setTimeout(120_000)
  const customer = '+15125550163'
  const leadId = await requestWithTexts(
    page,
    request,
    '(512) 555-0163',
    `texts-way-${Date.now()}@example.com`,
  )
  try {
    // Today's visit, as if booked this morning (no slot of today may be left to book).
    await query(
      `INSERT INTO visits (lead_id, start, "end", van, booked_by, created_at, updated_at)
       VALUES ($1, now(), now() + interval '2 hours', 1, 'staff', now(), now())`,
      [leadId],
    )
    await signIn(page)
    await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    const button = page.getByTestId('lead-visit').getByRole('button', { name: 'On my way' })
    await button.click()
    await expect(notice(page, 'On my way texted to the customer')).toBeVisible()
    await button.click()
    await expect(notice(page, 'less than 5 minutes ago; nothing was sent')).toBeVisible()
    await expect.poll(() => sentTo(customer).length).toBe(1)
    expect(sentTo(customer)[0].body).toContain('we are on our way')
    // The job's timeline says who tapped and under which of the customer's agreements it went.
    await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    const sent = page.getByTestId('lead-text').filter({ hasText: 'we are on our way' })
    await expect(sent).toHaveCount(1)
    await expect(sent).toContainText(DEV_ADMIN.email)
    await expect(sent.getByTestId('lead-text-consent')).toHaveText('Consent: Request form')
  } finally {
    await deleteLead(page, leadId)
  }
})
