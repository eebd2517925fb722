import { capturedMails, headerOf } from '../helpers/captured-mail'
import { query } from '../helpers/e2e-db'
import { expect, test } from '../helpers/e2e-test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A dealership's manager on a phone: the hero's dealership card leads to the "Become a partner"
// form, a one-word contact name comes back with its message and what was typed, and the enquiry
// reaches Lead Management as a partner enquiry, under its own source.

test.describe('becoming a partner on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('from the hero’s card to a partner enquiry in Lead Management', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.77' })
    const stamp = Date.now()
    const email = `manager-${stamp}@lamarauto.test`
    const dealership = `Lamar Auto Group ${stamp}`
    try {
      await page.goto('/')
      const hero = page.locator('section[aria-labelledby="hero-title"]')
      await hero.getByRole('link', { name: 'Become a Partner' }).click()
      await expect(page).toHaveURL(/\/become-a-partner$/)
      const form = page.locator('#partner form')
      await form.getByLabel('Dealership').fill(dealership)
      await form.getByLabel('Contact name').fill('Dana')
      await form.getByLabel('Phone').fill('(512) 555-0188')
      await form.getByLabel('Email').fill(email)
      await form.getByLabel('Cars a month').fill('40')
      await form.getByRole('button', { name: 'Become a Partner' }).click()

      await expect(page.locator('#partner [role="alert"]')).toContainText(
        'Please check the highlighted fields.',
      )
      await expect(form.getByText('Enter the contact’s first and last name.')).toBeVisible()
      await expect(form.getByLabel('Contact name')).toHaveAttribute('aria-invalid', 'true')
      await expect(form.getByLabel('Dealership')).toHaveValue(dealership)
      expect(await query('SELECT id FROM leads WHERE email = $1', [email])).toHaveLength(0)

      await form.getByLabel('Contact name').fill('Dana de la Cruz')
      await form.getByRole('button', { name: 'Become a Partner' }).click()
      await expect(page.locator('#partner [role="status"]')).toContainText(
        'Thank you! We will call you within 24 hours to set up your partnership.',
      )

      expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await page.goto('/admin?tab=leads&source=Partner%20enquiry')
      const card = page.getByTestId('lead').filter({ hasText: dealership })
      await expect(card).toContainText('Dana de la Cruz')
      await expect(card).toContainText(`${dealership} · 40 cars a month`)
      await expect(card.getByTestId('lead-origin')).toHaveText('Partner enquiry')
      // The owner's e-mail, sent by the server's own job runner, names the dealership.
      await expect
        .poll(() => capturedMails(email).map((m) => headerOf(m, 'Subject')), { timeout: 30_000 })
        .toEqual([`New partner enquiry: ${dealership} from Dana de la Cruz`])
    } finally {
      const rows = await query<{ id: number }>('SELECT id FROM leads WHERE email = $1', [email])
      if (rows.length) {
        if (!page.url().includes('/admin')) {
          await page.request.post('/api/users/login', { data: DEV_ADMIN })
          await page.goto('/robots.txt')
        }
        for (const { id } of rows) {
          const status = await page.evaluate(
            async (url) => (await fetch(url, { method: 'DELETE' })).status,
            `/api/leads/${id}`,
          )
          expect(status).toBe(200)
        }
      }
    }
  })

  test('without script: the page, a form sent back with its message, and the over-the-limit words', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.78' },
    })
    try {
      const page = await context.newPage()
      await page.goto('/become-a-partner')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become a Partner')
      await expect(page.locator('#partner')).toContainText(
        'Tell us about your dealership and we will call you within 24 hours.',
      )
      // A one-word contact name: refused before anything is stored, so nothing to clean up.
      const form = page.locator('#partner form')
      await form.getByLabel('Dealership').fill('No Script Motors')
      await form.getByLabel('Contact name').fill('Dana')
      await form.getByLabel('Phone').fill('(512) 555-0188')
      await form.getByLabel('Email').fill('noscript@lamarauto.test')
      await form.getByLabel('Cars a month').fill('12')
      await form.getByRole('button', { name: 'Become a Partner' }).click()
      await expect(page).toHaveURL(/\/become-a-partner\?draft=/)
      await expect(form.getByText('Enter the contact’s first and last name.')).toBeVisible()
      await expect(form.getByLabel('Dealership')).toHaveValue('No Script Motors')

      // Where the endpoint's 303 sends a browser over the per-connection limit.
      await page.goto('/become-a-partner?error=rate-limited')
      await expect(page.locator('#partner [role="alert"] p')).toHaveText([
        'Error',
        'Too many partner enquiries from this connection. Please try again in a few minutes.',
      ])
      await expect(page.locator('#partner form').getByLabel('Dealership')).toBeVisible()
    } finally {
      await context.close()
    }
  })
})
