import type { Browser, Locator, Page, Route } from '@playwright/test'
import sharp from 'sharp'

import { query } from '../helpers/e2e-db'
import { expect, test } from '../helpers/e2e-test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The request forms before their script: a phone on a slow connection taps as soon as it sees
// the form. The server's HTML holds a form that posts by itself, and the server answers with a
// page (sent, or the form again with its messages and what was typed). With script, the
// scripted form takes the plain one's place and keeps what was typed in it.

const ERROR_TEXT = 'There was a problem submitting your request. Please try again.'
// Only the scripted form's code holds its button's text (the plain form's is in the HTML).
const FORM_CODE_MARKER = 'Submit Request'

let clients = 0
test.beforeEach(async ({ page }) => {
  clients += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${200 + clients}` })
})

type LeadRow = { id: number; first_name: string; service_type: string; photos: number }
const leadsByEmail = (email: string) =>
  query<LeadRow>(
    `SELECT l.id, l.first_name, l.service_type,
            (SELECT count(*)::int FROM leads_rels r WHERE r.parent_id = l.id AND r.path = 'photos') AS photos
       FROM leads l WHERE l.email = $1`,
    [email],
  )

// Each test's leads are removed by the owner, from a page of the site (the API refuses a
// cross-site DELETE), in a context with script whatever the test's was.
const created: string[] = []
test.afterAll(async ({ browser }) => {
  await removeLeads(browser, created.splice(0))
})

async function removeLeads(browser: Browser, emails: string[]) {
  const ids = (await Promise.all(emails.map(leadsByEmail))).flat().map((lead) => lead.id)
  if (!ids.length) return
  const context = await browser.newContext()
  try {
    expect((await context.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    const page = await context.newPage()
    await page.goto('/robots.txt')
    for (const id of ids) {
      const status = await page.evaluate(
        async (url) => (await fetch(url, { method: 'DELETE' })).status,
        `/api/leads/${id}`,
      )
      expect(status).toBe(200)
    }
  } finally {
    await context.close()
  }
}

function newEmail(kind: string) {
  const email = `${kind}-${Date.now()}@example.com`
  created.push(email)
  return email
}

async function fill(form: Locator, email: string) {
  await form.getByLabel('First Name').fill('Maria')
  await form.getByLabel('Last Name').fill('Gonzalez')
  await form.getByLabel('Phone').fill('(512) 555-0177')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Description').fill('Curb rash on both front wheels.')
}

async function photo(name: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#22aa22' } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

// The scripted form's own control: the plain form has a bare file input instead.
const scripted = (form: Locator) => form.getByRole('button', { name: 'Add photos' })

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the home page form posts with its photo; the page says it was sent and the lead is stored', async ({
    page,
  }) => {
    const email = newEmail('noscript')
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await expect(form).toHaveAttribute('method', 'post')
    await expect(form).toHaveAttribute('action', '/api/quote-requests')
    await expect(form).toHaveAttribute('enctype', 'multipart/form-data')
    await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'tel')
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email')
    await expect(form.getByLabel('First Name')).toHaveAttribute('required', '')
    await expect(form.getByLabel('ZIP code (optional)')).toHaveAttribute('pattern', '[0-9]{5}')
    await expect(form.getByLabel('Photos (optional)')).toHaveAttribute('accept', 'image/*')
    await fill(form, email)
    await form.getByLabel('Photos (optional)').setInputFiles([await photo('wheel.jpg')])
    await form.getByRole('button', { name: 'Submit Request' }).click()

    await expect(page).toHaveURL(/\/request\?sent=wheel_restoration&photos=1#quote$/)
    await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
    await expect(
      page.getByText(
        "We'll contact you within 24 hours to discuss your wheel restoration needs. 1 image(s) uploaded successfully.",
      ),
    ).toBeVisible()
    const leads = await leadsByEmail(email)
    expect(leads).toEqual([expect.objectContaining({ service_type: 'wheel_restoration', photos: 1 })])
  })

  test('an invalid form comes back with the messages and what was typed; corrected, it goes', async ({
    page,
  }) => {
    const email = newEmail('noscript-invalid')
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url())
    })
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    // The browser's own checks stop an empty form before it is sent.
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(form.getByLabel('First Name')).toBeFocused()
    expect(posts).toEqual([])

    // What only the server's rules refuse: a blank name, a phone without digits.
    await fill(form, email)
    await form.getByLabel('First Name').fill('   ')
    await form.getByLabel('Phone').fill('call me')
    await form.getByRole('button', { name: 'Submit Request' }).click()

    await expect(page).toHaveURL(/\/request\?draft=[\w-]{43}#quote$/)
    expect(page.url()).not.toContain('example.com')
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Error')
    await expect(alert).toContainText(ERROR_TEXT)
    const again = page.locator('#quote form')
    await expect(again.getByLabel('First Name')).toHaveAccessibleDescription('First name is required.')
    await expect(again.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(again.getByLabel('Phone')).toHaveAccessibleDescription('Enter a valid phone number.')
    await expect(again.getByLabel('Last Name')).toHaveValue('Gonzalez')
    await expect(again.getByLabel('Email')).toHaveValue(email)
    await expect(again.getByLabel('Phone')).toHaveValue('call me')
    await expect(again.getByLabel('Description')).toHaveValue('Curb rash on both front wheels.')
    expect(await leadsByEmail(email)).toEqual([])

    await again.getByLabel('First Name').fill('Maria')
    await again.getByLabel('Phone').fill('(512) 555-0177')
    await again.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
    expect(await leadsByEmail(email)).toEqual([expect.objectContaining({ first_name: 'Maria' })])
  })

  test('the same post sent twice (a double tap) makes one lead, and the page says it was sent', async ({
    page,
  }) => {
    const email = newEmail('noscript-twice')
    await page.goto('/request?service=rim_rash#quote')
    const form = page.locator('#quote form')
    // The server renders the form's one-time key into the page.
    await expect(form.locator('input[type=hidden][name=key]')).toHaveValue(/^[\w-]{22}$/)
    // The browser's post reaches the site twice, the page showing the second answer.
    await page.route('**/api/quote-requests', async (route) => {
      const first = await route.fetch({ maxRedirects: 0 })
      const second = await route.fetch({ maxRedirects: 0 })
      expect(second.headers().location).toBe(first.headers().location)
      await route.fulfill({ response: second })
    })
    await fill(form, email)
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page).toHaveURL(/\/request\?sent=rim_rash&photos=0#quote$/)
    await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
    expect(await leadsByEmail(email)).toEqual([expect.objectContaining({ service_type: 'rim_rash' })])
  })

  test("a pricing card's Get Started leads to the offer's form, which sends that offer", async ({ page }) => {
    const email = newEmail('noscript-offer')
    await page.goto('/')
    await page.locator('#pricing').getByRole('button', { name: 'Get Started' }).first().click()
    await expect(page).toHaveURL(/\/request\?service=rim_rash#quote$/)
    await expect(page.getByRole('heading', { name: 'Rim Rash / Curbed Rim' })).toBeVisible()
    const form = page.locator('#quote form')
    await expect(form.locator('input[type=file]')).toHaveCount(0)
    await fill(form, email)
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
    await expect(
      page.getByText("We'll contact you within 24 hours about your Rim Rash / Curbed Rim request."),
    ).toBeVisible()
    expect(await leadsByEmail(email)).toEqual([expect.objectContaining({ service_type: 'rim_rash' })])
  })
})

// The scripted form's code, held back until `release` (or never, if it is not called).
async function holdFormCode(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route('**/_next/static/chunks/**', async (route: Route) => {
    // A chunk still loading when the test ends and its page closes: nothing left to hold.
    const response = await route.fetch().catch(() => null)
    const body = await response?.text().catch(() => null)
    if (!response || body == null) return
    if (body.includes(FORM_CODE_MARKER)) {
      held += 1
      await released
    }
    // The page may have moved on (a form posted) while the code was held.
    await route.fulfill({ response, body }).catch(() => undefined)
  })
  return { release, held: () => held }
}

test.describe('with JavaScript, before the form’s code has arrived', () => {
  test('a tap on Submit posts the form the server sent, and the request goes through', async ({ page }) => {
    const email = newEmail('early')
    const code = await holdFormCode(page)
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await fill(form, email)
    await expect.poll(code.held).toBeGreaterThan(0)
    await expect(scripted(form)).toHaveCount(0)
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
    await expect(page).toHaveURL(/\/request\?sent=wheel_restoration&photos=0#quote$/)
    expect(await leadsByEmail(email)).toHaveLength(1)
    code.release()
  })

  test("a submit the browser's checks stopped: the scripted form shows its messages on arrival", async ({
    page,
  }) => {
    const code = await holdFormCode(page)
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await form.getByLabel('Last Name').fill('Gonzalez')
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(form.getByLabel('First Name')).toBeFocused()
    await expect.poll(code.held).toBeGreaterThan(0)
    code.release()
    await expect(scripted(form)).toBeVisible()
    await expect(form.getByLabel('First Name')).toHaveAccessibleDescription('First name is required.')
    await expect(form.getByText('Description is required.')).toBeVisible()
    await expect(form.getByText('Last name is required.')).toHaveCount(0)
    await expect(form.getByLabel('Last Name')).toHaveValue('Gonzalez')
    await expect(form.getByLabel('First Name')).toBeFocused()
  })

  test('what was typed and chosen in the plain form stays when the scripted one takes over', async ({
    page,
  }) => {
    const email = newEmail('takeover')
    const code = await holdFormCode(page)
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await form.getByLabel('First Name').fill('Maria')
    await form.getByLabel('Last Name').fill('Gonzalez')
    await form.getByLabel('Phone').fill('(512) 555-0177')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Photos (optional)').setInputFiles([await photo('wheel.jpg')])
    await form.getByLabel('Description').fill('Curb rash')
    const formKey = await form.locator('input[name=key]').inputValue()
    await expect.poll(code.held).toBeGreaterThan(0)
    code.release()

    await expect(scripted(form)).toBeVisible()
    await expect(form.getByLabel('First Name')).toHaveValue('Maria')
    await expect(form.getByLabel('Email')).toHaveValue(email)
    await expect(form.getByRole('img', { name: 'wheel.jpg' })).toBeVisible()
    // The visitor goes on typing where they were.
    await expect(form.getByLabel('Description')).toBeFocused()
    await page.keyboard.type(' on both front wheels.')
    await expect(form.getByLabel('Description')).toHaveValue('Curb rash on both front wheels.')

    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText('Request Submitted!')).toBeVisible()
    await expect(page.getByText(/1 image\(s\) uploaded successfully\.$/)).toBeVisible()
    expect(page.url()).not.toContain('/request')
    expect(await leadsByEmail(email)).toEqual([expect.objectContaining({ photos: 1 })])
    // The scripted form sends the plain form's key too: the lead is stored under it.
    const [stored] = await query<{ form_key: string }>('SELECT form_key FROM leads WHERE email = $1', [email])
    expect(stored.form_key.startsWith(`${formKey}:`)).toBe(true)
  })
})
