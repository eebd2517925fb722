import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth } from '../helpers/public-site'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A customer phones: staff types the lead into the Leads create form on a phone, with only a
// name and a phone and their agreement to texts, and lands on the job page, whose timeline
// says who recorded that agreement and when.

const PHONE = { width: 390, height: 844 }

test.describe('a lead typed in by staff on a 390 px phone', () => {
  test.use({ viewport: PHONE })

  test('a name, a phone and "Agreed to texts" are enough; the job page shows who and when', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000)
    await page.goto('/login')
    await page.getByLabel('Email').fill(DEV_ADMIN.email)
    await page.getByLabel('Password').fill(DEV_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    // The back office's first load on a cold server can take a while.
    await expect(page.getByText(`Welcome, ${DEV_ADMIN.email}`)).toBeVisible({ timeout: 60_000 })

    const lastName = `Phoned ${Date.now()}`
    await page.goto('/admin/collections/leads/create')
    await expect(page.locator('#field-firstName')).toBeEditable({ timeout: 60_000 })
    await page.locator('#field-firstName').fill('Paula')
    await page.locator('#field-lastName').fill(lastName)
    await page.locator('#field-phone').fill('(512) 555-0177')
    await page.getByLabel('Agreed to texts', { exact: true }).check()
    const before = Date.now()
    await page.getByRole('button', { name: 'Save', exact: true }).click()

    await expect(page).toHaveURL(/\/admin\/collections\/leads\/\d+$/, { timeout: 60_000 })
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    const token = await adminToken(request)
    try {
      const timeline = page.getByTestId('lead-timeline')
      const consent = timeline.locator('li').filter({ hasText: 'Agreed to texts' })
      await expect(consent).toHaveCount(1)
      await expect(consent).toContainText(`· ${DEV_ADMIN.email}`)
      await expect(consent).toContainText('By phone')
      const at = Date.parse((await consent.locator('time').getAttribute('datetime')) ?? '')
      expect(at).toBeGreaterThanOrEqual(before - 1000)
      expect(at).toBeLessThanOrEqual(Date.now())

      const lead = await (await request.get(`/api/leads/${id}?depth=1`, { headers: auth(token) })).json()
      expect(lead).toMatchObject({
        firstName: 'Paula',
        lastName,
        phone: '(512) 555-0177',
        textConsentByPhone: true,
        textConsentBy: { email: DEV_ADMIN.email },
        enteredBy: { email: DEV_ADMIN.email },
      })
      expect(Math.abs(Date.parse(lead.textConsentAt) - at)).toBeLessThan(5000)
    } finally {
      await request.delete(`/api/leads/${id}`, { headers: auth(token) })
    }
  })
})
