import fs from 'node:fs/promises'

import type { Locator, Page, Request } from '@playwright/test'
import type { Where } from 'payload'

import { leadLinkOf, newLeadMail } from '../helpers/captured-mail'
import { csvRecords } from '../helpers/csv'
import { expect, test } from '../helpers/e2e-test'
import pg from 'pg'
import sharp from 'sharp'

import { formatBusinessDate } from '../../src/lib/business-time'
import { recentWeeks } from '../../src/lib/lead-query'
import { whereParams } from '../helpers/lead-requests'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

const TIME_ZONE = 'America/Chicago' // the seeded SiteSettings default

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/users/login', { data: DEV_ADMIN })
  expect(response.ok()).toBe(true)
}

async function png(color: string, width = 64, height = 48) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
  return { name: `${color.slice(1)}.png`, mimeType: 'image/png', buffer }
}

// Deletes ask in Payload's confirmation modal: its question is checked, then confirmed.
async function confirmDelete(page: Page, question: string) {
  const modal = page.locator('.confirmation-modal')
  await expect(modal.getByText(question, { exact: true })).toBeVisible()
  await modal.getByRole('button', { name: 'Confirm' }).click()
}

// Nothing reaches past the screen's right edge; a failure names what does. With scripts,
// measured once Payload's menu has settled: it renders open on the server and, on a
// phone, is closed by an effect after hydration, one render after it first marks itself
// hydrated; until then, and while its column slides shut (a 0.15 s transition on a slow
// machine), the menu's column pushes the page aside.
async function expectFitsScreen(page: Page, { scripts = true } = {}) {
  if (scripts) {
    const template = page.locator('.template-default')
    await expect(template).toHaveClass(/template-default--nav-hydrated/)
    await expect(template).not.toHaveClass(/template-default--nav-open/)
    await expect
      .poll(() => template.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ')[0]))
      .toBe('0px')
  }
  const { overflow, wider } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    wider: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`,
      )
      .slice(0, 10),
  }))
  expect(overflow, wider.join('\n')).toBeLessThanOrEqual(0)
}

// Buttons that work only through their handler are enabled once the page is hydrated.
async function hydrated(page: Page) {
  await expect(
    page.getByRole('button', { name: /^(Add Gallery Item|Add Promotion|Export CSV)$/ }),
  ).toBeEnabled()
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page)
})

test('header, logout and the tab kept in the URL', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByText(`Welcome, ${DEV_ADMIN.email}`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Gallery Management' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('link', { name: 'Lead Management' }).click()
  await expect(page).toHaveURL(/\/admin\?tab=leads$/)
  await page.reload()
  await expect(page.getByRole('link', { name: 'Lead Management' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('list', { name: 'Leads' })).toBeVisible()
  await page.goto('/admin?tab=promotions')
  await expect(page.getByRole('heading', { name: 'Promotions & Specials' })).toBeVisible()
  // /admin (the home screen icon, a bookmark) opens on the tab used last, once the page has
  // noted it.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'cbo-tab')?.value)
    .toBe('promotions')
  await page.goto('/admin')
  await expect(page.getByRole('link', { name: 'Promotions & Specials' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  // Payload's generated views stay reachable.
  await page.goto('/admin/collections/leads')
  await expect(page.getByRole('link', { name: 'Maria', exact: true })).toBeVisible()

  await page.goto('/admin')
  await hydrated(page)
  await page.getByRole('link', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
})

test("Payload's own logout screen signs out and ends on /login", async ({ page, context }) => {
  await page.goto('/admin/logout')
  await expect(page).toHaveURL(/\/login(\?.*)?$/)
  // Payload's logout screen pushes its login route on the client; /admin/login answers with a
  // redirect to /login (another root layout), which Next finishes as a full page load. The
  // address can read /login while that load is still under way, and a navigation started
  // then is aborted (seen in CI): the signed-out session is checked in a tab of its own.
  const again = await context.newPage()
  await again.goto('/admin')
  await expect(again).toHaveURL(/\/login(\?.*)?$/)
})

test('a failed logout shows its message', async ({ page }) => {
  await page.route('**/api/users/logout', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ message: 'Logout is down' }] }),
    }),
  )
  await page.goto('/admin')
  await hydrated(page)
  await page.getByRole('link', { name: 'Logout' }).click()
  await expect(page.getByText('Logout is down')).toBeVisible()
})

test('lead management: details, badges, the one forward button, notices and search', async ({ page }) => {
  const created = await page.request.post('/api/leads', {
    data: {
      firstName: 'Tess',
      lastName: 'Backoffice',
      phone: '512-555-0199',
      email: 'tess.backoffice@example.com',
      description: 'Curb rash on the front left wheel.',
      serviceType: 'rim_rash',
    },
  })
  expect(created.ok()).toBe(true)
  await page.goto('/admin?tab=leads')
  // The taps below are the page script's (its notices); a tap before it posts the form itself
  // (tests/e2e/lead-road.e2e.spec.ts).
  await hydrated(page)
  const card = page.getByTestId('lead').filter({ hasText: 'Tess Backoffice' })
  await expect(card.getByRole('link', { name: '512-555-0199' })).toHaveAttribute('href', 'tel:512-555-0199')
  await expect(card.getByRole('link', { name: 'tess.backoffice@example.com' })).toHaveAttribute(
    'href',
    'mailto:tess.backoffice@example.com',
  )
  await expect(card.getByText('Rim Rash / Curbed Rim', { exact: false })).toBeVisible()
  await expect(card.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/)).toBeVisible()
  await expect(card.locator('.cbo-status')).toHaveText('New')
  await expect(card.locator('.cbo-status')).toHaveCSS('background-color', 'rgb(219, 234, 254)')

  // Each tap answers in place: the page is never loaded again (this mark would go with it).
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  for (const [button, status, label, color] of [
    ['Mark Contacted', 'contacted', 'Contacted', 'rgb(254, 249, 195)'],
    ['Mark Quoted', 'quoted', 'Quoted', 'rgb(243, 232, 255)'],
    ['Mark Completed', 'completed', 'Completed', 'rgb(220, 252, 231)'],
  ] as const) {
    await expect(card.getByRole('button')).toHaveCount(1)
    await card.getByRole('button', { name: button }).click()
    // The notice of this step (the previous step's may still be on screen).
    const notice = page
      .getByTestId('lead-form-notice')
      .filter({ hasText: `Lead status changed to ${status}` })
    await expect(notice.getByText('Status Updated', { exact: true })).toBeVisible()
    await expect(card.locator('.cbo-status')).toHaveText(label)
    await expect(card.locator('.cbo-status')).toHaveCSS('background-color', color)
  }
  await expect(card.getByRole('button')).toHaveCount(0)
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)

  await page.getByRole('combobox', { name: 'Status' }).selectOption('completed')
  await expect(page).toHaveURL(/[?&]status=completed/)
  await expect(page.getByTestId('lead').filter({ hasText: 'Maria' })).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-matches-this')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No leads found.')).toBeVisible()
  // The filters are in the URL: a reload shows the same list.
  await expect(page).toHaveURL(/status=completed&q=nobody-matches-this/)
  await page.reload()
  await expect(page.getByText('No leads found.')).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('nobody-matches-this')
})

test('lead management failure notices', async ({ page }) => {
  await page.goto('/admin?tab=leads')
  const card = page.getByTestId('lead').filter({ hasText: 'Maria' })
  await expect(card).toBeVisible()
  await hydrated(page)
  await page.route('**/api/leads/*/status', (route) => route.fulfill({ status: 500, body: '{}' }))
  await card.getByRole('button', { name: 'Mark Contacted' }).click()
  await expect(page.getByText('Failed to update lead status')).toBeVisible()
})

// The tabs read their lists on the server: a list the database cannot give (its table
// out of reach for a moment) shows the tab's own notice, and the rest of the back office
// stays usable.
test("a list the server cannot read shows the tab's notice", async ({ page }) => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  try {
    for (const [tab, table, notice] of [
      ['gallery', 'gallery_items', 'Failed to load gallery items'],
      ['promotions', 'promotions', 'Failed to fetch promotions'],
      ['leads', 'leads', 'Failed to fetch leads'],
    ] as const) {
      await db.query(`ALTER TABLE ${table} RENAME TO ${table}_away`)
      try {
        await page.goto(`/admin?tab=${tab}`)
        await expect(page.getByText(notice, { exact: true })).toBeVisible()
        await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible()
      } finally {
        await db.query(`ALTER TABLE ${table}_away RENAME TO ${table}`)
      }
      await page.goto(`/admin?tab=${tab}`)
      await expect(page.getByText(notice, { exact: true })).toHaveCount(0)
    }
  } finally {
    await db.end()
  }
})

test('lead management: leads per week, a full-name search and the CSV export a bookkeeper reads', async ({
  page,
}) => {
  const email = `csv-${Date.now()}@example.com`
  await page.goto('/admin?tab=leads')
  await expect(page.getByRole('figure', { name: /Leads per week/ })).toBeVisible()
  // The same customer twice: the first request closed as a duplicate, which the list leaves out.
  const request = {
    firstName: 'Quinn',
    lastName: 'Spreadsheet',
    phone: '512-555-0142',
    email,
    description: 'Two bent rims after a pothole.',
    serviceType: 'rim_restoration',
    zip: '78704',
    vehicle: '2021 Subaru Outback',
    wheelSize: '17 in',
  }
  // One after the other, so the file's newest-first order is known.
  const ids = await page.evaluate(
    async (leads) => {
      const made: number[] = []
      for (const data of leads) {
        const res = await fetch('/api/leads', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(data),
        })
        made.push(((await res.json()) as { doc: { id: number } }).doc.id)
      }
      return made
    },
    [{ ...request, lostReason: 'duplicate' }, request],
  )
  try {
    await page.getByRole('searchbox', { name: 'Search' }).fill('Quinn Spreadsheet')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByTestId('lead')).toHaveCount(1)
    await expect(page.getByTestId('lead')).toContainText('Quinn Spreadsheet')

    // This week's open leads (from Monday 00:00 in the business's zone) as the API gives them.
    const [thisWeek] = recentWeeks(new Date(), 1, TIME_ZONE)
    const where: Where = {
      and: [
        { createdAt: { greater_than_equal: thisWeek.start.toISOString() } },
        { lostReason: { exists: false } },
      ],
    }
    const totalDocs = await page.evaluate(
      async (path) => ((await (await fetch(path)).json()) as { totalDocs: number }).totalDocs,
      `/api/leads/count?${whereParams(where).toString()}`,
    )
    expect(totalDocs).toBeGreaterThan(0)
    const weeks = page.getByTestId('leads-per-week').locator('tbody tr')
    await expect(weeks).toHaveCount(12)
    await expect(weeks.last().locator('td').nth(1)).toHaveText(String(totalDocs))

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-leads\.csv$/)
    const rows = csvRecords(await fs.readFile((await file.path())!, 'utf8'))
    // Under "All statuses" the file holds the lead closed as lost too, newest first.
    expect(rows.map((r) => [r['Lead ID'], r.Status, r['Closed as lost']])).toEqual([
      [String(ids[1]), 'New', ''],
      [String(ids[0]), 'New', 'Duplicate'],
    ])
    expect(rows[0]).toMatchObject({
      'E-mail': email,
      'ZIP code': '78704',
      Vehicle: '2021 Subaru Outback',
      'Wheel size': '17 in',
      Service: 'Bent, Powder Coating, or Cracked Rims',
      'Price as offered (USD)': '250.00',
    })
  } finally {
    await page.evaluate(async (leads) => {
      for (const id of leads) await fetch(`/api/leads/${id}`, { method: 'DELETE' })
    }, ids)
  }
})

test('lead management: a failed export shows its notice', async ({ page }) => {
  await page.route('**/api/exports/download', (route) => route.fulfill({ status: 500, body: '{}' }))
  await page.goto('/admin?tab=leads')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText('Failed to export leads')).toBeVisible()
})

// Payload's own edit view of the document, in a drawer over the tab.
const editView = (page: Page) => page.locator('.doc-drawer').first()

test('promotions: create, edit, switch, delete with their notices and the banner preview', async ({
  page,
}) => {
  await page.goto('/admin?tab=promotions')
  await expect(page.getByTestId('promotion').filter({ hasText: 'Fall Wheel Refresh' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Promotion' }).click()
  const form = editView(page)
  await expect(form.getByText('Creating new Promotion')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Promotion' })).toBeDisabled()
  await expect(form.locator('#field-isActive')).toBeChecked()
  await form.locator('#field-title').fill('Winter Test Special')
  await form.locator('#field-discountCode').pressSequentially('winter10')
  await expect(form.locator('#field-discountCode')).toHaveValue('WINTER10')
  await form.locator('#field-discountValue').fill('10')
  await form.locator('#field-bannerText').fill('Winter special: 10% off')
  await form.locator('#field-bannerColor .rs__control').click()
  await page.locator('.rs__option', { hasText: 'Gold' }).click()
  await expect(form.getByLabel('Banner preview')).toContainText('Winter special: 10% off')
  await expect(form.getByLabel('Banner preview')).toContainText('Code: WINTER10')
  await expect(form.getByLabel('Banner preview')).toHaveClass(/cbo-banner-preview--gold/)
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText('Promotion created successfully')).toBeVisible()
  await expect(form).toHaveCount(0)

  const card = page.getByTestId('promotion').filter({ hasText: 'Winter Test Special' })
  await expect(card).toContainText('WINTER10')
  await expect(card).toContainText('10% off')
  await expect(card).toContainText('No end date')
  await expect(card).toContainText('Active')
  // Newest first.
  await expect(page.getByTestId('promotion').first()).toContainText('Winter Test Special')

  await card.getByRole('button', { name: 'Edit' }).click()
  await expect(form.locator('#field-usageCount')).toHaveAttribute('disabled', '')
  await expect(card.getByRole('button', { name: 'Edit' })).toBeDisabled()
  await form.locator('#field-discountType .rs__control').click()
  await page.locator('.rs__option', { hasText: 'Fixed amount' }).click()
  await form.locator('#field-discountValue').fill('25')
  await form.locator('#field-usageLimit').fill('50')
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText('Promotion updated successfully')).toBeVisible()
  await expect(card).toContainText('$25 off')

  await card.getByRole('checkbox', { name: 'Active' }).click()
  await expect(card.locator('.cbo-status')).toHaveText('Inactive')

  // A refused save says why and keeps the form open.
  await page.route('**/api/promotions?*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ message: 'Server says no' }] }),
        })
      : route.continue(),
  )
  await page.getByRole('button', { name: 'Add Promotion' }).click()
  await form.locator('#field-title').fill('Refused')
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText('Server says no')).toBeVisible()
  await expect(form.locator('#field-title')).toHaveValue('Refused')
  await form.locator('.doc-drawer__header-close').click()
  await expect(form).toHaveCount(0)
  await page.unroute('**/api/promotions?*')
  await expect(page.getByTestId('promotion').filter({ hasText: 'Refused' })).toHaveCount(0)

  await page.route('**/api/promotions/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  )
  await card.getByRole('button', { name: 'Delete' }).click()
  await confirmDelete(page, 'Are you sure you want to delete this promotion?')
  await expect(page.getByText('Failed to delete promotion')).toBeVisible()
  await expect(card).toHaveCount(1)
  await page.unroute('**/api/promotions/*')

  // Cancelling keeps it.
  await card.getByRole('button', { name: 'Delete' }).click()
  await page.locator('.confirmation-modal').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.locator('.confirmation-modal')).toHaveCount(0)
  await expect(card).toHaveCount(1)

  await card.getByRole('button', { name: 'Delete' }).click()
  await confirmDelete(page, 'Are you sure you want to delete this promotion?')
  await expect(page.getByText('Promotion deleted successfully')).toBeVisible()
  await expect(card).toHaveCount(0)
})

// A picture for an upload field of `form`, through Payload's own "Create New" drawer of the picture.
async function attachPicture(page: Page, form: Locator, field: 'beforeImage' | 'afterImage', color: string) {
  const drawers = await page.locator('.doc-drawer').count()
  await form.locator(`#field-${field}`).getByRole('button', { name: 'Create New' }).click()
  const picture = page.locator('.doc-drawer').last()
  await picture.locator('input[type=file]').setInputFiles(await png(color))
  await picture.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.locator('.doc-drawer')).toHaveCount(drawers)
  await expect(form.locator(`#field-${field}`).getByRole('button', { name: 'Create New' })).toHaveCount(0)
}

