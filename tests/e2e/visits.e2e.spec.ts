import type { APIRequestContext, Locator, Page } from '@playwright/test'

import { attachmentOf, capturedMails } from '../helpers/captured-mail'
import { quoteLinkPath, sentQuote } from '../helpers/e2e-quotes'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { QUOTED_LEAD } from '../helpers/quote-fixtures'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A booked visit from the quote page: a visitor in 78704 asks, gets a quote, accepts and books
// tomorrow's first slot (or the next open day's); the confirmation carries a calendar
// invitation at that time in Austin; the owner sees the day on a phone; the customer moves the
// visit, and another customer is no longer offered the time it took.

const TZ = 'America/Chicago'
const dayLabel = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'long', month: 'long', day: 'numeric' }).format(
    date,
  )
const timeLabel = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' }).format(date)

let clients = 0
test.beforeEach(async ({ page }) => {
  clients += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${230 + clients}` })
})

// The day to book: tomorrow when it has open times, else the first day that has.
async function dayToBook(page: Page) {
  const booking = page.getByTestId('visit-booking')
  const tomorrow = booking.locator('fieldset', { hasText: dayLabel(new Date(Date.now() + 24 * 3_600_000)) })
  return (await tomorrow.count()) ? tomorrow : booking.locator('fieldset').first()
}

const VERA_ADDRESS = '1234 S Congress Ave, Austin'

async function expectMapLink(link: Locator, address: string) {
  await expect(link).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
  )
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
}

// Removed as the owner, from a page of the site (the API refuses a cross-site DELETE); its quote
// and visit go with it.
async function deleteLead(page: Page, id: number) {
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  const status = await page.evaluate(
    async (url) => (await fetch(url, { method: 'DELETE' })).status,
    `/api/leads/${id}`,
  )
  expect(status).toBe(200)
}

async function liveVisitsOf(request: APIRequestContext, lead: number): Promise<number> {
  const res = await request.get(
    `/api/visits?depth=0&where[lead][equals]=${lead}&where[cancelledAt][exists]=false`,
    { headers: auth(await adminToken(request)) },
  )
  expect(res.status()).toBe(200)
  return ((await res.json()) as { totalDocs: number }).totalDocs
}

async function accept(page: Page, path: string) {
  await page.goto(path)
  await page.getByRole('button', { name: 'Accept quote' }).click()
  await expect(page.getByRole('heading', { name: 'Pick a time for the visit' })).toBeVisible()
}

test('a customer books, gets the invitation and moves the visit; the owner sees the day on a phone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000)
  const email = `visit-${Date.now()}@example.com`
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.locator('#quote').scrollIntoViewIfNeeded()
  const form = page.locator('#quote form')
  await form.getByLabel('First Name').fill('Vera')
  await form.getByLabel('Last Name').fill('Visit')
  await form.getByLabel('Phone').fill('(512) 555-0195')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Street address (optional)').fill(VERA_ADDRESS)
  await form.getByLabel('ZIP code (optional)').fill('78704')
  await form.getByLabel('Vehicle, make and model (optional)').fill('Subaru Outback')
  await form.getByLabel('Description').fill('Curb rash on the front right wheel.')
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Request Submitted!')).toBeVisible()
  await expect(page.getByText('Outside our usual area')).toHaveCount(0)

  const token = await adminToken(request)
  const found = await request.get(`/api/leads?depth=0&where[email][equals]=${encodeURIComponent(email)}`, {
    headers: auth(token),
  })
  const lead = (await found.json()).docs[0] as { id: number; zip: string; vehicle: string; address: string }
  expect(lead).toMatchObject({ zip: '78704', vehicle: 'Subaru Outback', address: VERA_ADDRESS })
  await sentQuote(request, email, { leadId: lead.id })

  // The customer accepts and books.
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await accept(customer, await quoteLinkPath(email))
  const day = await dayToBook(customer)
  const first = day.getByRole('radio').first()
  const firstStart = new Date((await first.getAttribute('value'))!)
  await first.check()
  // The address from the request is there already.
  await expect(customer.getByTestId('visit-booking').getByLabel('Street address')).toHaveValue(VERA_ADDRESS)
  // The day's own button, beside its times.
  await day.getByRole('button', { name: 'Book this time' }).click()
  await expect(customer.getByTestId('visit-outcome')).toHaveText(
    'Your visit is booked. We e-mailed you the details and a calendar invitation.',
  )
  await expect(customer.getByTestId('visit-time')).toContainText(timeLabel(firstStart))

  // The invitation: a calendar that starts the visit at that time in Austin.
  const confirmations = () => capturedMails(email).filter((m) => m.includes('Subject: Your visit is booked'))
  await expect.poll(() => confirmations().length, { timeout: 30_000 }).toBe(1)
  const ics = attachmentOf(confirmations()[0], 'text/calendar')!
  expect(ics).toContain('BEGIN:VEVENT')
  const dtstart = /DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(ics)!
  const invited = new Date(Date.UTC(+dtstart[1], +dtstart[2] - 1, +dtstart[3], +dtstart[4], +dtstart[5]))
  expect(invited.toISOString()).toBe(firstStart.toISOString())
  expect(`${dayLabel(invited)} ${timeLabel(invited)}`).toBe(
    `${dayLabel(firstStart)} ${timeLabel(firstStart)}`,
  )

  // The owner's day, on a phone.
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  await page.goto('/admin?tab=leads')
  const visit = page.getByTestId('upcoming-visit').filter({ hasText: 'Vera Visit' })
  await expect(visit).toHaveCount(1)
  await expect(visit.getByRole('link', { name: '(512) 555-0195' })).toHaveAttribute(
    'href',
    'tel:(512) 555-0195',
  )
  // Where the van goes, one tap from the phone's map app.
  await expectMapLink(visit.getByRole('link', { name: VERA_ADDRESS }), VERA_ADDRESS)
  await page.goto(`/admin/collections/leads/${lead.id}`)
  await expectMapLink(
    page.getByTestId('lead-address').getByRole('link', { name: VERA_ADDRESS }),
    VERA_ADDRESS,
  )

  // The customer moves the visit to the day's next time.
  const moveDay = await dayToBook(customer)
  const second = moveDay.getByRole('radio').first()
  const secondStart = (await second.getAttribute('value'))!
  await second.check()
  await moveDay.getByRole('button', { name: 'Move my visit to this time' }).click()
  await expect(customer.getByTestId('visit-outcome')).toContainText('Your visit is booked.')
  await expect(customer.getByTestId('visit-time')).toContainText(timeLabel(new Date(secondStart)))
  // Its e-mail says it moved, to the new time; the calendar event follows it.
  const moves = () => capturedMails(email).filter((m) => m.includes('Subject: Your visit is moved'))
  await expect.poll(() => moves().length, { timeout: 30_000 }).toBe(1)
  expect(attachmentOf(moves()[0], 'text/calendar')).toContain(
    `DTSTART:${new Date(secondStart)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')}`,
  )

  // Another customer: the moved-to time is taken, the one left is open again.
  const other = `visit-other-${Date.now()}@example.com`
  await sentQuote(request, other)
  const otherPage = await (await browser.newContext()).newPage()
  await accept(otherPage, await quoteLinkPath(other))
  await expect(otherPage.locator(`input[name="start"][value="${secondStart}"]`)).toHaveCount(0)
  await expect(otherPage.locator(`input[name="start"][value="${firstStart.toISOString()}"]`)).toHaveCount(1)
  // A page opened before the time went still offers it: booking it reads why it failed.
  const otherToken = new URL(otherPage.url()).pathname.split('/').pop()!
  const late = await otherPage.request.post('/api/quote-links/book', {
    form: { token: otherToken, start: secondStart, address: '1 Other St, Austin' },
    maxRedirects: 0,
  })
  expect(late.status()).toBe(303)
  await otherPage.goto(late.headers().location)
  await expect(otherPage.getByTestId('visit-outcome')).toHaveText(
    'Sorry, that time was just taken. Please pick another.',
  )
  await expect(otherPage.getByRole('heading', { name: 'Pick a time for the visit' })).toBeVisible()

  // The customer cancels, once asked whether to. Their calendar holds one event throughout: the
  // move updated it and the cancellation cancels it (one UID, a rising SEQUENCE, then CANCEL).
  await customer.getByRole('link', { name: 'Cancel my visit' }).click()
  const moved = new Date(secondStart)
  await expect(
    customer.getByRole('heading', {
      name: `Cancel your visit on ${dayLabel(moved)} at ${timeLabel(moved)}?`,
    }),
  ).toBeVisible()
  expect(await liveVisitsOf(request, lead.id)).toBe(1)
  await customer.getByRole('button', { name: 'Yes, cancel my visit' }).click()
  await expect(customer.getByTestId('visit-outcome')).toHaveText('Your visit is cancelled.')
  expect(await liveVisitsOf(request, lead.id)).toBe(0)
  const visitMails = () =>
    capturedMails(email)
      .filter((m) => /Subject: Your visit is (booked|moved|cancelled)/.test(m))
      .reverse()
  await expect.poll(() => visitMails().length, { timeout: 30_000 }).toBe(3)
  const events = visitMails().map((mail) => {
    const ics = attachmentOf(mail, 'text/calendar')!
    const field = (name: string) => new RegExp(`^${name}:(.*?)\\r?$`, 'm').exec(ics)?.[1]
    return { method: field('METHOD'), uid: field('UID'), sequence: Number(field('SEQUENCE')) }
  })
  expect(events.map((e) => e.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL'])
  expect(new Set(events.map((e) => e.uid)).size).toBe(1)
  expect(events[0].sequence).toBeLessThan(events[1].sequence)
  expect(events[1].sequence).toBeLessThan(events[2].sequence)

  // The business heard of each change the customer made, once.
  const notices = () =>
    capturedMails('service@curbsiderim.co')
      .filter((m) => m.includes(email) && /^Subject: Visit (booked|moved|cancelled): /m.test(m))
      .map((m) => /^Subject: (Visit \w+): Vera Visit/m.exec(m)?.[1])
      .sort()
  await expect.poll(notices, { timeout: 30_000 }).toEqual(['Visit booked', 'Visit cancelled', 'Visit moved'])
})

test("on a phone each day's button is within a screen of the day's times", async ({
  page: owner,
  browser,
  request,
}) => {
  const email = `visit-phone-${Date.now()}@example.com`
  const { leadId } = await sentQuote(request, email)
  const viewport = { width: 390, height: 844 }
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await accept(page, await quoteLinkPath(email))
  const days = await page.getByTestId('visit-day').all()
  expect(days.length).toBeGreaterThan(1)
  for (const day of days) {
    // Headed by its day in the business's time zone.
    await expect(day.locator('legend')).toHaveText(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \w+ \d+$/,
    )
    const choice = (await day.getByRole('radio').first().boundingBox())!
    const button = (await day.getByRole('button', { name: 'Book this time' }).boundingBox())!
    // From the day's first time to the bottom of its button: less than one screen.
    expect(button.y + button.height - choice.y).toBeLessThanOrEqual(viewport.height)
  }
  await context.close()
  await owner.goto('/privacy-policy')
  await deleteLead(owner, leadId)
})

test("without JavaScript a customer books from the day's button, and is asked before cancelling", async ({
  page: owner,
  browser,
  request,
}) => {
  const email = `visit-noscript-${Date.now()}@example.com`
  const { leadId } = await sentQuote(request, email)
  const path = await quoteLinkPath(email)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.20' },
  })
  const page = await context.newPage()
  await accept(page, path)
  // The last day's last time (the other tests book the first days), with that day's button.
  const day = page.getByTestId('visit-day').last()
  const time = day.getByRole('radio').last()
  const start = new Date((await time.getAttribute('value'))!)
  await time.check()
  await page.getByLabel('Street address').fill('900 E 6th St, Austin')
  await day.getByRole('button', { name: 'Book this time' }).click()
  await expect(page.getByTestId('visit-outcome')).toHaveText(
    'Your visit is booked. We e-mailed you the details and a calendar invitation.',
  )
  await expect(page.getByTestId('visit-time')).toContainText(timeLabel(start))
  expect(await liveVisitsOf(request, leadId)).toBe(1)

  // "Cancel my visit" asks first; kept, the visit stays.
  const question = page.getByRole('heading', {
    name: `Cancel your visit on ${dayLabel(start)} at ${timeLabel(start)}?`,
  })
  await page.getByRole('link', { name: 'Cancel my visit' }).click()
  await expect(question).toBeVisible()
  expect(await liveVisitsOf(request, leadId)).toBe(1)
  await page.getByRole('link', { name: 'Keep my visit' }).click()
  await expect(question).toHaveCount(0)
  await expect(page.getByTestId('visit-time')).toContainText(timeLabel(start))
  expect(await liveVisitsOf(request, leadId)).toBe(1)

  // Asked again and confirmed, it is cancelled (and the time is free for others again).
  await page.getByRole('link', { name: 'Cancel my visit' }).click()
  await page.getByRole('button', { name: 'Yes, cancel my visit' }).click()
  await expect(page.getByTestId('visit-outcome')).toHaveText('Your visit is cancelled.')
  await expect(page.getByRole('heading', { name: 'Pick a time for the visit' })).toBeVisible()
  expect(await liveVisitsOf(request, leadId)).toBe(0)
  await context.close()
  await owner.goto('/privacy-policy')
  await deleteLead(owner, leadId)
})

