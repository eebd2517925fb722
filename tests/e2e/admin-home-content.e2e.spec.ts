import type { Browser, Page } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import { DEFAULT_HOME_CONTENT, homePageData } from '../../src/lib/home-content'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The owner edits the home page in the back office: a draft stays the owner's until it is
// published, the preview shows it, publishing reaches visitors at once, an earlier version
// comes back, and a lead keeps the price its visitor was shown.

const REVIEW = {
  name: 'Priya S.',
  date: 'Yesterday',
  text: 'Fixed a scraped rim outside my apartment in forty minutes. Spotless work.',
}

const rimCard = (page: Page) => page.locator('[data-offer="rim_rash"]')

// A visitor: a browser of their own, without the owner's cookie.
async function visitorPage(browser: Browser) {
  const context = await browser.newContext()
  return context.newPage()
}

// With the owner's token: a script-less request's cookie counts for nothing (CSRF list).
async function draftRimPrice(page: Page, token: string): Promise<number | undefined> {
  const res = await page.request.get('/api/globals/home-page?depth=0&draft=true', {
    headers: { Authorization: `JWT ${token}` },
  })
  const doc = (await res.json()) as { pricing?: { offers?: { key: string; price: number }[] } }
  return doc.pricing?.offers?.find((o) => o.key === 'rim_rash')?.price
}

// Whatever a test left (a draft, a failed step), the next one starts from the spec's page.
test.afterEach(async ({ request }) => {
  const login = await request.post('/api/users/login', { data: DEV_ADMIN })
  const { token } = (await login.json()) as { token: string }
  const res = await request.post('/api/globals/home-page', {
    headers: { Authorization: `JWT ${token}` },
    data: {
      ...homePageData(DEFAULT_HOME_CONTENT),
      meta: { title: '', description: '' },
      _status: 'published',
    },
  })
  expect(res.ok()).toBe(true)
})

test('the owner drafts a price and a review, previews, publishes and restores the home page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const login = await page.request.post('/api/users/login', { data: DEV_ADMIN })
  expect(login.ok()).toBe(true)
  const { token } = (await login.json()) as { token: string }
  const visitor = await visitorPage(browser)

  await page.goto('/admin/globals/home-page')
  await page.locator('.tabs-field__tab-button', { hasText: 'Pricing' }).click()
  await page.locator('#field-pricing__offers__0__price').fill('135')
  await page.locator('.tabs-field__tab-button', { hasText: 'Reviews' }).click()
  await page.getByRole('button', { name: 'Add Review' }).click()
  await page.locator('#field-reviews__items__6__name').fill(REVIEW.name)
  await page.locator('#field-reviews__items__6__rating').fill('5')
  await page.locator('#field-reviews__items__6__date').fill(REVIEW.date)
  await page.locator('#field-reviews__items__6__text').fill(REVIEW.text)

  // Autosave keeps it as a draft: visitors still see the published $125.
  await expect.poll(() => draftRimPrice(page, token), { timeout: 20_000 }).toBe(135)
  await visitor.goto('/')
  await expect(rimCard(visitor)).toContainText('$125')
  await expect(visitor.getByText(REVIEW.text)).toHaveCount(0)

  // The live preview beside the form shows the draft.
  await page.getByRole('button', { name: 'Live Preview' }).click()
  const frame = page.locator('.live-preview-window iframe')
  await expect(frame).toHaveAttribute('src', /\/preview$/)
  const preview = frame.contentFrame()
  await expect(preview.locator('[data-offer="rim_rash"]')).toContainText('$135')
  await expect(preview.getByText(REVIEW.text)).toBeVisible()
  // Only a signed-in account may open it: a visitor is sent to sign in.
  await visitor.goto('/preview')
  await expect(visitor).toHaveURL(/\/login\?redirect=/)

  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText('Updated successfully.').first()).toBeVisible()
  await visitor.goto('/')
  await expect(rimCard(visitor)).toContainText('$135')
  await expect(visitor.getByText(REVIEW.text)).toBeVisible()

  // A request made while $135 is live keeps $135, whatever happens to the page later.
  const email = `home-content-${Date.now()}@example.com`
  await rimCard(visitor).getByRole('button', { name: 'Get Started' }).click()
  const dialog = visitor.getByRole('dialog')
  await dialog.getByLabel('First Name').fill('Dana')
  await dialog.getByLabel('Last Name').fill('Price')
  await dialog.getByLabel('Phone').fill('(512) 555-0135')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Description').fill('Curb rash on one rear wheel.')
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(visitor.getByText('Request Submitted!')).toBeVisible()

  // Back to the version the seed published: the spec's $125, without the new review.
  // The oldest version is the seed's; the visitor looks once the restore has been answered.
  const versions = await page.request.get('/api/globals/home-page/versions?sort=createdAt&limit=1&depth=0', {
    headers: { Authorization: `JWT ${token}` },
  })
  const [seeded] = (await versions.json()).docs as { id: number }[]
  await page.goto(`/admin/globals/home-page/versions/${seeded.id}`)
  await page.getByRole('button', { name: 'Restore this version' }).click()
  const restored = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && r.url().includes(`/api/globals/home-page/versions/${seeded.id}`),
  )
  await page.getByRole('button', { name: 'Confirm' }).click()
  expect((await restored).status()).toBe(200)
  await visitor.goto('/')
  await expect(rimCard(visitor)).toContainText('$125')
  await expect(visitor.getByText(REVIEW.text)).toHaveCount(0)

  const leads = await page.request.get(
    `/api/leads?depth=0&where[email][equals]=${encodeURIComponent(email)}`,
    {
      headers: { Authorization: `JWT ${token}` },
    },
  )
  expect(leads.status()).toBe(200)
  const [lead] = (await leads.json()).docs as { id: number }[]
  await page.goto(`/admin/collections/leads/${lead.id}`)
  await expect(page.getByText('Rim Rash / Curbed Rim · $135 per rim').first()).toBeVisible()
})

