import { randomBytes } from 'node:crypto'

import type { Page } from '@playwright/test'

import { capturedMails } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'
import pg from 'pg'
import sharp from 'sharp'

// Both quote forms in Chromium against the production build: browser validation, photos
// added and removed, upload progress, the spec's exact notices, the lead (with its
// photos) in the database, and a failed submission keeping everything the visitor typed.

const ERROR_TEXT = 'There was a problem submitting your request. Please try again.'

let clients = 0
// Each test is its own client for the per-client rate limit.
test.beforeEach(async ({ page }) => {
  clients += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${clients}` })
})

async function photo(name: string, color: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

// Random pixels do not compress: about 1.2 MB, small enough not to be downscaled, big
// enough that a throttled upload is visibly in progress.
async function bigPhoto(name: string) {
  const width = 800
  const height = 600
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

// The scripted form has taken the place of the one the server sent (which posts without
// script, tests/e2e/request-forms-no-script.e2e.spec.ts): its own control is there.
async function scripted(form: ReturnType<Page['locator']>) {
  await expect(form.getByRole('button', { name: 'Add photos' })).toBeVisible()
}

async function fill(scope: ReturnType<Page['locator']>, email: string) {
  await scope.getByLabel('First Name').fill('Maria')
  await scope.getByLabel('Last Name').fill('Gonzalez')
  await scope.getByLabel('Phone').fill('(512) 555-0177')
  await scope.getByLabel('Email').fill(email)
  await scope.getByLabel('Description').fill('Curb rash on both front wheels.')
}

// Read straight from the run's database (the launcher passes DATABASE_URL): what the
// submission stored, independent of any login.
async function leadByEmail(email: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT l.id, l.service_type, l.status,
              COALESCE(json_agg(json_build_object('filename', u.filename, 'mimeType', u.mime_type) ORDER BY r."order")
                FILTER (WHERE u.id IS NOT NULL), '[]') AS photos
         FROM leads l
         LEFT JOIN leads_rels r ON r.parent_id = l.id AND r.path = 'photos'
         LEFT JOIN customer_uploads u ON u.id = r.customer_uploads_id
        WHERE l.email = $1
        GROUP BY l.id`,
      [email],
    )
    return rows as {
      service_type: string
      status: string
      photos: { filename: string; mimeType: string }[]
    }[]
  } finally {
    await client.end()
  }
}

