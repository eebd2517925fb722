import type { Page } from '@playwright/test'
import sharp from 'sharp'

import { capturedMails } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth } from '../helpers/public-site'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The technician on a 390 px phone: today's work orders in the back office, one opened, each
// wheel marked done with an after photo; the dealership's partner then sees the car done, its
// days in recon and the after photos in the portal.

async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

// Removed as the owner, from a page of the site (the API refuses a cross-site DELETE).
async function removeAsAdmin(page: Page, paths: string[]) {
  for (const path of paths) {
    const status = await page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, path)
    expect({ path, status }).toEqual({ path, status: 200 })
  }
}

// Today in the business's zone (the site's default), as the portal's date input sends it.
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date())

test.describe('the technician on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test.setTimeout(120_000)

  test("marks today's work order's wheels done with after photos; the partner sees them", async ({
    page,
    browser,
    request,
  }) => {
    const headers = auth(await adminToken(request))
    const stamp = Date.now()
    const dealershipName = `Round Rock Ford ${stamp}`
    const made = await request.post('/api/dealerships?depth=0', {
      headers,
      data: { name: dealershipName, billingEmail: `billing-${stamp}@dealer.test` },
    })
    expect(made.status()).toBe(201)
    const dealership = ((await made.json()) as { doc: { id: number } }).doc.id
    const email = `lot-${stamp}@dealer.test`
    const cleanup: string[] = []
    try {
      const order = await request.post('/api/work-orders?depth=0', {
        headers,
        data: {
          dealership,
          poNumber: `PO-${stamp}`,
          roNumber: 'RO-77',
          dueDate: today(),
          vehicles: [
            {
              stockNumber: 'T501',
              vin: 'WP0AB2A93KS114315',
              year: 2019,
              make: 'Porsche',
              model: '911',
              colour: 'Black',
              lotLocation: 'Row B, 4',
              wheels: [
                { position: 'LF', service: 'rim_rash' },
                { position: 'RR', service: 'rim_restoration' },
              ],
            },
          ],
        },
      })
      expect(order.status()).toBe(201)
      const orderId = ((await order.json()) as { doc: { id: number } }).doc.id
      cleanup.push(`/api/work-orders/${orderId}`)
      expect(
        (await request.post(`/api/dealerships/${dealership}/invite`, { headers, data: { email } })).status(),
      ).toBe(200)

      // Staff: the day's schedule, then the work order.
      expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await page.goto('/admin?tab=leads')
      const day = page.getByRole('region', { name: "Today's work orders" })
      await expect(day.getByRole('heading', { name: dealershipName })).toBeVisible()
      await day.getByRole('link', { name: `PO PO-${stamp} · RO RO-77` }).click()
      await expect(page.getByRole('heading', { name: `PO PO-${stamp} · RO RO-77` })).toBeVisible()
      const car = page.getByTestId('technician-car')
      await expect(car).toContainText('T501 · 2019 Porsche 911')
      await expect(car).toContainText('WP0AB2A93KS114315')
      await expect(car).toContainText('Row B, 4')
      await expect(car.getByTestId('car-status')).toHaveText('Received')

      const colours = { 'Left front': '#aa2222', 'Right rear': '#2222aa' }
      for (const [position, colour] of Object.entries(colours)) {
        const wheel = page.getByRole('listitem', { name: `T501 ${position}` })
        await wheel.getByLabel('After photo').setInputFiles(await photo(`${position}.jpg`, colour))
        await wheel.getByRole('button', { name: 'Mark done' }).click()
        await expect(page.getByTestId('wheel-form-notice')).toContainText('Wheel marked done')
        await expect(page.getByRole('listitem', { name: `T501 ${position}` })).toContainText('Done')
      }
      await expect(car.getByTestId('car-status')).toHaveText('Done')
      await expect(page.getByTestId('work-order-status')).toHaveText('Done')
      await expect(page.getByRole('button', { name: 'Mark done' })).toHaveCount(0)

      // The partner, on a phone of its own: done, days in recon, the after photos.
      await expect.poll(() => capturedMails(email).length).toBeGreaterThan(0)
      const link = /\/partners\/invitation\/[0-9a-f]{40}/.exec(capturedMails(email)[0])![0]
      const { baseURL } = test.info().project.use
      const partner = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 } })
      try {
        await partner.goto(link)
        await partner.getByLabel('New password').fill('wheels-done-by-noon')
        await partner.getByLabel('The same password again').fill('wheels-done-by-noon')
        await partner.getByRole('button', { name: 'Set password and open the portal' }).click()
        await expect(partner).toHaveURL(/\/partners$/)
        await partner.goto(`/partners/work-orders/${orderId}`)
        const vehicle = partner.getByTestId('vehicle')
        await expect(vehicle).toContainText('Done')
        await expect(vehicle).toContainText(/Days in recon: \d/)
        const after = vehicle.getByRole('img', { name: 'After' })
        await expect(after).toHaveCount(2)
        for (const img of await after.all()) {
          await expect
            .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
            .toBe(true)
        }
      } finally {
        await partner.close()
      }
    } finally {
      const photos = await request.get(
        `/api/work-order-photos?depth=0&limit=100&where[dealership][equals]=${dealership}`,
        { headers },
      )
      for (const { id } of ((await photos.json()) as { docs: { id: number }[] }).docs)
        cleanup.push(`/api/work-order-photos/${id}`)
      const users = await request.get(
        `/api/users?depth=0&where[email][equals]=${encodeURIComponent(email)}`,
        {
          headers,
        },
      )
      for (const { id } of ((await users.json()) as { docs: { id: number }[] }).docs)
        cleanup.push(`/api/users/${id}`)
      cleanup.push(`/api/dealerships/${dealership}`)
      if (!page.url().startsWith('http')) await page.goto('/')
      expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await removeAsAdmin(page, cleanup)
    }
  })
})