test("the editor's ⋮ menu is not empty: it leads back to the spec's first version", async ({ page }) => {
  const login = await page.request.post('/api/users/login', { data: DEV_ADMIN })
  expect(login.ok()).toBe(true)
  const { token } = (await login.json()) as { token: string }
  const versions = await page.request.get('/api/globals/home-page/versions?sort=createdAt&limit=1&depth=0', {
    headers: { Authorization: `JWT ${token}` },
  })
  const [first] = (await versions.json()).docs as { id: number }[]

  await page.goto('/admin/globals/home-page')
  await page.locator('.doc-controls__dots').click()
  const menu = page.locator('.popup__content')
  await expect(menu).toBeVisible()
  await expect(menu.locator('.popup-button-list__button').first()).toBeVisible()
  const item = menu.getByRole('link', { name: 'Restore the first version' })
  await expect(item).toHaveAttribute('href', `/admin/globals/home-page/versions/${first.id}`)
  await item.click()
  await expect(page).toHaveURL(new RegExp(`/admin/globals/home-page/versions/${first.id}$`))
  // Payload's own restore, with its confirmation, is a click away.
  await expect(page.getByRole('button', { name: 'Restore this version' })).toBeVisible()
})

test("the owner's SEO title and description reach the home page's head", async ({ page, request }) => {
  const login = await request.post('/api/users/login', { data: DEV_ADMIN })
  const { token } = (await login.json()) as { token: string }
  const headers = { Authorization: `JWT ${token}` }
  const save = (meta: object) =>
    request.post('/api/globals/home-page', { headers, data: { _status: 'published', meta } })
  expect(
    (
      await save({ title: 'Curb Rash Fixed Where You Park', description: 'Mobile rim repair in Austin.' })
    ).ok(),
  ).toBe(true)
  try {
    await page.goto('/')
    await expect(page).toHaveTitle('Curb Rash Fixed Where You Park')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Mobile rim repair in Austin.',
    )
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Curb Rash Fixed Where You Park',
    )
  } finally {
    expect((await save({ title: '', description: '' })).ok()).toBe(true)
  }
  // Emptied, the site's own title is back.
  await page.goto('/')
  await expect(page).toHaveTitle(/^Curbside Rim Co\. - /)
})

test("the owner's SEO for another page (Page SEO) reaches that page's head", async ({ page, request }) => {
  const login = await request.post('/api/users/login', { data: DEV_ADMIN })
  const { token } = (await login.json()) as { token: string }
  const headers = { Authorization: `JWT ${token}` }
  const made = await request.post('/api/page-seo', {
    headers,
    data: {
      path: '/gallery',
      meta: { title: 'Curb Rash Before and After', description: 'Repairs around Austin.' },
    },
  })
  expect(made.status()).toBe(201)
  const { id } = (await made.json()).doc as { id: number }
  try {
    await page.goto('/gallery')
    await expect(page).toHaveTitle('Curb Rash Before and After | Curbside Rim Co.')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Repairs around Austin.',
    )
  } finally {
    await request.delete(`/api/page-seo/${id}`, { headers })
  }
  await page.goto('/gallery')
  await expect(page).toHaveTitle('Before & After Gallery | Curbside Rim Co.')
})
