import { expect, test } from '../helpers/e2e-test'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Payload's menu on a phone: shut while the page starts (src/server/patches/
// payload-nav-first-frame.css), open on a tap.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

type Menu = { openedHydrated: boolean; opacities: string[]; wrapX: number[]; shifts: number }

test.beforeEach(async ({ page }) => {
  const response = await page.request.post('/api/users/login', { data: DEV_ADMIN })
  expect(response.ok()).toBe(true)
  // Before each paint (a mutation observer's callback runs before the frame): whenever
  // Payload's template is hydrated with its menu open, how the menu and the page look.
  await page.addInitScript(() => {
    const menu: Menu = { openedHydrated: false, opacities: [], wrapX: [], shifts: 0 }
    Object.assign(window, { menu })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[])
        if (!entry.hadRecentInput) menu.shifts += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
    new MutationObserver(() => {
      const template = document.querySelector('.template-default')
      const open = template?.classList.contains('template-default--nav-open')
      if (!open || !template?.classList.contains('template-default--nav-hydrated')) return
      if (template.classList.contains('template-default--nav-animate')) return
      menu.openedHydrated = true
      const nav = document.querySelector('.nav')
      menu.opacities.push(nav ? getComputedStyle(nav).opacity : 'no menu')
      menu.wrapX.push(document.querySelector('.template-default__wrap')?.getBoundingClientRect().x ?? -1)
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true })
  })
})

test('on a phone the menu stays shut while the page starts, nothing shifts, and a tap opens it', async ({
  page,
}) => {
  await page.goto('/admin?tab=promotions')
  const template = page.locator('.template-default')
  await expect(template).toHaveClass(/template-default--nav-animate/)
  const menu = await page.evaluate(() => (window as unknown as { menu: Menu }).menu)
  expect(
    menu.openedHydrated,
    'Payload no longer starts with its menu open on a phone: remove src/server/patches/payload-nav-first-frame.css',
  ).toBe(true)
  expect(
    menu.opacities.every((o) => o === '0'),
    menu.opacities.join(' '),
  ).toBe(true)
  expect(
    menu.wrapX.every((x) => x === 0),
    menu.wrapX.join(' '),
  ).toBe(true)
  expect(menu.shifts).toBeLessThan(0.1)

  const nav = page.locator('.nav')
  await expect.poll(() => nav.evaluate((el) => getComputedStyle(el).opacity)).toBe('0')
  await page.getByRole('button', { name: 'Open Menu' }).filter({ visible: true }).tap()
  await expect.poll(() => nav.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
  await page.getByRole('link', { name: 'Gallery Items', exact: true }).tap()
  await expect(page).toHaveURL(/\/admin\/collections\/gallery-items(\?.*)?$/)
})
