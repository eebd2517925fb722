import type { APIRequestContext, Locator, Page } from '@playwright/test'
import sharp from 'sharp'

import { capturedMails } from './captured-mail'
import { expect } from './e2e-test'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// What the dealer partner end-to-end files share: photos to send, a wheel ticked in the new
// work order form, the invitation followed from the captured e-mail, and the clean-up as the owner.

export async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

export type Photo = Awaited<ReturnType<typeof photo>>

/** Ticks a wheel in the new work order form ("Left front (LF)") and adds its photos. */
export async function tickWheel(car: Locator, name: string, photos: Photo[]) {
  await car.getByLabel(name).check()
  const position = name.replace(/ \(.*\)$/, '')
  await car.getByLabel(`Photos, ${position}`).setInputFiles(photos)
}

/** Follows the invitation e-mailed to `email`, sets the password and lands in the portal. */
export async function acceptInvitation(page: Page, email: string, password: string) {
  // The newest invitation among whatever else the address was sent.
  const invitation = () =>
    capturedMails(email)
      .map((mail) => /\/partners\/invitation\/[0-9a-f]{40}/.exec(mail)?.[0])
      .find(Boolean)
  await expect.poll(invitation).toBeTruthy()
  await page.goto(invitation()!)
  // The page says whose account it is, and gives password managers the login to save.
  await expect(page.getByTestId('invitation-for')).toContainText(`For ${email}`)
  await expect(page.locator('input[autocomplete="username"]')).toHaveValue(email)
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('The same password again').fill(password)
  await page.getByRole('button', { name: 'Set password and open the portal' }).click()
  await expect(page).toHaveURL(/\/partners$/)
}

/** A dealership made by the owner over the API (set-up outside a partner's flow); its id. */
export async function newDealership(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
): Promise<number> {
  const made = await request.post('/api/dealerships', { headers, data })
  expect(made.status()).toBe(201)
  return ((await made.json()) as { doc: { id: number } }).doc.id
}

/** The owner invites `email` to the dealership; the partner accepts in `page` and lands in the portal. */
export async function invitedPartner(
  page: Page,
  request: APIRequestContext,
  headers: Record<string, string>,
  dealership: number,
  email: string,
  password: string,
) {
  const invited = await request.post(`/api/dealerships/${dealership}/invite`, { headers, data: { email } })
  expect(invited.status()).toBe(200)
  await acceptInvitation(page, email, password)
}

type Docs = { docs: { id: number }[] }

/** The dealership's photos and partner account, then the dealership: the paths to delete, in order. */
export async function dealershipLeftovers(
  request: APIRequestContext,
  headers: Record<string, string>,
  dealership: number,
  email: string,
): Promise<string[]> {
  const photos = await request.get(
    `/api/work-order-photos?depth=0&limit=100&where[dealership][equals]=${dealership}`,
    { headers },
  )
  const users = await request.get(`/api/users?depth=0&where[email][equals]=${encodeURIComponent(email)}`, {
    headers,
  })
  return [
    ...((await photos.json()) as Docs).docs.map(({ id }) => `/api/work-order-photos/${id}`),
    ...((await users.json()) as Docs).docs.map(({ id }) => `/api/users/${id}`),
    `/api/dealerships/${dealership}`,
  ]
}

// Removed as the owner, from a page of the site (the API refuses a cross-site DELETE).
export async function removeAsAdmin(page: Page, paths: string[]) {
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  if (!page.url().startsWith('http')) await page.goto('/robots.txt')
  for (const path of paths) {
    const status = await page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, path)
    expect({ path, status }).toEqual({ path, status: 200 })
  }
}