test('gallery: validation, create, edit keeping images, delete, with their notices', async ({ page }) => {
  await page.goto('/admin?tab=gallery')
  const items = page.getByTestId('gallery-item')
  await expect(items.filter({ hasText: 'BMW M3' })).toBeVisible()
  await expect(items.first().getByAltText(/before$/)).toBeVisible()

  await page.getByRole('button', { name: 'Add Gallery Item' }).click()
  const form = editView(page)
  await expect(page.getByRole('button', { name: 'Add Gallery Item' })).toBeDisabled()
  await form.locator('#field-title').fill('Test Audi RS6')
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(form.getByText('Title, before image, and after image are required').first()).toBeVisible()

  await attachPicture(page, form, 'beforeImage', '#aa3333')
  await attachPicture(page, form, 'afterImage', '#33aa33')
  await form.locator('#field-description').fill('Gloss black refinish')
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText('Gallery item created successfully')).toBeVisible()
  await expect(form).toHaveCount(0)
  const card = items.filter({ hasText: 'Test Audi RS6' })
  await expect(items.first()).toContainText('Test Audi RS6')
  await expect(card).toContainText('Gloss black refinish')
  const beforeSrc = await card.getByAltText('Test Audi RS6 before').getAttribute('src')
  expect(beforeSrc).toBeTruthy()

  await card.getByRole('button', { name: 'Edit' }).click()
  await form.locator('#field-title').fill('Test Audi RS6 Avant')
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText('Gallery item updated successfully')).toBeVisible()
  const renamed = items.filter({ hasText: 'Test Audi RS6 Avant' })
  await expect(renamed.getByAltText('Test Audi RS6 Avant before')).toHaveAttribute('src', beforeSrc!)

  await page.route('**/api/gallery-items/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ message: 'Delete is down' }] }),
        })
      : route.continue(),
  )
  await renamed.getByRole('button', { name: 'Delete' }).click()
  await confirmDelete(page, 'Are you sure you want to delete this item?')
  await expect(page.getByText('Delete is down')).toBeVisible()
  await expect(renamed).toHaveCount(1)
  await page.unroute('**/api/gallery-items/*')

  await renamed.getByRole('button', { name: 'Delete' }).click()
  await confirmDelete(page, 'Are you sure you want to delete this item?')
  await expect(page.getByText('Gallery item deleted successfully')).toBeVisible()
  await expect(renamed).toHaveCount(0)
})

