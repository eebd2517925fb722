import { capturedMails } from '../helpers/captured-mail'
import { quoteLinkPath, sentQuote, writeFourRimsAndCaps } from '../helpers/e2e-quotes'
import { expect, test } from '../helpers/e2e-test'
import {
  adminToken,
  auth,
  expectNoSeriousAxeViolations,
  shownWithoutScripts,
  staffLead,
} from '../helpers/public-site'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A priced quote from the customer's side: the e-mail's link opens the quote, the customer
// accepts it at once (a form that works before any script), the business hears once, and a
// link that was tampered with opens nothing.

test('the customer opens the quote from the e-mail and accepts it; the business hears once', async ({
  page,
  request,
}) => {
  const email = `quote-${Date.now()}@example.com`
  await sentQuote(request, email, { note: 'Includes colour matching to the factory silver.' })
  const path = await quoteLinkPath(email)

  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Your quote', level: 1 })).toBeVisible()
  await expect(page.getByRole('cell', { name: '4 × Rim Rash / Curbed Rim' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Centre caps' })).toBeVisible()
  await expect(page.getByTestId('quote-total')).toHaveText('$540')
  await expect(page.getByText('Includes colour matching to the factory silver.')).toBeVisible()
  await expect(page.getByText(/^Valid until /)).toBeVisible()
  // A bill shows no promotion (the site's other pages do): its code is no discount on this quote.
  await expect(page.locator('#promo-banner')).toHaveCount(0)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expectNoSeriousAxeViolations(page)

  await page.getByRole('button', { name: 'Accept quote' }).click()
  await expect(page.getByRole('status')).toContainText('You accepted this quote on')
  await expect(page.getByRole('button', { name: 'Accept quote' })).toHaveCount(0)
  // The accepted quote offers the visit's times: accessible too.
  await expect(page.getByRole('heading', { name: 'Pick a time for the visit' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  const business = () => capturedMails('Quote accepted: Quinn Quote, $540')
  await expect.poll(() => business().length, { timeout: 30_000 }).toBe(1)

  // Once more (a second tap, another tab): nothing changes and nobody is told again.
  const again = await page.request.post('/api/quote-links/accept', {
    form: { token: path.split('/').pop()! },
    headers: { Accept: 'application/json' },
  })
  expect(again.status()).toBe(409)
  expect(business()).toHaveLength(1)

  // An outcome the page has no words for, even a name every object inherits, shows none.
  for (const visit of ['__proto__', 'toString', 'constructor']) {
    const res = await page.goto(`${path}?visit=${visit}`)
    expect(res?.status()).toBe(200)
    await expect(page.getByRole('status')).toContainText('You accepted this quote on')
  }
})

test('a tampered or unknown link opens no quote: a 404 that says what to do', async ({
  page,
  request,
  browser,
}) => {
  const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
  for (const path of ['/quote/AAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA', '/quote/not-a-token']) {
    const res = await page.goto(path)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This link does not open a quote' })).toBeVisible()
    await expect(page.getByText(/Call us at/)).toBeVisible()
    // The server's own HTML says it, for a phone whose script has not loaded.
    const answer = await request.get(path)
    expect(answer.status()).toBe(404)
    const html = await answer.text()
    expect(shownWithoutScripts(html)).toContain('This link does not open a quote')
    expect(html).toContain('noindex')
    await noScript.goto(path)
    await expect(noScript.getByRole('heading', { name: 'This link does not open a quote' })).toBeVisible()
  }
  await noScript.context().close()
})

test('a link asked for too often answers 429 with Retry-After, and a page that says so', async ({
  request,
}) => {
  const email = `quote-busy-${Date.now()}@example.com`
  await sentQuote(request, email)
  const path = await quoteLinkPath(email)
  // One connection (the server trusts one proxy hop in these runs), and the customer links'
  // limit: 60 in 10 minutes per link (CUSTOMER_LINK_LIMIT).
  const from = { 'X-Forwarded-For': '192.0.2.10' }
  for (let i = 0; i < 60; i++) {
    expect((await request.get(path, { headers: from })).status()).toBe(200)
  }
  const refused = await request.get(path, { headers: from })
  expect(refused.status()).toBe(429)
  const retryAfter = Number(refused.headers()['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(600)
  const shown = shownWithoutScripts(await refused.text())
  expect(shown).toContain('Too many requests')
  expect(shown).toContain('Too many requests from this connection. Please try again in a few minutes.')
  // Another connection opens the same link as before.
  const other = await request.get(path, { headers: { 'X-Forwarded-For': '192.0.2.11' } })
  expect(other.status()).toBe(200)
  expect(shownWithoutScripts(await other.text())).toContain('Your quote')
})

test("the owner writes and sends a quote from the lead's details on a phone; it reads Accepted once accepted", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const token = await adminToken(request)
  const email = `owner-quote-${Date.now()}@example.com`
  const leadId = await staffLead(request, auth(token), {
    firstName: 'Olive',
    lastName: 'Owner',
    email,
    phone: '(512) 555-0190',
    description: 'Two scraped rims.',
    serviceType: 'rim_rash',
  })
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  await page.goto(`/admin/collections/leads/${leadId}`)
  const editor = page.getByTestId('quote-editor')
  await writeFourRimsAndCaps(editor)
  await expect(editor.getByTestId('quote-totals')).toHaveText('Total $540')
  await expect(editor.getByTestId('quote-status')).toHaveText('Not sent')
  await editor.getByRole('button', { name: 'Send quote' }).click()
  // No consent to texts here: the link went by e-mail only, and the owner reads so.
  await expect(
    page.locator('.payload-toast-item').filter({ hasText: 'We e-mailed the customer a link to accept it.' }),
  ).toBeVisible()
  await expect(editor.getByTestId('quote-status')).toHaveText('Sent')
  await expect(page.getByTestId('lead-details')).toContainText('Quoted')

  const customer = await (await browser.newContext()).newPage()
  await customer.goto(await quoteLinkPath(email))
  await customer.getByRole('button', { name: 'Accept quote' }).click()
  await expect(customer.getByRole('status')).toContainText('You accepted this quote on')

  await page.reload()
  await expect(editor.getByTestId('quote-status')).toHaveText('Accepted')
  await expect(editor).toContainText('Accepted on')
  await expect(editor.getByRole('button', { name: 'Save quote' })).toHaveCount(0)
})
