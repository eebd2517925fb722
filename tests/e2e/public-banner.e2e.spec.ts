import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'

import {
  adminToken,
  auth,
  expectNoSeriousAxeViolations,
  layoutShifts,
  recordLayoutShifts,
} from '../helpers/public-site'

// The promotion banner on every public page (spec sections 1, 4 and 7). The seed has one
// live promotion, 'Fall Wheel Refresh'; tests that change promotions put it back.

const SEEDED_TEXT = 'Fall special: 15% off any rim repair this season.'
const PUBLIC_PAGES = ['/', '/gallery', '/join-team', '/privacy-policy', '/terms-of-service']

async function seededPromotion(request: APIRequestContext, token: string): Promise<{ id: number }> {
  const res = await request.get('/api/promotions?where[title][equals]=Fall%20Wheel%20Refresh&depth=0', {
    headers: auth(token),
  })
  const { docs } = await res.json()
  expect(docs).toHaveLength(1)
  return docs[0]
}

const banner = (page: Page) => page.locator('#promo-banner')

test.describe.configure({ mode: 'serial' })

test('the newest live promotion shows on every public page: text, code, colour and a close button', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const { id } = await seededPromotion(request, token)
  for (const path of PUBLIC_PAGES) {
    await page.goto(path)
    await expect(banner(page)).toBeVisible()
    await expect(banner(page)).toContainText(SEEDED_TEXT)
    await expect(banner(page).getByText('FALL15', { exact: true })).toBeVisible()
    await expect(banner(page)).toHaveAttribute('data-color', 'gold')
    await expect(banner(page)).toHaveAttribute('data-promo-id', String(id))
    await expect(banner(page).getByRole('button', { name: 'Close promotion banner' })).toBeVisible()
  }
})

test('the 404 page and the login page show it too', async ({ page, request }) => {
  const { id } = await seededPromotion(request, await adminToken(request))
  for (const [path, status] of [
    [`/no-such-page-${Date.now()}`, 404],
    ['/login', 200],
  ] as const) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(status)
    await expect(banner(page)).toBeVisible()
    await expect(banner(page)).toContainText(SEEDED_TEXT)
    await expect(banner(page)).toHaveAttribute('data-promo-id', String(id))
    await expect(banner(page).getByRole('button', { name: 'Close promotion banner' })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
})

test('closing stores the per-promotion mark; the banner stays hidden after a reload and on other pages', async ({
  page,
  request,
}) => {
  const { id } = await seededPromotion(request, await adminToken(request))
  await page.goto('/')
  await banner(page).getByRole('button', { name: 'Close promotion banner' }).click()
  await expect(banner(page)).toHaveCount(0)
  expect(await page.evaluate((key) => localStorage.getItem(key), `promo-banner-dismissed-${id}`)).toBe('true')

  await page.reload()
  await expect(page.locator('#hero-title')).toBeVisible()
  await expect(banner(page)).toBeHidden()
  await page.goto('/gallery')
  await expect(banner(page)).toBeHidden()
})

test('a dismissed banner is hidden before any script of the app runs: no flash, no layout shift', async ({
  page,
  request,
}) => {
  const { id } = await seededPromotion(request, await adminToken(request))
  await page.addInitScript((key) => localStorage.setItem(key, 'true'), `promo-banner-dismissed-${id}`)
  // Without the app's JavaScript (its stylesheet still loads) the page is what the first
  // paint shows.
  const appScript = (url: URL) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js')
  await page.route(appScript, (route) => route.abort())
  await page.goto('/')
  await expect(banner(page)).toHaveCount(1)
  await expect(banner(page)).toBeHidden()
  await page.unroute(appScript)

  await recordLayoutShifts(page)
  await page.goto('/')
  await expect(
    page.getByRole('button', { name: 'Open menu' }).or(page.getByRole('navigation', { name: 'Main' })),
  ).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await layoutShifts(page)).toEqual([])
})

test('a promotion that was not dismissed shows even without the app script (server-rendered)', async ({
  page,
}) => {
  await page.route('**/_next/static/chunks/**', (route) => route.abort())
  await page.goto('/')
  await expect(banner(page)).toBeVisible()
  await expect(banner(page)).toContainText(SEEDED_TEXT)
})

test('changes reach the site without a deploy: a newer promotion, deactivation, deletion', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const seeded = await seededPromotion(request, token)
  let created: number | null = null
  try {
    const res = await request.post('/api/promotions', {
      headers: auth(token),
      data: {
        title: 'Weekend flash sale',
        discountType: 'fixed_amount',
        discountValue: 20,
        bannerText: 'Weekend only: $20 off a headlight refresh.',
        bannerColor: 'not-a-colour',
        isActive: true,
      },
    })
    expect(res.status()).toBe(201)
    created = (await res.json()).doc.id as number

    // The newest live promotion wins; an unknown colour is shown as primary; no code, no code text.
    await page.goto('/')
    await expect(banner(page)).toContainText('Weekend only: $20 off a headlight refresh.')
    await expect(banner(page)).toHaveAttribute('data-color', 'primary')
    await expect(banner(page)).not.toContainText('Use code')

    // Dismissing one promotion does not hide another.
    await page.evaluate((key) => localStorage.setItem(key, 'true'), `promo-banner-dismissed-${seeded.id}`)
    await page.reload()
    await expect(banner(page)).toBeVisible()

    // Ended: gone at once.
    const ended = await request.patch(`/api/promotions/${created}`, {
      headers: auth(token),
      data: { endDate: new Date(Date.now() - 60_000).toISOString() },
    })
    expect(ended.status()).toBe(200)
    await page.evaluate(() => localStorage.clear())
    await page.goto('/gallery')
    await expect(banner(page)).toContainText(SEEDED_TEXT)

    // No live promotion at all: nothing renders.
    const off = await request.patch(`/api/promotions/${seeded.id}`, {
      headers: auth(token),
      data: { isActive: false },
    })
    expect(off.status()).toBe(200)
    await page.goto('/')
    await expect(page.locator('#hero-title')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
  } finally {
    if (created !== null) await request.delete(`/api/promotions/${created}`, { headers: auth(token) })
    await request.patch(`/api/promotions/${seeded.id}`, { headers: auth(token), data: { isActive: true } })
  }
  await page.goto('/')
  await expect(banner(page)).toContainText(SEEDED_TEXT)
})
