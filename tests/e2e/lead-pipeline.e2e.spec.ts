import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext } from '@playwright/test'

import { capturedMails } from '../helpers/captured-mail'
import { quoteLinkPath, writeFourRimsAndCaps } from '../helpers/e2e-quotes'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// From a request to a yes and a review, as the owner works it on a phone: a visitor asks for
// a quote with a promo code, the owner prices and sends it from the lead, the customer
// accepts from the e-mail's link, the lead's timeline tells the story, and the completed job
// brings one review request. Closing a lead as lost takes it out of the working list.

let clients = 0
test.beforeEach(async ({ page }) => {
  clients += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${200 + clients}` })
})

async function leadIdOf(request: APIRequestContext, token: string, email: string): Promise<number> {
  const found = await request.get(`/api/leads?depth=0&where[email][equals]=${encodeURIComponent(email)}`, {
    headers: auth(token),
  })
  const { docs } = (await found.json()) as { docs: { id: number }[] }
  expect(docs).toHaveLength(1)
  return docs[0].id
}

test('a request with a promo code becomes an accepted quote, a timeline and one review request', async ({
  page,
  browser,
  request,
  siteSettings,
}) => {
  test.setTimeout(150_000)
  const token = await adminToken(request)
  await siteSettings({ reviewRequestDelayHours: 0 })
  const email = `pipeline-${Date.now()}@example.com`

  // The visitor, on a phone, with the flyer's code.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/?promo=fall15')
  await page.locator('#quote').scrollIntoViewIfNeeded()
  const form = page.locator('#quote form')
  await expect(form.getByLabel('Promo code')).toHaveValue('FALL15')
  await form.getByLabel('First Name').fill('Paula')
  await form.getByLabel('Last Name').fill('Pipeline')
  await form.getByLabel('Phone').fill('(512) 555-0193')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Description').fill('Curb rash on all four wheels.')
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Request Submitted!')).toBeVisible()
  const leadId = await leadIdOf(request, token, email)

  // The owner prices it: 4 × Rim Rash and one free line, 15% off with FALL15.
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  await page.goto(`/admin/collections/leads/${leadId}`)
  const editor = page.getByTestId('quote-editor')
  await writeFourRimsAndCaps(editor)
  await expect(editor.getByTestId('quote-totals')).toContainText('Total $459')
  await editor.getByRole('button', { name: 'Send quote' }).click()
  await expect(editor.getByTestId('quote-status')).toHaveText('Sent')

  // The customer opens the e-mail's link and accepts.
  const customer = await (await browser.newContext()).newPage()
  await customer.goto(await quoteLinkPath(email))
  await expect(customer.getByTestId('quote-total')).toHaveText('$459')
  await customer.getByRole('button', { name: 'Accept quote' }).click()
  await expect(customer.getByRole('status')).toContainText('You accepted this quote on')
  const business = () => capturedMails('Quote accepted: Paula Pipeline, $459')
  await expect.poll(() => business().length, { timeout: 30_000 }).toBe(1)

  // The lead: Accepted, still quoted, and its timeline newest first.
  await page.reload()
  const details = page.getByTestId('lead-details')
  await expect(editor.getByTestId('quote-status')).toHaveText('Accepted')
  await expect(details).toContainText('Quoted')
  const timeline = page.getByTestId('lead-timeline').locator('li')
  // The business's e-mail about the acceptance may come before or after the reload.
  await expect(page.getByTestId('lead-timeline')).toContainText('Quote accepted')
  await expect(page.getByTestId('lead-timeline')).toContainText('Quote opened by the customer')
  await expect(page.getByTestId('lead-timeline')).toContainText(`Quote sent · ${DEV_ADMIN.email}`)
  await expect(page.getByTestId('lead-timeline')).toContainText('New → Contacted')
  await expect(timeline.last()).toContainText('Request received')
  await expect(timeline.last()).toContainText('promo code FALL15')

  // A note from the van.
  await page.getByLabel('Note').fill('Booked for Friday morning, gate code 4411.')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(timeline.filter({ hasText: 'Booked for Friday morning, gate code 4411.' })).toHaveCount(1)

  // Payload's own list of leads says Accepted too.
  await page.goto(`/admin/collections/leads?where[email][equals]=${encodeURIComponent(email)}`)
  await expect(page.locator('.table tbody tr')).toHaveCount(1)
  await expect(page.locator('.table tbody tr')).toContainText('Accepted')

  // The job done: one review request, sent by the queue.
  await page.goto(`/admin/collections/leads/${leadId}`)
  await page.getByRole('button', { name: 'Mark Completed' }).click()
  await expect(page.getByTestId('lead-details')).toContainText('Completed')
  const reviews = () => capturedMails(email).filter((m) => m.includes('Subject: How did we do?'))
  await expect.poll(() => reviews().length, { timeout: 45_000 }).toBe(1)
  await page.reload()
  await expect(page.getByTestId('lead-timeline')).toContainText('Review request to the customer')
  expect(business()).toHaveLength(1)
})

test('a lead closed as lost reads Lost, offers only what still makes sense, and has its own filter', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const email = `lost-${Date.now()}@example.com`
  const leadId = await staffLead(request, auth(token), {
    firstName: 'Larry',
    lastName: 'Lost',
    email,
    phone: '(512) 555-0194',
    description: 'One bent rim.',
    serviceType: 'rim_restoration',
  })
  await page.setViewportSize({ width: 390, height: 844 })
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  await page.goto(`/admin/collections/leads/${leadId}`)
  await page.getByLabel('Reason').selectOption('no_answer')
  await page.getByRole('button', { name: 'Close as lost' }).click()
  await expect(page.getByTestId('lead-lost')).toHaveText(/Closed as lost: No answer/)
  // Not "New" with its next step, a quote to save or a visit to book: Lost, and Reopen.
  const details = page.getByTestId('lead-details')
  await expect(details.locator('.cbo-status')).toHaveText('Lost')
  for (const name of ['Mark Contacted', 'Save quote', 'Book visit'])
    await expect(details.getByRole('button', { name })).toHaveCount(0)
  await expect(details.getByRole('button', { name: 'Reopen' })).toBeVisible()

  await page.goto(`/admin?tab=leads&q=${encodeURIComponent(email)}`)
  await expect(page.getByText('No leads found.')).toBeVisible()
  await page.getByLabel('Status').selectOption('lost')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/status=lost/)
  const card = page.getByTestId('lead')
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('Larry Lost')
  await expect(card).toContainText('Closed as lost: No answer')
  await expect(card.locator('.cbo-status')).toHaveText('Lost')
  await expect(card.getByRole('button')).toHaveCount(0)

  // Reopened, it is back where it was, with its next step.
  await page.goto(`/admin/collections/leads/${leadId}`)
  await page.getByRole('button', { name: 'Reopen' }).click()
  await expect(details.locator('.cbo-status')).toHaveText('New')
  await expect(details.getByRole('button', { name: 'Mark Contacted' })).toBeVisible()
  await expect(details.getByRole('button', { name: 'Book visit' })).toBeVisible()
})

test('a note and a lost reason given before the page script has loaded are the ones saved', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const leadId = await staffLead(request, auth(token), {
    firstName: 'Sam',
    lastName: 'Slowphone',
    email: `slow-${Date.now()}@example.com`,
    phone: '(512) 555-0195',
    description: 'Two scuffed rims.',
    serviceType: 'rim_restoration',
  })
  await page.setViewportSize({ width: 390, height: 844 })
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)

  // The page's scripts wait, as on a slow connection, while the owner writes.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/_next\/static\/.*\.js/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
  await page.getByLabel('Reason').selectOption('out_of_area')
  await page.getByLabel('Note', { exact: true }).fill('Lives in San Antonio, out of our area.')
  const addNote = page.getByRole('button', { name: 'Add note' })

  release()
  // Once the script runs, the note typed before is the one it sends.
  await expect(page.getByRole('button', { name: 'Close as lost' })).toBeEnabled()
  await addNote.click()
  // On the timeline once; not always first: the job runner's e-mail events land meanwhile.
  await expect(
    page
      .getByTestId('lead-timeline')
      .locator('li')
      .filter({ hasText: 'Lives in San Antonio, out of our area.' }),
  ).toHaveCount(1)
  await expect(page.getByLabel('Note', { exact: true })).toHaveValue('')
  await page.getByRole('button', { name: 'Close as lost' }).click()
  await expect(page.getByTestId('lead-lost')).toHaveText(/Closed as lost: Out of area/)
})

test('a long list of leads turns its pages with named links, before any script has loaded', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const headers = auth(await adminToken(request))
  const lastName = `Pager${Date.now()}`
  const ids: number[] = []
  try {
    // Outside the flow: one lead more than a page holds.
    for (let i = 0; i < 21; i++)
      ids.push(
        await staffLead(request, headers, {
          firstName: `P${i}`,
          lastName,
          email: `${lastName.toLowerCase()}-${i}@example.com`,
          phone: '(512) 555-0174',
          description: 'One scuffed rim.',
          serviceType: 'rim_restoration',
        }),
      )
    await page.setViewportSize({ width: 390, height: 844 })
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    // The page's scripts never load: the owner's taps are the browser's own.
    await page.route(/\/_next\/static\/.*\.js/, (route) => route.abort())
    await page.goto(`/admin?tab=leads&q=${lastName}`, { waitUntil: 'commit' })
    const pager = page.getByRole('navigation', { name: 'Lead pages' })
    await expect(pager).toContainText('Page 1 of 2 (21 leads)')
    await expect(page.getByTestId('lead')).toHaveCount(20)
    await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0)
    await pager.getByRole('link', { name: 'Next page' }).click()
    await expect(pager).toContainText('Page 2 of 2 (21 leads)')
    await expect(page).toHaveURL(/[?&]page=2(&|$)/)
    await expect(page.getByTestId('lead')).toHaveCount(1)
    const axe = await new AxeBuilder({ page }).include('.cbo-pager').analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])
    await pager.getByRole('link', { name: 'Previous page' }).click()
    await expect(pager).toContainText('Page 1 of 2 (21 leads)')
  } finally {
    for (const id of ids) await request.delete(`/api/leads/${id}`, { headers })
  }
})