test('gallery: a save after the session is gone says so and stores nothing', async ({ page }) => {
  await page.goto('/admin?tab=gallery')
  await page.getByRole('button', { name: 'Add Gallery Item' }).click()
  const form = editView(page)
  await form.locator('#field-title').fill('Orphan')
  await attachPicture(page, form, 'beforeImage', '#111111')
  await attachPicture(page, form, 'afterImage', '#222222')
  await page.context().clearCookies()
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText('User not authenticated')).toBeVisible()
  await signInAsAdmin(page)
  await page.goto('/admin?tab=gallery')
  await expect(page.getByTestId('gallery-item').first()).toBeVisible()
  await expect(page.getByTestId('gallery-item').filter({ hasText: 'Orphan' })).toHaveCount(0)
})

// A quarter second after a change Payload asks the server about the form (a "form-state" server
// action) and merges the answer. A save clicked while that request is under way is answered
// first here: the older answer must not take the save's messages away.
test("gallery: a save clicked while the form is being checked keeps the save's messages", async ({
  page,
}) => {
  await page.goto('/admin?tab=gallery')
  await page.getByRole('button', { name: 'Add Gallery Item' }).click()
  const form = editView(page)
  const isCheck = (request: Request) =>
    new URL(request.url()).pathname === '/admin' && (request.postData() ?? '').includes('"name":"form-state"')
  // Each check waits here until let through.
  const waiting: (() => void)[] = []
  await page.route('**/admin*', async (route) => {
    if (!isCheck(route.request())) return route.fallback()
    await new Promise<void>((letThrough) => waiting.push(letThrough))
    await route.fallback()
  })
  const titleChecked = page.waitForRequest(isCheck)
  await form.locator('#field-title').fill('Test Audi RS6')
  await titleChecked

  await form.getByRole('button', { name: 'Publish changes' }).click()
  const messages = form.getByText('Title, before image, and after image are required')
  await expect(messages).toHaveCount(2)
  // The title's check gets its answer. Next runs server actions one at a time, so the picture's
  // "Create New" drawer, which one renders, opens once the page is done with that answer.
  waiting.shift()!()
  await form.locator('#field-beforeImage').getByRole('button', { name: 'Create New' }).click()
  await expect(page.locator('.doc-drawer').nth(1).locator('input[type=file]')).toBeAttached()
  await expect(messages).toHaveCount(2)
  await page.unrouteAll({ behavior: 'wait' })
})