test('a ZIP code outside the service area is accepted, with a note about the trip fee', async ({ page }) => {
  await page.goto('/')
  await page.locator('#quote').scrollIntoViewIfNeeded()
  const form = page.locator('#quote form')
  await form.getByLabel('First Name').fill('Otto')
  await form.getByLabel('Last Name').fill('Outside')
  await form.getByLabel('Phone').fill('(512) 555-0197')
  await form.getByLabel('Email').fill(`outside-${Date.now()}@example.com`)
  await form.getByLabel('ZIP code (optional)').fill('78610')
  await form.getByLabel('Description').fill('Two rims with curb rash.')
  await form.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByText('Request Submitted!')).toBeVisible()
  await expect(page.getByText(/Outside our usual area: a trip fee may apply\.$/)).toBeVisible()
})

test("the owner books a caller's visit from the lead on a phone, moves it and cancels it", async ({
  page,
  request,
}) => {
  const lastName = `Caller${Date.now()}`
  const token = await adminToken(request)
  const leadId = await staffLead(request, auth(token), {
    ...QUOTED_LEAD,
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
  })

  await page.setViewportSize({ width: 390, height: 844 })
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  await page.goto(`/admin/collections/leads/${leadId}`)
  const section = page.getByTestId('lead-visit')
  // The notice, not the timeline's entry of the same name.
  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text })
  await expect(section.getByText('No visit booked.')).toBeVisible()
  const times = await section
    .getByLabel('Book for')
    .locator('option')
    .evaluateAll((options) =>
      options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent! })),
    )
  expect(times.length).toBeGreaterThan(1)
  const [first, second] = times

  // The second time, picked and booked as soon as the controls show: not without the address.
  await section.getByLabel('Book for').selectOption(second.value)
  await expect(section.getByLabel('Street address')).toHaveValue('')
  await section.getByRole('button', { name: 'Book visit' }).click()
  await expect(toast('Enter the street address the van goes to, then book.')).toBeVisible()
  await expect(section.getByText('No visit booked.')).toBeVisible()
  await section.getByLabel('Street address').fill('2000 E Riverside Dr, Austin')
  await section.getByRole('button', { name: 'Book visit' }).click()
  await expect(toast('Visit booked')).toBeVisible()
  await expectMapLink(
    page.getByTestId('lead-address').getByRole('link', { name: '2000 E Riverside Dr, Austin' }),
    '2000 E Riverside Dr, Austin',
  )
  await expect(section.getByTestId('lead-visit-time')).toHaveText(second.label)
  await page.goto('/admin?tab=leads')
  await expect(
    page.getByTestId('upcoming-visit').filter({ hasText: `${QUOTED_LEAD.firstName} ${lastName}` }),
  ).toContainText(second.label)

  // Moved to the first time, then cancelled.
  await page.goto(`/admin/collections/leads/${leadId}`)
  await section.getByLabel('Move to').selectOption(first.value)
  await section.getByRole('button', { name: 'Move visit' }).click()
  await expect(toast('Visit moved')).toBeVisible()
  await expect(section.getByTestId('lead-visit-time')).toHaveText(first.label)
  await section.getByRole('button', { name: 'Cancel visit' }).click()
  await expect(toast('Visit cancelled')).toBeVisible()
  await expect(section.getByText('No visit booked.')).toBeVisible()
  // The move is on the timeline in words.
  const moved = page.getByTestId('lead-timeline').getByText(`to ${first.label}`, { exact: true })
  await expect(moved).toBeVisible()
  await expect(page.getByTestId('lead-timeline')).toContainText('Visit moved')
  await page.goto('/admin?tab=leads')
  await expect(page.getByTestId('upcoming-visit').filter({ hasText: lastName })).toHaveCount(0)

  // The owner corrects the address on the lead.
  await page.goto(`/admin/collections/leads/${leadId}`)
  const address = page.getByTestId('lead-address')
  await address.getByText('Edit address').click()
  await address.getByLabel('Street address').fill('2001 E Riverside Dr, Austin')
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(toast('Address saved')).toBeVisible()
  await expectMapLink(
    address.getByRole('link', { name: '2001 E Riverside Dr, Austin' }),
    '2001 E Riverside Dr, Austin',
  )
  await deleteLead(page, leadId)
})