test.describe('the main form (#quote)', () => {
  test('refuses empty and malformed input with inline messages, sending nothing', async ({ page }) => {
    let posted = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/api/quote-requests')) posted += 1
    })
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await scripted(form)
    await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'tel')
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email')
    await form.getByRole('button', { name: 'Submit Request' }).click()
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Phone is required.',
      'Email is required.',
      'Description is required.',
    ]) {
      await expect(form.getByText(message)).toBeVisible()
    }
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('First Name')).toHaveAccessibleDescription('First name is required.')

    await fill(form, 'not-an-email')
    await form.getByLabel('Phone').fill('call me')
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(form.getByText('Enter a valid email address.')).toBeVisible()
    await expect(form.getByText('Enter a valid phone number.')).toBeVisible()
    await expect(form.getByText('First name is required.')).toHaveCount(0)
    expect(posted).toBe(0)
  })

  test('photos: thumbnails, one removed, non-images refused, progress while uploading, exact success text, the lead stored', async ({
    page,
  }) => {
    const email = `main-${Date.now()}@example.com`
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await scripted(form)
    const input = form.locator('input[type=file]')
    await expect(input).toHaveAttribute('accept', 'image/*')
    await input.setInputFiles([
      await bigPhoto('left.jpg'),
      await photo('right.jpg', '#aa2222'),
      await photo('rear.jpg', '#2222aa'),
    ])
    const thumbnails = form.getByRole('list', { name: 'Selected photos' }).getByRole('listitem')
    await expect(thumbnails).toHaveCount(3)
    await expect(form.getByRole('img', { name: 'right.jpg' })).toBeVisible()
    await form.getByRole('button', { name: 'Remove right.jpg' }).click()
    await expect(thumbnails).toHaveCount(2)
    await expect(form.getByRole('img', { name: 'right.jpg' })).toHaveCount(0)

    await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }])
    await expect(form.getByText('Only image files can be added.')).toBeVisible()
    await expect(thumbnails).toHaveCount(2)

    await fill(form, email)
    // A slow mobile uplink, so the upload is seen in progress.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10 * 1024 * 1024,
      uploadThroughput: 300 * 1024,
    })
    await form.getByRole('button', { name: 'Submit Request' }).click()
    const progress = form.getByRole('progressbar')
    await expect(progress).toBeVisible()
    await expect(form.getByRole('button', { name: 'Uploading images...' })).toBeDisabled()
    await expect(form.getByRole('button', { name: 'Remove left.jpg' })).toBeDisabled()
    await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0)

    await expect(page.getByText('Request Submitted!')).toBeVisible({ timeout: 30_000 })
    await expect(
      page.getByText(
        "We'll contact you within 24 hours to discuss your wheel restoration needs. 2 image(s) uploaded successfully.",
      ),
    ).toBeVisible()
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    // the form is cleared
    await expect(form.getByLabel('First Name')).toHaveValue('')
    await expect(form.getByLabel('Description')).toHaveValue('')
    await expect(thumbnails).toHaveCount(0)
    await expect(form.getByRole('button', { name: 'Submit Request' })).toBeEnabled()

    const leads = await leadByEmail(email)
    expect(leads).toHaveLength(1)
    expect(leads[0]).toMatchObject({ service_type: 'wheel_restoration', status: 'new' })
    expect(leads[0].photos).toHaveLength(2)
    expect(leads[0].photos.every((p) => p.mimeType === 'image/jpeg')).toBe(true)
    // the photos are not public
    const anonymous = await page.request.get(`/api/customer-uploads/file/${leads[0].photos[0].filename}`)
    expect(anonymous.status()).toBe(403)
  })

  test('without photos: the text has no image count', async ({ page }) => {
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await fill(form, `nophoto-${Date.now()}@example.com`)
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText('Request Submitted!')).toBeVisible()
    await expect(
      page.getByText("We'll contact you within 24 hours to discuss your wheel restoration needs.", {
        exact: true,
      }),
    ).toBeVisible()
  })

  test('a failed submission shows the error and keeps every field and photo; the retry succeeds', async ({
    page,
  }) => {
    const email = `retry-${Date.now()}@example.com`
    await page.goto('/#quote')
    const form = page.locator('#quote form')
    await scripted(form)
    await fill(form, email)
    await form.locator('input[type=file]').setInputFiles([await photo('wheel.jpg', '#22aa22')])
    await page.route('**/api/quote-requests', (route) => route.abort('connectionreset'))
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText('Error', { exact: true })).toBeVisible()
    await expect(page.getByText(ERROR_TEXT)).toBeVisible()
    await expect(form.getByLabel('First Name')).toHaveValue('Maria')
    await expect(form.getByLabel('Email')).toHaveValue(email)
    await expect(form.getByLabel('Description')).toHaveValue('Curb rash on both front wheels.')
    await expect(form.getByRole('img', { name: 'wheel.jpg' })).toBeVisible()

    // a server error is handled the same way
    await page.unroute('**/api/quote-requests')
    await page.route('**/api/quote-requests', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    )
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText(ERROR_TEXT)).toHaveCount(2)
    await expect(form.getByLabel('Last Name')).toHaveValue('Gonzalez')

    await page.unroute('**/api/quote-requests')
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText('Request Submitted!')).toBeVisible()
    await expect(page.getByText(/1 image\(s\) uploaded successfully\.$/)).toBeVisible()
    expect(await leadByEmail(email)).toHaveLength(1)
  })
})

