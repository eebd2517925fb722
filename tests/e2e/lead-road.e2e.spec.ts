import type { Page } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { formatBusinessDate } from '../../src/lib/business-time'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The owner on the road, on a phone whose connection has not brought the back office's script
// yet: a status tap and a note post as plain forms, and the page the server answers with shows
// the result; the script, once loaded, does the same in place. Completing a lead whose visit is
// still ahead asks first, naming the visit, with or without the script.

const TIME_ZONE = 'America/Chicago' // the seeded SiteSettings default
const SCRIPTS = /\/_next\/static\/.*\.js/

test.use({ viewport: { width: 390, height: 844 } })

let clients = 0
test.beforeEach(async ({ page }) => {
  clients += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${150 + clients}` })
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
})

// Deleted from the signed-in page (same origin, its session).
async function removeLeads(page: Page, ids: number[]) {
  if (!page.url().includes('/admin')) await page.goto('/admin?tab=gallery')
  await page.evaluate(
    (all) => Promise.all(all.map((id) => fetch(`/api/leads/${id}`, { method: 'DELETE' }))),
    ids,
  )
}

async function storedStatus(page: Page, id: number): Promise<string> {
  return page.evaluate(
    async (lead) => ((await (await fetch(`/api/leads/${lead}?depth=0`)).json()) as { status: string }).status,
    id,
  )
}

test("a status tap and a note made before the back office's script has loaded change the lead", async ({
  page,
  request,
}) => {
  const headers = auth(await adminToken(request))
  const id = await staffLead(request, headers, {
    firstName: 'Rhoda',
    lastName: 'Road',
    email: `road-${Date.now()}@example.com`,
    phone: '(512) 555-0196',
    description: 'Curb rash, front left.',
    serviceType: 'rim_rash',
  })
  try {
    // The script never arrives: every page below is the server's HTML alone.
    await page.route(SCRIPTS, (route) => route.abort())
    await page.goto(`/admin/collections/leads/${id}`, { waitUntil: 'commit' })
    const details = page.getByTestId('lead-details')
    const notice = page.getByTestId('lead-form-notice')
    await details.getByRole('button', { name: 'Mark Contacted' }).click()
    await expect(notice).toContainText('Status Updated')
    await expect(notice).toContainText('Lead status changed to contacted')
    await expect(details.locator('.cbo-status')).toHaveText('Contacted')
    expect(await storedStatus(page, id)).toBe('contacted')

    await page.getByLabel('Note', { exact: true }).fill('Gate code 4411, call from the corner.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(notice).toContainText('Note added')
    // On the timeline once; not always first: the job runner's e-mail events land meanwhile.
    await expect(
      page
        .getByTestId('lead-timeline')
        .locator('li')
        .filter({ hasText: 'Gate code 4411, call from the corner.' }),
    ).toHaveCount(1)

    // A form tampered with is refused, says why, and changes nothing.
    await details.locator('input[name="status"]').evaluate((input: HTMLInputElement) => {
      input.value = 'completed'
    })
    await details.getByRole('button', { name: 'Mark Quoted' }).click()
    await expect(notice).toContainText(
      "Failed to update lead status: a lead's status moves one step forward at a time.",
    )
    await expect(details.locator('.cbo-status')).toHaveText('Contacted')
    expect(await storedStatus(page, id)).toBe('contacted')

    // With the script, the same tap answers in place with the same notice (the page is not
    // loaded again: the mark stays), and the address no longer repeats the outcome.
    await page.unroute(SCRIPTS)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Close as lost' })).toBeEnabled()
    await expect(page).not.toHaveURL(/[?&](done|error)=/)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await details.getByRole('button', { name: 'Mark Quoted' }).click()
    await expect(notice).toContainText('Lead status changed to quoted')
    await expect(details.locator('.cbo-status')).toHaveText('Quoted')
    await expect(page).not.toHaveURL(/[?&](done|error)=/)
    await page.getByLabel('Note', { exact: true }).fill('Customer prefers mornings.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(notice).toContainText('Note added')
    await expect(page.getByTestId('lead-timeline')).toContainText('Customer prefers mornings.')
    // Emptied once recorded, so a second tap cannot add it twice.
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('')
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  } finally {
    await page.unroute(SCRIPTS)
    await removeLeads(page, [id])
  }
})

test('Mark Completed on a lead whose visit is days ahead asks first, naming it, and cancels the visit', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const headers = auth(await adminToken(request))
  const lead = (lastName: string) =>
    staffLead(request, headers, {
      firstName: 'Vic',
      lastName,
      email: `${lastName.toLowerCase()}-${Date.now()}@example.com`,
      phone: '(512) 555-0197',
      description: 'Two bent rims.',
      serviceType: 'rim_restoration',
      status: 'quoted',
    })
  const ids = [await lead('Withscript'), await lead('Withoutscript')]
  try {
    // Visits about six days ahead: the latest open times the lead's page offers.
    await page.goto(`/admin/collections/leads/${ids[0]}`)
    const starts = await page
      .getByLabel('Book for')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    const later = starts.filter((s) => Date.parse(s) > Date.now() + 5 * 24 * 3600 * 1000).slice(-2)
    expect(later).toHaveLength(2)
    for (const [i, start] of later.entries()) {
      const booked = await request.post('/api/visits/book', {
        headers,
        data: { lead: ids[i], start, address: '1200 Barton Springs Rd' },
      })
      expect(booked.status()).toBe(201)
    }
    const question = (start: string) =>
      `The visit on ${formatBusinessDate(start, TIME_ZONE)} is still ahead. Marking the lead completed cancels that visit and tells the customer.`

    // With the script: the same question, in place; "Keep the visit" keeps it.
    await page.goto(`/admin/collections/leads/${ids[0]}`)
    const details = page.getByTestId('lead-details')
    const confirm = page.getByTestId('lead-complete-confirm')
    await expect(page.getByRole('button', { name: 'Close as lost' })).toBeEnabled()
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await details.getByRole('button', { name: 'Mark Completed' }).click()
    await expect(confirm).toContainText(question(later[0]))
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    await confirm.getByRole('link', { name: 'Keep the visit' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(details.locator('.cbo-status')).toHaveText('Quoted')
    await expect(page.getByTestId('lead-visit-time')).toBeVisible()
    await details.getByRole('button', { name: 'Mark Completed' }).click()
    await confirm.getByRole('button', { name: 'Mark Completed and cancel the visit' }).click()
    await expect(page.getByTestId('lead-form-notice')).toContainText('Lead status changed to completed')
    await expect(details.locator('.cbo-status')).toHaveText('Completed')
    await expect(page.getByTestId('lead-visit')).toContainText('No visit booked.')

    // Without it: the question on the page the server answers with.
    await page.route(SCRIPTS, (route) => route.abort())
    await page.goto(`/admin/collections/leads/${ids[1]}`, { waitUntil: 'commit' })
    await details.getByRole('button', { name: 'Mark Completed' }).click()
    await expect(confirm).toContainText(question(later[1]))
    await expect(details.locator('.cbo-status')).toHaveText('Quoted')
    await confirm.getByRole('button', { name: 'Mark Completed and cancel the visit' }).click()
    await expect(page.getByTestId('lead-form-notice')).toContainText('Lead status changed to completed')
    await expect(details.locator('.cbo-status')).toHaveText('Completed')
    await expect(page.getByTestId('lead-visit')).toContainText('No visit booked.')

    const live = await request.get(
      `/api/visits?depth=0&where[lead][in]=${ids.join(',')}&where[cancelledAt][exists]=false`,
      { headers },
    )
    expect((await live.json()).totalDocs).toBe(0)
  } finally {
    await page.unroute(SCRIPTS)
    await removeLeads(page, ids)
  }
})
