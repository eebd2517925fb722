import type { Page } from '@playwright/test'
import pg from 'pg'

import { expect, test } from '../helpers/e2e-test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Promo codes and lead sources in Chromium against the production build: the code comes
// from a ?promo= link or the banner's "Use code", a refused code is explained on the field
// with the form kept, and the owner sees the code, its use and the source in the back office.
// The seed's live promotion is 'Fall Wheel Refresh' (FALL15, 15% off, no limit).

test.describe.configure({ mode: 'serial' })

let clients = 0
test.beforeEach(async ({ page }) => {
  clients += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${150 + clients}` })
})

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

// The promotions these tests add ('E2E ...') go out of the way of the files after this one
// (the public API's list of live promotions, the banner).
test.afterAll(async () => {
  await query(`UPDATE promotions SET is_active = false WHERE title LIKE 'E2E %'`)
})

async function fill(form: ReturnType<Page['locator']>, email: string, lastName = 'Promo') {
  await form.getByLabel('First Name').fill('Rosa')
  await form.getByLabel('Last Name').fill(lastName)
  await form.getByLabel('Phone').fill('(512) 555-0188')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Description').fill('Curb rash on the rear left wheel.')
}

type LeadRow = {
  id: number
  promotion_id: number | null
  promo_code: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  referrer_host: string | null
}
const leadsByEmail = (email: string) =>
  query<LeadRow>(
    'SELECT id, promotion_id, promo_code, utm_source, utm_medium, utm_campaign, referrer_host FROM leads WHERE email = $1',
    [email],
  )

const fall15 = async () =>
  (await query<{ id: number }>(`SELECT id FROM promotions WHERE title = 'Fall Wheel Refresh'`))[0].id

test('a ?promo= link fills in the code (any case) and the first page keeps the campaign; the lead holds both', async ({
  page,
}) => {
  const email = `promo-link-${Date.now()}@example.com`
  await page.goto('/gallery?promo=fall15&utm_source=flyer&utm_medium=print&utm_campaign=fall-doors')
  // The page takes the code and the source once its script runs, as a visitor reads it.
  await expect
    .poll(() =>
      page.evaluate(() => [
        sessionStorage.getItem('quote-promo-code'),
        sessionStorage.getItem('visit-source'),
      ]),
    )
    .toEqual(['FALL15', expect.stringContaining('flyer')])
  // A later page of the same visit keeps the first page's source.
  await page.goto('/?utm_source=other')
  // The form's code loads as it nears the screen.
  await page.locator('#quote').scrollIntoViewIfNeeded()
  const form = page.locator('#quote form')
  await expect(form.getByLabel('Promo code')).toHaveValue('FALL15')
  await fill(form, email)
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Request Submitted!')).toBeVisible()
  await expect(form.getByLabel('Promo code')).toHaveValue('')
  const [lead] = await leadsByEmail(email)
  expect(lead).toMatchObject({
    promotion_id: await fall15(),
    promo_code: 'FALL15',
    utm_source: 'flyer',
    utm_medium: 'print',
    utm_campaign: 'fall-doors',
  })
})

test("the banner's Use code fills in the main form and the pricing dialogs; the code can be cleared", async ({
  page,
}) => {
  await page.goto('/')
  const form = page.locator('#quote form')
  // The scripted form far below is not loaded yet (the server's is there): the button scrolls
  // to it, and its code field comes filled in and focused.
  await expect(form.getByRole('button', { name: 'Add photos' })).toHaveCount(0)
  await page.locator('#promo-banner').getByRole('button', { name: 'Use code FALL15' }).click()
  await expect(form.getByLabel('Promo code')).toHaveValue('FALL15')
  await expect(form.getByLabel('Promo code')).toBeFocused()

  await page.getByRole('button', { name: 'Get Started' }).first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByLabel('Promo code')).toHaveValue('FALL15')
  await dialog.getByRole('button', { name: 'Clear' }).click()
  await expect(dialog.getByLabel('Promo code')).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(form.getByLabel('Promo code')).toHaveValue('')

  // From another page, the button leads to the home page's form.
  await page.goto('/gallery')
  await page.locator('#promo-banner').getByRole('button', { name: 'Use code FALL15' }).click()
  await expect(page).toHaveURL(/\/#quote$/)
  await expect(page.locator('#quote form').getByLabel('Promo code')).toHaveValue('FALL15')
})

test('a refused code is explained on the field; nothing is saved and the form keeps what was typed', async ({
  page,
}) => {
  const usedUp = `USEDUP${Date.now().toString(36).toUpperCase()}`
  // Old enough never to be the banner's promotion.
  await query(
    `INSERT INTO promotions (_status, title, discount_code, discount_type, discount_value, is_active, usage_limit, usage_count, created_at, updated_at)
     VALUES ('published', 'E2E used up', $1, 'percentage', 10, true, 2, 2, '2001-01-01', '2001-01-01')`,
    [usedUp],
  )
  const email = `promo-refused-${Date.now()}@example.com`
  await page.goto('/#quote')
  const form = page.locator('#quote form')
  // The scripted form's messages, once it has taken the server's form's place.
  await expect(form.getByRole('button', { name: 'Add photos' })).toBeVisible()
  await fill(form, email)
  const code = form.getByLabel('Promo code')
  await code.fill('nosuchcode')
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(form.getByText('This code is not valid or has expired.')).toBeVisible()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(code).toHaveAccessibleDescription('This code is not valid or has expired.')
  await expect(form.getByLabel('First Name')).toHaveValue('Rosa')
  await expect(form.getByLabel('Email')).toHaveValue(email)
  await expect(code).toHaveValue('nosuchcode')

  await code.fill(usedUp.toLowerCase())
  await expect(form.getByText('This code is not valid or has expired.')).toHaveCount(0)
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(form.getByText('This code has reached its usage limit.')).toBeVisible()
  await expect(form.getByLabel('Description')).toHaveValue('Curb rash on the rear left wheel.')
  expect(await leadsByEmail(email)).toHaveLength(0)
  const [promo] = await query<{ usage_count: string }>(
    'SELECT usage_count FROM promotions WHERE discount_code = $1',
    [usedUp],
  )
  expect(Number(promo.usage_count)).toBe(2)
})

test("the owner's views: the code and source on the lead, 'used 3 of 10' with its leads, filters and the chart by source", async ({
  page,
}) => {
  const stamp = Date.now().toString(36).toUpperCase()
  const code = `TEN${stamp}`
  const [promo] = await query<{ id: number }>(
    `INSERT INTO promotions (_status, title, discount_code, discount_type, discount_value, minimum_amount, is_active, usage_limit, usage_count, created_at, updated_at)
     VALUES ('published', $1, $2, 'fixed_amount', 20, 0, true, 10, 2, '2001-01-02', '2001-01-02') RETURNING id`,
    [`E2E ten uses ${stamp}`, code],
  )
  const email = `promo-owner-${Date.now()}@example.com`
  const lastName = `Owner${stamp}`
  await page.goto(
    `/?promo=${code.toLowerCase()}&utm_source=mailer${stamp}&utm_medium=postcard&utm_campaign=winter`,
  )
  await page.locator('#quote').scrollIntoViewIfNeeded()
  const form = page.locator('#quote form')
  await expect(form.getByLabel('Promo code')).toHaveValue(code)
  await fill(form, email, lastName)
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Request Submitted!')).toBeVisible()
  const [lead] = await leadsByEmail(email)

  const login = await page.request.post('/api/users/login', { data: DEV_ADMIN })
  expect(login.ok()).toBe(true)

  await page.goto('/admin?tab=promotions')
  const card = page.getByTestId('promotion').filter({ hasText: `E2E ten uses ${stamp}` })
  await expect(card.getByTestId('promotion-usage')).toContainText('used 3 of 10')
  await card.getByRole('link', { name: 'Leads with this code' }).click()
  await expect(page).toHaveURL(new RegExp(`tab=leads&promotion=${promo.id}$`))
  const leads = page.getByRole('list', { name: 'Leads' }).getByTestId('lead')
  await expect(leads).toHaveCount(1)
  await expect(leads.first()).toContainText(lastName)
  await expect(leads.first().getByTestId('lead-origin')).toHaveText(
    `${code} · $20 off · mailer${stamp} / postcard / winter`,
  )

  await page.getByRole('link', { name: `Rosa ${lastName}` }).click()
  const details = page.getByTestId('lead-details')
  await expect(details.getByRole('definition').filter({ hasText: `${code} · $20 off` })).toHaveText(
    `${code} · $20 off`,
  )
  await expect(details.getByText(`mailer${stamp} / postcard / winter`, { exact: true })).toBeVisible()
  expect(page.url()).toContain(`/admin/collections/leads/${lead.id}`)

  // By source, and the chart split by source.
  await page.goto(`/admin?tab=leads&source=mailer${stamp}&chart=source`)
  await expect(leads).toHaveCount(1)
  await expect(leads.first()).toContainText(lastName)
  const split = page.getByTestId('leads-per-week-by-source')
  await expect(split.getByRole('columnheader', { name: `mailer${stamp}` })).toBeVisible()

  // The filter form drives the same URL.
  await page.goto('/admin?tab=leads')
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
  await page.getByLabel('Promotion').selectOption(String(promo.id))
  await expect(page).toHaveURL(new RegExp(`promotion=${promo.id}`))
  await expect(leads).toHaveCount(1)
})