test('a customer who gave no street address is asked for it before the visit is booked', async ({
  page,
  request,
}) => {
  const email = `no-address-${Date.now()}@example.com`
  const { leadId } = await sentQuote(request, email)
  await page.setViewportSize({ width: 390, height: 844 })
  await accept(page, await quoteLinkPath(email))
  const booking = page.getByTestId('visit-booking')
  const address = booking.getByLabel('Street address')
  await expect(address).toHaveValue('')
  const day = await dayToBook(page)
  await day.getByRole('radio').first().check()

  // The browser holds the form until the address is there, before any script...
  await day.getByRole('button', { name: 'Book this time' }).click()
  expect(await address.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true)
  await expect(page.getByTestId('visit-outcome')).toHaveCount(0)
  // ...and the server refuses a form sent without it, booking nothing.
  await address.evaluate((el) => el.removeAttribute('required'))
  await day.getByRole('button', { name: 'Book this time' }).click()
  await expect(page.getByTestId('visit-outcome')).toHaveText(
    'Please enter the street address where we should come, then pick your time again.',
  )
  await expect(page.getByRole('heading', { name: 'Pick a time for the visit' })).toBeVisible()

  await booking.getByLabel('Street address').fill('900 E 6th St, Austin')
  const again = await dayToBook(page)
  await again.getByRole('radio').first().check()
  await again.getByRole('button', { name: 'Book this time' }).click()
  await expect(page.getByTestId('visit-outcome')).toHaveText(
    'Your visit is booked. We e-mailed you the details and a calendar invitation.',
  )
  // Kept on the lead: the page shows it for a move.
  await expect(booking.getByLabel('Street address')).toHaveValue('900 E 6th St, Austin')
  await deleteLead(page, leadId)
})