test("Payload's own create pages of promotions and gallery items render and save", async ({ page }) => {
  const form = page.locator('form.collection-edit__form')
  await page.goto('/admin/collections/promotions/create')
  await form.locator('#field-title').fill('Made on the create page')
  // Inactive: the banner's tests expect the seeded promotion.
  await form.locator('#field-isActive').uncheck()
  // Nothing is filed until the first save.
  expect(page.url()).toMatch(/\/admin\/collections\/promotions\/create$/)
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/promotions\/\d+$/)
  const promotion = Number(page.url().split('/').pop())

  await page.goto('/admin/collections/gallery-items/create')
  await form.locator('#field-title').fill('Made on the create page')
  await attachPicture(page, form, 'beforeImage', '#123456')
  await attachPicture(page, form, 'afterImage', '#654321')
  await form.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/gallery-items\/\d+$/)
  const item = Number(page.url().split('/').pop())

  // Deleted from the page (same origin, its session), so the public pages' tests find the seed.
  const remove = (path: string) =>
    page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, path)
  expect(await remove(`/api/promotions/${promotion}`)).toBe(200)
  expect(await remove(`/api/gallery-items/${item}`)).toBe(200)
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the back office fits the screen', async ({ page }) => {
    await page.goto('/admin?tab=leads')
    await expect(page.getByText(`Welcome, ${DEV_ADMIN.email}`)).toBeVisible()
    await expect(page.getByTestId('lead').first()).toBeVisible()
    await expectFitsScreen(page)
    await page.getByRole('link', { name: 'Promotions & Specials' }).click()
    await expect(page.getByRole('button', { name: 'Add Promotion' })).toBeVisible()
    await expectFitsScreen(page)
    await page.getByRole('link', { name: 'Gallery Management' }).click()
    await expect(page.getByTestId('gallery-item').first()).toBeVisible()
    await expectFitsScreen(page)
  })

  test('the lead list comes first; the chart and the filters fold behind one button', async ({ page }) => {
    await page.goto('/admin?tab=leads')
    await expect(page.getByTestId('lead').first().getByRole('heading')).toBeInViewport()
    const search = page.getByRole('searchbox', { name: 'Search' })
    await expect(search).toBeHidden()
    await expect(page.getByRole('figure', { name: /Leads per week/ })).toBeHidden()
    const fold = page.getByText('Chart and filters')
    expect((await fold.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await fold.click()
    await expect(search).toBeVisible()
    await expect(page.getByRole('figure', { name: /Leads per week/ })).toBeVisible()
    // A filter in use keeps them open.
    await page.goto('/admin?tab=leads&status=new')
    await expect(page.getByLabel('Status')).toHaveValue('new')
  })
})

