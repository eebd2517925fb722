import { attachmentOf, capturedMails } from '../helpers/captured-mail'
import { expect, test } from '../helpers/e2e-test'
import { textProperty } from '../helpers/ics'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { QUOTED_LEAD } from '../helpers/quote-fixtures'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A customer who phoned and has no quote: the owner books their visit on the job page from a
// phone; the visit's e-mail and calendar event link a page of the visit, where the customer,
// on a phone too, moves it; the e-mail of the move follows.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

const VISIT_LINK = /https?:\/\/[^\s"<>]+\/visit\/[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{24}/

test("a caller's visit booked by the owner is moved by the customer from the e-mail's link", async ({
  page,
  browser,
  request,
}) => {
  const lastName = `Linked${Date.now()}`
  const email = `${lastName.toLowerCase()}@example.com`
  const leadId = await staffLead(request, auth(await adminToken(request)), {
    ...QUOTED_LEAD,
    lastName,
    email,
  })

  // The owner books the second time offered, on the job page, with taps.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.201' })
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  await page.goto(`/admin/collections/leads/${leadId}`)
  const section = page.getByTestId('lead-visit')
  await expect(section.getByText('No visit booked.')).toBeVisible()
  const times = await section
    .getByLabel('Book for')
    .locator('option')
    .evaluateAll((options) =>
      options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent! })),
    )
  expect(times.length).toBeGreaterThan(1)
  const [first, second] = times
  await section.getByLabel('Book for').selectOption(second.value)
  await section.getByLabel('Street address').fill('2000 E Riverside Dr, Austin')
  await section.getByRole('button', { name: 'Book visit' }).tap()
  await expect(section.getByTestId('lead-visit-time')).toHaveText(second.label)

  // The confirmation links the visit's page, not the home page; so does its calendar event.
  const booked = () => capturedMails(email).filter((m) => m.includes('Subject: Your visit is booked'))
  await expect.poll(() => booked().length, { timeout: 30_000 }).toBe(1)
  const mail = booked()[0]
  expect(mail).toContain('To move or cancel the visit, open the page of your visit.')
  const link = VISIT_LINK.exec(mail)?.[0]
  expect(link).toBeDefined()
  const ics = attachmentOf(mail, 'text/calendar')!
  expect(textProperty(ics, 'URL')).toBe(link)
  expect(textProperty(ics, 'DESCRIPTION')).toContain(`Move or cancel: ${link}`)

  // The customer, on their own phone, opens the link and moves the visit to the first time.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.202' },
  })
  const customer = await phone.newPage()
  const path = new URL(link!).pathname
  const opened = await customer.goto(path)
  expect(opened?.status()).toBe(200)
  expect(opened?.headers()['cache-control']).toContain('no-store')
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(customer.getByRole('heading', { level: 1, name: 'Your visit' })).toBeVisible()
  const booking = customer.getByTestId('visit-booking')
  await expect(booking.getByTestId('visit-time')).toContainText(second.label.split(', ').at(-1)!)
  const day = booking
    .getByTestId('visit-day')
    .filter({ has: customer.locator(`input[value="${first.value}"]`) })
  await day
    .locator('label')
    .filter({ has: customer.locator(`input[value="${first.value}"]`) })
    .tap()
  await day.getByRole('button', { name: 'Move my visit to this time' }).tap()
  await expect(customer.getByTestId('visit-outcome')).toHaveText(
    'Your visit is booked. We e-mailed you the details and a calendar invitation.',
  )
  expect(new URL(customer.url()).pathname).toBe(path)

  // The move's e-mail arrives, with the same link; the owner's job page shows the new time.
  const moved = () => capturedMails(email).filter((m) => m.includes('Subject: Your visit is moved'))
  await expect.poll(() => moved().length, { timeout: 30_000 }).toBe(1)
  expect(VISIT_LINK.exec(moved()[0])?.[0]).toBe(link)
  await page.goto(`/admin/collections/leads/${leadId}`)
  await expect(section.getByTestId('lead-visit-time')).toHaveText(first.label)

  // A tampered link opens nothing.
  const tampered = await customer.goto(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`)
  expect(tampered?.status()).toBe(404)
  await expect(customer.getByRole('heading', { name: 'This link does not open a visit' })).toBeVisible()
  await phone.close()
})
