import { expect, test } from '../helpers/e2e-test'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A promotion prepared now goes on the banner at its time: the owner schedules its publish
// in the admin, and the job queue publishes it with nobody signed in or visiting the admin.

const BANNER = 'Friday special: 20% off every rim repair.'

test('a promotion scheduled for the next minute reaches the banner by itself', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const login = await request.post('/api/users/login', { data: DEV_ADMIN })
  const { token } = (await login.json()) as { token: string }
  const headers = { Authorization: `JWT ${token}` }
  const made = await request.post('/api/promotions?draft=true', {
    headers,
    data: {
      title: 'Friday Special',
      discountCode: 'FRIDAY20',
      discountType: 'percentage',
      discountValue: 20,
      bannerText: BANNER,
      bannerColor: 'primary',
    },
  })
  expect(made.ok()).toBe(true)
  const { id } = ((await made.json()) as { doc: { id: number } }).doc
  try {
    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    await visitor.goto('/')
    await expect(visitor.locator('#promo-banner')).not.toContainText(BANNER)

    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await page.goto(`/admin/collections/promotions/${id}`)
    // The publish button's menu holds "Schedule Publish".
    await page.locator('.btn--withPopup .popup-button').first().click()
    await page.locator('#schedule-publish').click()
    // For a promotion never published, Payload's drawer starts on "Unpublish".
    await page.locator('.radio-input__label', { hasText: /^Publish$/ }).click()
    // The next whole minute at least 20 s away (the picker takes minutes; the few taps to save
    // take seconds), in the browser's own zone, as the picker writes it.
    const when = await page.evaluate(() => {
      const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000)
      const date = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
      const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
      return { text: `${date} ${time}`, at: at.getTime() }
    })
    const picker = page.locator('#time input')
    await picker.fill(when.text)
    await picker.press('Enter')
    await page.locator('#scheduled-publish-save').click()
    await expect(page.getByText('Scheduled successfully.')).toBeVisible()

    // The back office lists it as scheduled, not on the banner yet.
    await page.goto('/admin?tab=promotions')
    const card = page.getByTestId('promotion').filter({ hasText: 'Friday Special' })
    await expect(card).toContainText('Scheduled for')
    await expect(card).not.toContainText('On the banner now')
    // Nobody signed in from here on: the owner's session ends.
    await page.context().clearCookies()

    await expect(async () => {
      await visitor.goto('/')
      await expect(visitor.locator('#promo-banner')).toContainText(BANNER, { timeout: 1_000 })
    }).toPass({ timeout: 120_000, intervals: [2_000] })
    expect(Date.now()).toBeGreaterThanOrEqual(when.at)
    await visitorContext.close()
  } finally {
    await request.delete(`/api/promotions/${id}`, { headers })
  }
})