test.describe('on a 390 px phone, before the scripts run', () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })

  test('the server-rendered back office fits the screen', async ({ page }) => {
    for (const tab of ['leads', 'promotions', 'gallery']) {
      await page.goto(`/admin?tab=${tab}`)
      await expect(page.getByText(`Welcome, ${DEV_ADMIN.email}`)).toBeVisible()
      await expectFitsScreen(page, { scripts: false })
    }
  })
})

// Created over REST from the signed-in page, like everything the owner does.
async function createFromPage<T>(page: Page, collection: string, data: Record<string, unknown>): Promise<T> {
  if (!page.url().includes('/admin')) await page.goto('/admin')
  const result = await page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: await response.text() }
    },
    { path: `/api/${collection}?depth=0`, body: data },
  )
  expect(result.status, result.body).toBe(201)
  return (JSON.parse(result.body) as { doc: T }).doc
}

function createLead(page: Page, data: Record<string, unknown>) {
  return createFromPage<{ id: number; createdAt: string }>(page, 'leads', {
    phone: '512-555-0177',
    description: 'Scuffed rims on all four wheels.',
    serviceType: 'rim_rash',
    ...data,
  })
}

// Uploaded from the signed-in page, as the admin's own upload field does.
async function customerPhoto(page: Page, color: string) {
  if (!page.url().includes('/admin')) await page.goto('/admin')
  const { buffer } = await png(color, 800, 600)
  const result = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const form = new FormData()
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png')
    form.append('_payload', '{}')
    const response = await fetch('/api/customer-uploads?depth=0', { method: 'POST', body: form })
    return { status: response.status, body: await response.text() }
  }, buffer.toString('base64'))
  expect(result.status, result.body).toBe(201)
  return (JSON.parse(result.body) as { doc: { id: number } }).doc.id
}

