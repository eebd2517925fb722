import type { Page } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { QUOTED_LEAD } from '../helpers/quote-fixtures'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Money in Payload's own views is typed and read in dollars and cents, and stored in cents.

const PHONE = { width: 390, height: 844 }

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.payload-toast-item').filter({ hasText: text })

test.describe("an invoice's money on a 390 px phone", () => {
  test.use({ viewport: PHONE })

  test('a unit price typed in dollars is stored in cents and listed in dollars', async ({
    page,
    request,
  }) => {
    // Set up through the API (not under test): a lead and its drafted invoice.
    const token = await adminToken(request)
    const customerName = `Dana Dollars ${Date.now()}`
    const leadId = await staffLead(request, auth(token), {
      ...QUOTED_LEAD,
      email: `money-${Date.now()}@example.com`,
    })
    const draft = await request.post('/api/invoices?depth=0', {
      headers: auth(token),
      data: {
        lead: leadId,
        kind: 'invoice',
        customerName,
        lines: [{ description: 'Rim rash repair', quantity: 1, unitCents: 100 }],
      },
    })
    expect(draft.status()).toBe(201)
    const invoiceId = (await draft.json()).doc.id as number

    try {
      expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await page.goto(`/admin/collections/invoices/${invoiceId}`)
      const unit = page.locator('#field-lines__0__unitCents')
      await expect(unit).toHaveValue('$1.00')
      await expect(page.locator('#field-lines__0__amountCents')).toHaveValue('$1.00')
      await expect(page.getByText('(cents)')).toHaveCount(0)
      // The lead picker names the customer, not an e-mail address.
      await expect(page.locator('#field-lead')).toContainText('Quinn Quote')
      await expect(page.locator('#field-lead')).not.toContainText('@')

      await unit.fill('$125.50')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(toast(page, /updated successfully/i)).toBeVisible()
      await expect(unit).toHaveValue('$125.50')
      await expect(page.locator('#field-totalCents')).toHaveValue('$125.50')

      const saved = await request.get(`/api/invoices/${invoiceId}?depth=0`, { headers: auth(token) })
      expect(await saved.json()).toMatchObject({
        lines: [{ unitCents: 12_550, amountCents: 12_550 }],
        totalCents: 12_550,
        status: 'draft',
      })

      // The list: number (a draft reads "Draft"), who, amount in dollars, state.
      await page.goto(`/admin/collections/invoices?where[id][equals]=${invoiceId}`)
      const row = page.locator('tbody tr').filter({ hasText: customerName })
      await expect(row).toHaveCount(1)
      await expect(row.getByRole('link', { name: 'Draft', exact: true })).toHaveAttribute(
        'href',
        `/admin/collections/invoices/${invoiceId}`,
      )
      await expect(row).toContainText('$125.50')
      await expect(row).not.toContainText('12550')
    } finally {
      await request.delete(`/api/invoices/${invoiceId}`, { headers: auth(token) })
      await request.delete(`/api/leads/${leadId}`, { headers: auth(token) })
    }
  })
})