test.describe('the pricing dialog', () => {
  test("'Get Started' opens the offer's form; success closes it with the offer's text", async ({ page }) => {
    const email = `dialog-${Date.now()}@example.com`
    await page.goto('/')
    await page.getByRole('button', { name: 'Get Started' }).first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Rim Rash / Curbed Rim' })).toBeVisible()
    await expect(dialog.locator('input[type=file]')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Submit Request' }).click()
    await expect(dialog.getByText('First name is required.')).toBeVisible()
    await fill(dialog, email)
    await dialog.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText('Request Submitted!')).toBeVisible()
    await expect(
      page.getByText("We'll contact you within 24 hours about your Rim Rash / Curbed Rim request."),
    ).toBeVisible()
    await expect(dialog).toHaveCount(0)
    const leads = await leadByEmail(email)
    expect(leads).toHaveLength(1)
    expect(leads[0]).toMatchObject({ service_type: 'rim_rash', status: 'new', photos: [] })

    // The server's own job runner (started at boot) sends both e-mails to the local capture.
    const mails = () => capturedMails(email)
    await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(2)
    expect(
      mails().some((m) =>
        m.includes('Subject: New quote request: Rim Rash / Curbed Rim from Maria Gonzalez'),
      ),
    ).toBe(true)
    const confirmation = mails().find((m) =>
      m.includes('Subject: We received your Rim Rash / Curbed Rim request'),
    )
    expect(confirmation).toContain('Thanks, Maria!')
    // Nothing else the visitor wrote reaches the inbox of the address they typed.
    expect(confirmation).not.toContain('Curb rash on both front wheels.')
    expect(confirmation).not.toContain('Gonzalez')
  })

  test('a failure keeps the dialog open with what was typed', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Get Started' }).nth(2).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Headlight Refresh' })).toBeVisible()
    await fill(dialog, 'headlights@example.com')
    await page.route('**/api/quote-requests', (route) => route.abort('failed'))
    await dialog.getByRole('button', { name: 'Submit Request' }).click()
    await expect(page.getByText(ERROR_TEXT)).toBeVisible()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Email')).toHaveValue('headlights@example.com')
    await expect(dialog.getByLabel('Description')).toHaveValue('Curb rash on both front wheels.')
  })
})

test("each of the four 'Get Started' buttons opens the dialog with its own offer's title", async ({
  page,
}) => {
  await page.goto('/')
  const titles = [
    'Rim Rash / Curbed Rim',
    'Cracked Windshield Repair',
    'Headlight Refresh',
    'Bent, Powder Coating, or Cracked Rims',
  ]
  const buttons = page.locator('#pricing').getByRole('button', { name: 'Get Started' })
  await expect(buttons).toHaveCount(titles.length)
  for (const [i, title] of titles.entries()) {
    await buttons.nth(i).click()
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
})

test('one address gets at most one confirmation a day, however many requests name it', async ({
  request,
}) => {
  const email = `victim-${Date.now()}@example.com`
  for (let i = 0; i < 3; i++) {
    const res = await request.post('/api/quote-requests', {
      headers: { 'x-forwarded-for': `198.51.100.${120 + i}` },
      multipart: {
        firstName: 'Win a prize at evil.example',
        lastName: 'Spammer',
        phone: '(512) 555-0100',
        email,
        description: 'Claim it at https://evil.example/now',
        serviceType: 'rim_rash',
      },
    })
    expect(res.status()).toBe(201)
  }
  const mails = () => capturedMails(email)
  await expect
    .poll(() => mails().filter((m) => m.includes('Subject: New quote request')).length, {
      timeout: 30_000,
    })
    .toBe(3)
  const confirmations = mails().filter((m) => m.includes('Subject: We received your'))
  expect(confirmations).toHaveLength(1)
  expect(confirmations[0]).toContain('Thanks!')
  expect(confirmations[0]).not.toContain('evil.example')
})