test.describe('in a browser on the other side of the world', () => {
  test.use({ timezoneId: 'Asia/Tokyo' })

  test("one instant reads the same in Lead Management and Payload's list and edit views: the business's zone", async ({
    page,
  }) => {
    const email = `zone-${Date.now()}@example.com`
    const lead = await createLead(page, { firstName: 'Zelda', lastName: 'Zone', email })
    const expected = formatBusinessDate(lead.createdAt, TIME_ZONE)
    expect(expected).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/)

    await page.goto('/admin?tab=leads')
    await expect(page.getByTestId('lead').filter({ hasText: email })).toContainText(expected)

    await page.goto('/admin/collections/leads')
    const row = page.locator('tbody tr').filter({ hasText: 'Zelda' })
    await expect(row.locator('.cell-createdAt')).toHaveText(expected)

    await page.goto(`/admin/collections/leads/${lead.id}/details`)
    const dates = page.locator('.cbo-document-dates')
    await expect(dates).toContainText(`Created:${expected}`)
    await expect(page.locator('.doc-controls__value-wrap').first()).toBeHidden()

    // The e-mail to the business says when it arrived, in the same words.
    await expect.poll(() => newLeadMail(email), { timeout: 30_000 }).toContain('Zelda Zone')
    expect(newLeadMail(email)).toContain(expected)

    // Its link opens the lead's job page.
    const link = leadLinkOf(newLeadMail(email))
    expect(link, 'the e-mail links to the lead').not.toBeNull()
    expect(link!.pathname).toBe(`/admin/collections/leads/${lead.id}`)
    await page.goto(link!.pathname)
    await expect(page.getByTestId('lead-details').getByRole('heading', { name: 'Zelda Zone' })).toBeVisible()
    // An address of the old lead page, in e-mails already sent, opens the job page.
    await page.goto(`/admin?tab=leads&lead=${lead.id}`)
    await expect(page).toHaveURL(new RegExp(`/admin/collections/leads/${lead.id}$`))
    await expect(page.getByTestId('lead-details').getByRole('heading', { name: 'Zelda Zone' })).toBeVisible()
  })

  test("a work order's due date is its day in Payload's list and edit view, in any zone", async ({
    page,
  }) => {
    // Stored as the day's midnight UTC: in Austin's zone that instant is the evening before.
    const dealership = await createFromPage<{ id: number }>(page, 'dealerships', {
      name: `Zone Motors ${Date.now()}`,
      billingEmail: `zone-motors-${Date.now()}@example.com`,
    })
    const order = await createFromPage<{ id: number }>(page, 'work-orders', {
      dealership: dealership.id,
      dueDate: '2026-12-02',
      vehicles: [
        { stockNumber: 'Z1', vin: '1HGCM82633A004352', wheels: [{ position: 'LF', service: 'rim_rash' }] },
      ],
    })
    await page.goto(`/admin/collections/work-orders?where[id][equals]=${order.id}`)
    await expect(page.locator('tbody tr .cell-dueDate')).toHaveText('Dec 2, 2026')

    await page.goto(`/admin/collections/work-orders/${order.id}/details`)
    const due = page.locator('#field-dueDate')
    await expect(due).toHaveValue('2026-12-02')
    // Typed as a day, stored as that day.
    await due.fill('2026-12-09')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(() =>
        page.evaluate(async (id) => {
          const response = await fetch(`/api/work-orders/${id}?depth=0`)
          return ((await response.json()) as { dueDate: string }).dueDate
        }, order.id),
      )
      .toBe('2026-12-09T00:00:00.000Z')
  })

  test("a promotion's end date is shown and picked on the business's clock", async ({ page }) => {
    // 6:00 PM on New Year's Eve in Austin is 9:00 AM on New Year's Day in Tokyo.
    const endDate = '2027-01-01T00:00:00.000Z'
    const { id } = await createFromPage<{ id: number }>(page, 'promotions', {
      title: 'Zone check',
      discountType: 'percentage',
      discountValue: 5,
      isActive: false,
      endDate,
    })
    const stored = async () =>
      page.evaluate(async (promotion) => {
        const response = await fetch(`/api/promotions/${promotion}?depth=0`)
        return ((await response.json()) as { endDate: string }).endDate
      }, id)
    try {
      await page.goto(`/admin/collections/promotions/${id}`)
      const input = page.locator('#field-endDate input')
      await expect(input).toHaveValue('Dec 31, 2026 6:00 PM')
      await expect(page.locator('#field-endDate').locator('..')).toContainText(`Time zone: ${TIME_ZONE}`)

      await input.fill('Dec 31, 2026 7:30 PM')
      await input.press('Enter')
      // Promotions have drafts: the change is live once published.
      await page.getByRole('button', { name: 'Publish changes', exact: true }).click()
      await expect.poll(stored).toBe('2027-01-01T01:30:00.000Z')
    } finally {
      await page.evaluate(async (promotion) => {
        await fetch(`/api/promotions/${promotion}`, { method: 'DELETE' })
      }, id)
    }
  })
})

