import type { Page } from '@playwright/test'

import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { expect, test } from '../helpers/e2e-test'
import { removeAsAdmin } from '../helpers/partners-e2e'
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

test.describe("Payload's lists of money and dealers on a 390 px phone", () => {
  test.use({ viewport: PHONE })

  // How far a list reaches past the screen: the page itself, and the table inside its own
  // scroll box (where columns off to the side are just as unseen).
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const table = document.querySelector('.collection-list .table')!
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: table.scrollWidth - table.clientWidth,
      }
    })

  test('show every column within the screen, long names wrapped', async ({ page, request }) => {
    test.setTimeout(90_000)
    // Set up through the API (not under test): one row in each list, with long names.
    const headers = auth(await adminToken(request))
    const stamp = Date.now()
    const email = `lists-${stamp}@example.com`
    const leadId = await staffLead(request, headers, {
      ...QUOTED_LEAD,
      firstName: 'Alexandria',
      lastName: `Montgomery-Whitfield${stamp}`,
      email,
    })
    const cleanup: string[] = []
    try {
      const draft = await request.post('/api/invoices?depth=0', {
        headers,
        data: {
          lead: leadId,
          kind: 'invoice',
          lines: [{ description: 'Rim', quantity: 3, unitCents: 41_250 }],
        },
      })
      expect(draft.status()).toBe(201)
      const invoice = (await draft.json()).doc.id as number
      expect((await request.post(`/api/invoices/${invoice}/send`, { headers })).status()).toBe(200)
      const paid = await request.post('/api/payments?depth=0', {
        headers,
        data: { invoice, kind: 'payment', method: 'check', amountCents: 100_000 },
      })
      expect(paid.status()).toBe(201)
      const dealership = await request.post('/api/dealerships?depth=0', {
        headers,
        data: {
          name: `Northwest Austin Luxury Motors ${stamp}`,
          billingEmail: `accounts-payable-department-${stamp}@northwest-austin-luxury.example.com`,
        },
      })
      expect(dealership.status()).toBe(201)
      const dealershipId = (await dealership.json()).doc.id as number
      const order = await request.post('/api/work-orders?depth=0', {
        headers,
        data: {
          dealership: dealershipId,
          vehicles: [
            {
              stockNumber: 'S1',
              vin: '1HGCM82633A004352',
              wheels: [{ position: 'LF', service: 'rim_rash' }],
            },
          ],
        },
      })
      expect(order.status()).toBe(201)
      cleanup.push(`/api/work-orders/${(await order.json()).doc.id}`, `/api/dealerships/${dealershipId}`)

      expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      const widths: Record<string, unknown> = {}
      for (const slug of ['invoices', 'payments', 'work-orders', 'dealerships']) {
        await page.goto(`/admin/collections/${slug}`)
        await expect(page.locator('.collection-list tbody tr').first()).toBeVisible()
        widths[slug] = await overflow(page)
      }
      expect(widths).toEqual({
        invoices: { page: 0, table: 0 },
        payments: { page: 0, table: 0 },
        'work-orders': { page: 0, table: 0 },
        dealerships: { page: 0, table: 0 },
      })
    } finally {
      expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await page.goto('/privacy-policy')
      if (cleanup.length) await removeAsAdmin(page, cleanup)
      expect(await eraseThenDeleteLead(page, leadId, email)).toEqual([200, 200])
    }
  })
})
