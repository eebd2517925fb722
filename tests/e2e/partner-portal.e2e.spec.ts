import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'

import { capturedMails } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth } from '../helpers/public-site'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A dealership's used-car manager on a 390 px phone: invited by the admin, sets a password from
// the e-mail, sends a work order of two cars and three wheels with photos (a mistyped VIN is
// refused with its reason first), and follows the cars in the portal.

async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

async function tickWheel(
  car: Locator,
  name: string,
  photos: { name: string; mimeType: string; buffer: Buffer }[],
) {
  await car.getByLabel(name).check()
  const position = name.replace(/ \(.*\)$/, '')
  await car.getByLabel(`Photos, ${position}`).setInputFiles(photos)
}

// Removed as the owner, from a page of the site (the API refuses a cross-site DELETE).
async function removeAsAdmin(page: Page, paths: string[]) {
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  for (const path of paths) {
    const status = await page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, path)
    expect({ path, status }).toEqual({ path, status: 200 })
  }
}

test.describe('a dealer partner on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  // The admin's page, an invitation, three uploads and the portal's pages: longer than one page's default.
  test.setTimeout(180_000)

  test('is invited, sends two cars and three wheels with photos, and follows them', async ({
    page,
    request,
  }) => {
    const headers = auth(await adminToken(request))
    const stamp = Date.now()
    const made = await request.post('/api/dealerships?depth=0', {
      headers,
      data: {
        name: `Capital City Motors ${stamp}`,
        billingEmail: `billing-${stamp}@dealer.test`,
        netTermsDays: 30,
      },
    })
    expect(made.status()).toBe(201)
    const dealership = ((await made.json()) as { doc: { id: number } }).doc.id
    const email = `manager-${stamp}@dealer.test`
    const invited = await request.post(`/api/dealerships/${dealership}/invite`, { headers, data: { email } })
    expect(invited.status()).toBe(200)
    // An address with an account already: refused with the reason, read from the production build.
    const again = await request.post(`/api/dealerships/${dealership}/invite`, {
      headers,
      data: { email: DEV_ADMIN.email },
    })
    expect(again.status()).toBe(409)
    expect((await again.json()).errors?.[0]?.message).toBe(
      'An account with this e-mail address exists already.',
    )

    const cleanup: string[] = []
    try {
      await expect.poll(() => capturedMails(email).length).toBeGreaterThan(0)
      const link = /\/partners\/invitation\/[0-9a-f]{40}/.exec(capturedMails(email)[0])![0]
      await page.goto(link)
      await page.getByLabel('New password').fill('lot-sweep-on-fridays')
      await page.getByLabel('The same password again').fill('lot-sweep-on-fridays')
      await page.getByRole('button', { name: 'Set password and open the portal' }).click()
      await expect(page).toHaveURL(/\/partners$/)
      await expect(page.getByRole('heading', { name: 'Work orders' })).toBeVisible()
      await expect(page.getByText('No work orders yet.')).toBeVisible()

      await page.getByRole('link', { name: 'New work order' }).click()
      await page.getByLabel('PO number').first().fill('PO-7781')
      await page.getByLabel('RO number').first().fill('RO-2210')
      const first = page.getByTestId('car').nth(0)
      await first.getByLabel('Stock number').fill('A101')
      await first.getByLabel('VIN').fill('1HGCM82643A004352')
      await first.getByLabel('Make').click()
      await expect(first.getByRole('alert')).toHaveText(
        'This VIN’s check digit (9th character) does not match: check it for a typo.',
      )
      await tickWheel(first, 'Left front (LF)', [await photo('lf.jpg', '#aa2222')])
      await tickWheel(first, 'Right front (RF)', [await photo('rf.jpg', '#22aa22')])
      await page.getByRole('button', { name: 'Send work order' }).click()
      // The form's own message (Next's route announcer is an alert too).
      await expect(page.getByRole('alert').filter({ hasText: /^Car 1: / })).toHaveText(
        'Car 1: This VIN’s check digit (9th character) does not match: check it for a typo.',
      )
      await first.getByLabel('VIN').fill('1hgcm82633a004352')

      await page.getByRole('button', { name: 'Add another car' }).click()
      const second = page.getByTestId('car').nth(1)
      await second.getByLabel('Stock number').fill('A102')
      await second.getByLabel('VIN').fill('JH4KA7561PC008269')
      await tickWheel(second, 'Left rear (LR)', [await photo('lr.jpg', '#2222aa')])
      await page.getByRole('button', { name: 'Send work order' }).click()

      await expect(page).toHaveURL(/\/partners\/work-orders\/\d+$/)
      const order = Number(/(\d+)$/.exec(page.url())![1])
      cleanup.push(`/api/work-orders/${order}`)
      await expect(page.getByRole('heading', { name: 'PO PO-7781 · RO RO-2210' })).toBeVisible()
      const cars = page.getByTestId('vehicle')
      await expect(cars).toHaveCount(2)
      await expect(cars.nth(0)).toContainText('1HGCM82633A004352')
      await expect(cars.nth(0)).toContainText('Received')
      await expect(cars.nth(1)).toContainText('Left rear · Rim Rash / Curbed Rim · To do')
      const before = page.getByRole('img', { name: 'Before' })
      await expect(before).toHaveCount(3)
      // Each photo loads through the access-checked file route.
      for (const img of await before.all()) {
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
          .toBe(true)
      }

      await page.getByRole('link', { name: /Partner portal/ }).click()
      await expect(page.getByRole('link', { name: 'PO PO-7781 · RO RO-2210' })).toBeVisible()
      await expect(page.getByText('A101')).toBeVisible()
    } finally {
      const photos = await request.get(
        `/api/work-order-photos?depth=0&limit=100&where[dealership][equals]=${dealership}`,
        {
          headers,
        },
      )
      const users = await request.get(
        `/api/users?depth=0&where[email][equals]=${encodeURIComponent(email)}`,
        {
          headers,
        },
      )
      for (const { id } of ((await photos.json()) as { docs: { id: number }[] }).docs) {
        cleanup.push(`/api/work-order-photos/${id}`)
      }
      for (const { id } of ((await users.json()) as { docs: { id: number }[] }).docs)
        cleanup.push(`/api/users/${id}`)
      cleanup.push(`/api/dealerships/${dealership}`)
      await removeAsAdmin(page, cleanup)
    }
  })
})