test('a lead opens to its full details: every field, its photos full size, call, e-mail and status', async ({
  page,
}) => {
  const email = `details-${Date.now()}@example.com`
  const photos = [await customerPhoto(page, '#884422'), await customerPhoto(page, '#224488')]
  const lead = await createLead(page, {
    firstName: 'Dana',
    lastName: 'Details',
    email,
    phone: '512-555-0123',
    description: 'Deep curb rash on the rear right wheel.\nCar is parked at the office.',
    serviceType: 'wheel_restoration',
    photos,
  })
  await page.goto('/admin?tab=leads&status=new')
  const card = page.getByTestId('lead').filter({ hasText: email })
  await expect(card.getByTestId('lead-photo-count')).toHaveText('2 photos')
  await card.getByRole('link', { name: 'Dana Details' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/collections/leads/${lead.id}$`))
  const details = page.getByTestId('lead-details')
  await expect(details.getByRole('heading', { name: 'Dana Details' })).toBeVisible()
  // Back to the list it was opened from, with its filter.
  await expect(details.getByRole('link', { name: '← All leads' })).toHaveAttribute(
    'href',
    '/admin?tab=leads&status=new',
  )
  await expect(details.getByRole('link', { name: '512-555-0123' })).toHaveAttribute(
    'href',
    'tel:512-555-0123',
  )
  await expect(details.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)
  await expect(details).toContainText('Car is parked at the office.')
  await expect(details).toContainText(formatBusinessDate(lead.createdAt, TIME_ZONE))
  const images = details.getByRole('list', { name: 'Photos' }).getByRole('img')
  await expect(images).toHaveCount(2)
  // How many there are, under each one.
  await expect(details.getByRole('list', { name: 'Photos' })).toContainText('Photo 1 of 2')
  await expect(details.getByRole('list', { name: 'Photos' })).toContainText('Photo 2 of 2')
  // Full size: the stored photo, not its thumbnail.
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800)
  await details.getByRole('button', { name: 'Mark Contacted' }).click()
  await expect(page.getByText('Lead status changed to contacted')).toBeVisible()
  await expect(details.locator('.cbo-status')).toHaveText('Contacted')
  // After a step on the page, the list it came from is no longer known: the whole list.
  await details.getByRole('link', { name: '← All leads' }).click()
  await expect(page).toHaveURL(/\?tab=leads$/)
})

test("a customer's data is erased on request: the dialog lists the leads, exactly those go", async ({
  page,
}) => {
  const email = `erase-${Date.now()}@example.com`
  const phone = `512-555-${String(Date.now()).slice(-4)}`
  const photo = await customerPhoto(page, '#446688')
  const lead = await createLead(page, {
    firstName: 'Erin',
    lastName: 'Eraseme',
    email,
    phone,
    photos: [photo],
  })
  const again = await createLead(page, {
    firstName: 'Erin',
    lastName: 'Again',
    email: email.toUpperCase(),
    phone: '512-555-0000',
  })
  // Someone else on the same number, written another way: phones match by their digits.
  const flatmate = await createLead(page, {
    firstName: 'Frank',
    lastName: 'Flatmate',
    email: `flatmate-${Date.now()}@example.com`,
    phone: `(${phone.slice(0, 3)}) ${phone.slice(4)}`,
  })
  const made = [lead.id, again.id, flatmate.id]
  try {
    await page.goto(`/admin/collections/leads/${lead.id}`)
    const details = page.getByTestId('lead-details')
    await details.getByRole('button', { name: 'Erase customer data' }).click()
    const modal = page.locator('.confirmation-modal')
    await expect(modal.getByRole('heading', { name: "Erase this customer's data?" })).toBeVisible()
    await expect(modal).toContainText(
      `These 3 leads from ${email} or ${phone} lose the name, contact details, description and photos. The leads stay, anonymous, in the counts. This cannot be undone.`,
    )
    await expect(modal.getByTestId('erase-leads').getByRole('listitem')).toHaveText([
      `Erin Eraseme · ${formatBusinessDate(lead.createdAt, TIME_ZONE)}`,
      `Erin Again · ${formatBusinessDate(again.createdAt, TIME_ZONE)}`,
      `Frank Flatmate · ${formatBusinessDate(flatmate.createdAt, TIME_ZONE)}`,
    ])
    // A new request from the customer while the dialog is open is not in the list: it stays.
    const newcomer = await createLead(page, { firstName: 'Erin', lastName: 'Later', email, phone })
    made.push(newcomer.id)
    await modal.getByRole('button', { name: 'Erase 3 leads' }).click()
    await expect(
      page.getByText(
        '3 lead(s) and 1 photo(s) erased. 1 lead(s) that came in since the list was shown were kept.',
      ),
    ).toBeVisible()
    await expect(details.getByRole('heading', { name: 'Erased Customer' })).toBeVisible()
    await expect(details).toContainText('Erased at the customer’s request.')
    await expect(details.getByRole('list', { name: 'Photos' })).toHaveCount(0)
    await expect(details.getByRole('button', { name: 'Erase customer data' })).toHaveCount(0)
    const stored = await page.evaluate(
      async (id) => (await fetch(`/api/customer-uploads/${id}`)).status,
      photo,
    )
    expect(stored).toBe(404)
    const kept = await page.evaluate(
      async (id) =>
        ((await (await fetch(`/api/leads/${id}?depth=0`)).json()) as { lastName: string }).lastName,
      newcomer.id,
    )
    expect(kept).toBe('Later')
  } finally {
    await page.evaluate(
      (ids) => Promise.all(ids.map((id) => fetch(`/api/leads/${id}`, { method: 'DELETE' }))),
      made,
    )
  }
})

test('the back office installs on a phone: a manifest scoped to /admin, opening on the leads', async ({
  page,
}) => {
  await page.goto('/admin?tab=leads')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin.webmanifest')
  await expect(
    page.locator('meta[name="apple-mobile-web-app-capable"], meta[name="mobile-web-app-capable"]'),
  ).not.toHaveCount(0)
  const res = await page.request.get('/admin.webmanifest')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await res.json()) as {
    name: string
    scope: string
    start_url: string
    display: string
    icons: { src: string; sizes: string; type: string }[]
  }
  expect(manifest).toMatchObject({
    name: 'Curbside Rim Co. back office',
    scope: '/admin',
    start_url: '/admin?tab=leads',
    display: 'standalone',
  })
  expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512'])
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src)
    expect(file.status()).toBe(200)
    const { width, height, format } = await sharp(await file.body()).metadata()
    expect(`${width}x${height}`).toBe(icon.sizes)
    expect(format).toBe('png')
  }
  // The public site is not part of it.
  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
})

test('the Lead Management tab shows how many leads are new', async ({ page }) => {
  await createLead(page, { firstName: 'Nina', lastName: 'New', email: `new-${Date.now()}@example.com` })
  const count = await page.evaluate(
    async () =>
      ((await (await fetch('/api/leads?where[status][equals]=new&limit=1')).json()) as { totalDocs: number })
        .totalDocs,
  )
  expect(count).toBeGreaterThan(0)
  await page.goto('/admin?tab=gallery')
  const badge = page.getByRole('link', { name: 'Lead Management' }).locator('.cbo-tab__count')
  await expect(badge).toHaveText(String(count))
  await expect(badge).toHaveAttribute('aria-label', `${count} new`)
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the three tab names are whole and each tab is at least 44 px tall', async ({ page }) => {
    await page.goto('/admin?tab=leads')
    const tabs = page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link')
    await expect(tabs).toHaveCount(3)
    for (const tab of await tabs.all()) {
      const fits = await tab.evaluate((el) => ({
        whole: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
        height: el.getBoundingClientRect().height,
        inView: el.getBoundingClientRect().right <= window.innerWidth,
      }))
      expect(fits, await tab.innerText()).toMatchObject({ whole: true, inView: true })
      expect(fits.height).toBeGreaterThanOrEqual(44)
    }
  })

  test("a lead's call, e-mail and status controls are at least 44 x 44 px, in the list and its details", async ({
    page,
  }) => {
    const email = `thumb-${Date.now()}@example.com`
    const lead = await createLead(page, { firstName: 'Theo', lastName: 'Thumb', email })
    const sizes = async (scope: ReturnType<Page['getByTestId']>) => {
      const controls = [
        scope.getByRole('link', { name: '512-555-0177' }),
        scope.getByRole('link', { name: email }),
        scope.getByRole('button', { name: 'Mark Contacted' }),
      ]
      for (const control of controls) {
        const box = (await control.boundingBox())!
        expect(box.height, await control.innerText()).toBeGreaterThanOrEqual(44)
        expect(box.width, await control.innerText()).toBeGreaterThanOrEqual(44)
      }
    }
    await page.goto('/admin?tab=leads&status=new')
    await sizes(page.getByTestId('lead').filter({ hasText: email }))
    await page.goto(`/admin/collections/leads/${lead.id}`)
    await sizes(page.getByTestId('lead-details'))
    await expectFitsScreen(page)
  })
})

test('the promotions list says which promotion is on the banner now', async ({ page }) => {
  const title = `Banner check ${Date.now()}`
  const { id } = await createFromPage<{ id: number }>(page, 'promotions', {
    title,
    discountType: 'percentage',
    discountValue: 5,
    isActive: true,
    bannerText: 'Banner check: 5% off',
  })
  try {
    await page.goto('/admin?tab=promotions')
    const onBanner = page.getByTestId('promotion').filter({ hasText: 'On the banner now' })
    // The newest live promotion is the banner's, as the site shows it.
    await expect(onBanner).toHaveCount(1)
    await expect(onBanner.getByRole('heading')).toHaveText(title)
    await page.evaluate(
      (promotion) =>
        fetch(`/api/promotions/${promotion}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ isActive: false }),
        }),
      id,
    )
    await page.reload()
    await expect(page.getByTestId('promotion').filter({ hasText: title })).not.toContainText(
      'On the banner now',
    )
  } finally {
    await page.evaluate((promotion) => fetch(`/api/promotions/${promotion}`, { method: 'DELETE' }), id)
  }
})

test('a click right after signing in does what it says', async ({ page }) => {
  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByLabel('Email').fill(DEV_ADMIN.email)
  await page.getByLabel('Password').fill(DEV_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // The first moment the tab is on screen, before anything else has settled.
  await page.getByRole('link', { name: 'Lead Management' }).click()
  await expect(page).toHaveURL(/\/admin\?tab=leads$/)
  await expect(page.getByRole('link', { name: 'Lead Management' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('list', { name: 'Leads' })).toBeVisible()

  await page.goto('/admin?tab=promotions')
  await page.getByRole('link', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login(\?.*)?$/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login(\?.*)?$/)
})

test('the tabs arrive with their lists: the browser fetches none, and no third party is asked for an avatar', async ({
  page,
}) => {
  const requests: URL[] = []
  page.on('request', (request) => requests.push(new URL(request.url())))
  for (const tab of ['gallery', 'promotions', 'leads']) {
    requests.length = 0
    await page.goto(`/admin?tab=${tab}`)
    await page.waitForLoadState('networkidle')
    const lists = requests.filter((url) =>
      /^\/api\/(leads|gallery-items|promotions)(\/count)?$/.test(url.pathname),
    )
    expect(lists.map(String)).toEqual([])
    expect(requests.filter((url) => url.hostname !== new URL(page.url()).hostname).map(String)).toEqual([])
  }
  await expect(page.getByTestId('leads-per-week').locator('tbody tr')).toHaveCount(12)
  await expect(page.getByTestId('account-initials')).toHaveText('A')
})

test.describe('a lead on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('its details fit the screen and its photos swipe one by one', async ({ page }) => {
    const photos = [await customerPhoto(page, '#446688'), await customerPhoto(page, '#668844')]
    const lead = await createLead(page, {
      firstName: 'Phoebe',
      lastName: 'Phonewidth-with-a-rather-long-double-barrelled-surname',
      email: `a-very-long-address-for-a-narrow-screen-${Date.now()}@example.com`,
      photos,
    })
    await page.goto(`/admin/collections/leads/${lead.id}`)
    const strip = page.getByRole('list', { name: 'Photos' })
    await expect(strip.getByRole('img')).toHaveCount(2)
    await expectFitsScreen(page)
    const layout = await strip.evaluate((el) => ({
      snap: getComputedStyle(el).scrollSnapType,
      width: el.clientWidth,
      scroll: el.scrollWidth,
      first: (el.firstElementChild as HTMLElement).offsetWidth,
    }))
    expect(layout.snap).toContain('x')
    expect(layout.first).toBe(layout.width)
    expect(layout.scroll).toBeGreaterThan(layout.width)
    await expect(page.getByRole('button', { name: 'Mark Contacted' })).toBeVisible()
  })
})

test("the home page's ⋮ menu: the owner's opens on its items, staff who may not save get none", async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/admin/globals/home-page')
  await expect(page.locator('.doc-controls__dots')).toBeVisible()

  // Staff may read the home page; only admins may save it (src/globals/HomePage).
  const login = await request.post('/api/users/login', { data: DEV_ADMIN })
  const headers = { authorization: `JWT ${(await login.json()).token}` }
  const staff = { email: `staff-menu-${Date.now()}@example.com`, password: `Rim-${crypto.randomUUID()}` }
  const created = await request.post('/api/users', {
    headers,
    data: { ...staff, role: 'staff', approved: true, _verified: true },
  })
  expect(created.status()).toBe(201)
  const found = await request.get(`/api/users?where[email][equals]=${encodeURIComponent(staff.email)}`, {
    headers,
  })
  const [{ id }] = (await found.json()).docs as { id: number }[]
  const context = await browser.newContext()
  try {
    expect((await context.request.post('/api/users/login', { data: staff })).ok()).toBe(true)
    const staffPage = await context.newPage()
    await staffPage.goto('/admin/globals/home-page')
    await expect(staffPage.locator('.doc-controls')).toBeVisible()
    await expect(staffPage.locator('.doc-controls__dots')).toHaveCount(0)
  } finally {
    await context.close()
    expect((await request.delete(`/api/users/${id}`, { headers })).status()).toBe(200)
  }
})
