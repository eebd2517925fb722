import type { Page } from '@playwright/test'

import { capturedMails } from '../helpers/captured-mail'
import { query } from '../helpers/e2e-db'
import { payOnStripe } from '../helpers/e2e-checkout'
import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { writeFourRimsAndCaps } from '../helpers/e2e-quotes'
import { E2E_STRIPE } from '../helpers/e2e-stripe'
import { expect, test } from '../helpers/e2e-test'
import { E2E_TWILIO } from '../helpers/e2e-twilio'
import { textFromCustomer } from '../helpers/e2e-texts'
import { expectNoSeriousAxeViolations } from '../helpers/public-site'
import { type FakeStripe, startFakeStripe } from '../helpers/stripe-server'
import { type FakeTwilio, startFakeTwilio } from '../helpers/twilio-server'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// One job from the first text to paid, as the owner works it on a 390 px phone and the customer
// answers on theirs: every owner step a tap on the job page. Only the providers' side goes
// through their APIs (the customer's texts as Twilio's signed webhooks, the card payments as
// Stripe's), and the day of the visit is brought to now, as waiting for it would.

const CUSTOMER = '+15125550172'
const OWNER = '+15125550173'

let stripe: FakeStripe
let texts: FakeTwilio
test.beforeAll(async () => {
  stripe = await startFakeStripe(E2E_STRIPE)
  texts = await startFakeTwilio(E2E_TWILIO)
})
test.afterAll(async () => {
  await stripe?.close()
  await texts?.close()
})

test.use({ viewport: { width: 390, height: 844 } })

const sentTo = (to: string) => texts.sent.filter((m) => m.to === to)

/** The path of the last link of this kind texted to the customer. */
function textedLink(kind: 'quote' | 'pay'): string {
  const pattern = new RegExp(`https?://[^\\s]+/${kind}/[\\w-]+\\.[\\w-]+`)
  const link = sentTo(CUSTOMER)
    .map((m) => pattern.exec(m.body)?.[0])
    .filter(Boolean)
    .at(-1)
  expect(link).toBeDefined()
  return new URL(link!).pathname
}

// What a form said: the server's notice after a post without script, or the script's toast.
const notice = (page: Page, words: string) =>
  page
    .getByTestId('lead-form-notice')
    .or(page.locator('[data-sonner-toast], .payload-toast-item'))
    .filter({ hasText: words })

test('a texted request becomes a quote, a deposit, a visit, an invoice and a paid job, every step a tap', async ({
  page,
  browser,
  request,
  baseURL,
  siteSettings,
}) => {
  test.setTimeout(240_000)
  const email = `journey-${Date.now()}@example.com`
  // Outside the flow: the business's settings (a 20% deposit before booking, the owner's phone).
  await siteSettings({
    deposit: { mode: 'percent', percent: 20, aboveCents: 10_000, beforeBooking: true },
    notificationPhones: OWNER,
  })
  let leadId: number | undefined
  try {
    // The customer texts the business; the owner's phone hears of it and opens the job.
    await textFromCustomer(
      request,
      baseURL!,
      CUSTOMER,
      'Hi, I curbed two wheels on my Civic. What would it cost?',
    )
    await expect.poll(() => sentTo(OWNER).length, { timeout: 60_000 }).toBe(1)
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await page.goto('/admin?tab=leads', { waitUntil: 'commit' })
    await page
      .getByTestId('lead')
      .filter({ hasText: CUSTOMER })
      .getByRole('link', { name: 'Name not given (texted)' })
      .click()
    await expect(page).toHaveURL(/\/admin\/collections\/leads\/\d+$/)
    leadId = Number(new URL(page.url()).pathname.split('/').pop())
    const job = page.getByTestId('lead-details')

    // The owner answers by text; the customer answers with a name and an e-mail address.
    await page.getByLabel(`Text to ${CUSTOMER}`).fill('Happy to help! What is your name and e-mail?')
    await page.getByRole('button', { name: 'Send text' }).click()
    await expect(notice(page, 'Text sent')).toBeVisible()
    await expect.poll(() => sentTo(CUSTOMER).length).toBe(1)
    await textFromCustomer(request, baseURL!, CUSTOMER, `Jordan Journey, ${email}`)
    await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    await expect(page.getByTestId('lead-text').filter({ hasText: `Jordan Journey, ${email}` })).toHaveCount(1)
    // Nothing axe calls serious on the job page, its tabs included (a list of items).
    await expect(page.locator('.doc-tabs__tabs > li')).toHaveCount(3)
    await expectNoSeriousAxeViolations(page)

    // No address given yet: the stored stand-in is no link to write to.
    const emailFact = job.locator('dt:has-text("E-mail") + dd')
    await expect(emailFact).toHaveText('Not given')
    await expect(emailFact.getByRole('link')).toHaveCount(0)

    // The name and address go on the lead from its Details tab, Payload's own form.
    await page.getByRole('link', { name: 'Details' }).click()
    await page.locator('#field-firstName').fill('Jordan')
    await page.locator('#field-lastName').fill('Journey')
    await page.locator('#field-email').fill(email)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.locator('.payload-toast-item').filter({ hasText: /successfully/i })).toBeVisible()
    await page.getByRole('link', { name: 'Job', exact: true }).click()
    await expect(page.locator('#cbo-lead-name')).toContainText('Jordan Journey')
    await expect(emailFact.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)

    // The priced quote, sent from the job page: by text and e-mail, with its link.
    const editor = page.getByTestId('quote-editor')
    await writeFourRimsAndCaps(editor)
    await expect(editor.getByTestId('quote-totals')).toContainText('Total $540')
    await editor.getByRole('button', { name: 'Send quote' }).click()
    await expect(editor.getByTestId('quote-status')).toHaveText('Sent')
    await expect.poll(() => sentTo(CUSTOMER).length, { timeout: 30_000 }).toBe(2)

    // The customer accepts on a phone, pays the $108 deposit on Stripe's page, and books.
    const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
    await customer.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.172' })
    await customer.goto(textedLink('quote'))
    await expect(customer.getByText('A deposit of $108 is due when you accept this quote.')).toBeVisible()
    await customer.getByRole('button', { name: 'Accept and pay deposit' }).click()
    await payOnStripe(stripe, customer, request, '$108.00')
    await expect(customer.getByTestId('deposit-paid')).toHaveText('Deposit paid: $108.')
    // The owner's phone hears of it once, with the job to open.
    const alerted = (words: string) => sentTo(OWNER).filter((m) => m.body.startsWith(words))
    await expect.poll(() => alerted('Deposit paid: $108.00 by Jordan Journey').length).toBe(1)
    expect(alerted('Deposit paid:')[0].body).toContain(`/admin/collections/leads/${leadId}`)
    const booking = customer.getByTestId('visit-booking')
    await booking.getByLabel('Street address').fill('1100 S Lamar Blvd, Austin')
    const day = booking.locator('fieldset').first()
    await day.getByRole('radio').first().check()
    await day.getByRole('button', { name: 'Book this time' }).click()
    await expect(customer.getByTestId('visit-outcome')).toContainText('Your visit is booked.')

    // The day of the visit comes (outside the flow: the clock). On my way, then done.
    await query(
      // Begun just now: today in the business's time zone at any hour of the run (half an hour
      // ago is yesterday in Austin just after midnight).
      `UPDATE visits SET start = now(), "end" = now() + interval '2 hours'
       WHERE lead_id = $1 AND cancelled_at IS NULL`,
      [leadId],
    )
    await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    await page.getByTestId('lead-visit').getByRole('button', { name: 'On my way' }).click()
    await expect(notice(page, 'On my way texted to the customer')).toBeVisible()
    await expect.poll(() => sentTo(CUSTOMER).at(-1)?.body ?? '').toContain('we are on our way')
    await job.getByRole('button', { name: 'Mark Completed' }).click()
    await expect(notice(page, 'Status Updated')).toBeVisible()
    await expect(page.getByTestId('lead-visit-done')).toHaveText('Done')
    await expect(page.getByTestId('lead-visit').getByRole('button')).toHaveCount(0)

    // The drafted invoice, less the deposit, sent by text and e-mail from the job page.
    const draft = page.getByTestId('invoice-draft')
    await expect(draft.getByRole('heading')).toHaveText('Invoice draft · $540.00 · deposit paid $108.00')
    await draft.getByRole('button', { name: 'Send invoice' }).click()
    await expect(notice(page, 'Invoice sent: we e-mailed and texted the customer')).toBeVisible()
    const invoice = page.getByTestId('lead-invoice')
    await expect(invoice.locator('.cbo-money')).toHaveText('Owing')
    const number = /Invoice (\d{4}-\d{4})/.exec((await invoice.textContent()) ?? '')![1]
    const invoiceMail = () =>
      capturedMails(email).filter((m) => m.includes(`Subject: Invoice ${number} from`))
    await expect.poll(() => invoiceMail().length, { timeout: 30_000 }).toBe(1)
    await expect.poll(() => sentTo(CUSTOMER).filter((m) => /\/pay\//.test(m.body)).length).toBe(1)

    // The customer pays the $432 balance by card from the text's link.
    await customer.goto(textedLink('pay'))
    await expect(customer.getByTestId('invoice-balance')).toHaveText('$432.00')
    await customer.getByRole('button', { name: 'Pay by card' }).click()
    await payOnStripe(stripe, customer, request, '$432.00')
    await expect(customer.getByRole('status')).toHaveText('This invoice is paid in full. Thank you!')
    await expect
      .poll(() => alerted('Invoice ').filter((m) => m.body.includes('paid: $432.00')).length)
      .toBe(1)

    // Paid, on the job page and on the Lead Management card; the visit was never cancelled.
    await page.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    await expect(invoice.locator('.cbo-money')).toHaveText('Paid')
    await page.goto('/admin?tab=leads&q=Journey', { waitUntil: 'commit' })
    const card = page.getByTestId('lead').filter({ hasText: 'Jordan Journey' })
    await expect(card.getByTestId('job-facts').getByRole('listitem')).toContainText(['Paid'])
    expect(capturedMails(email).filter((m) => /Subject: Your visit is cancelled/.test(m))).toHaveLength(0)
    expect(sentTo(CUSTOMER).filter((m) => /cancel/i.test(m.body) && /visit/i.test(m.body))).toHaveLength(0)
    await customer.context().close()
  } finally {
    if (leadId !== undefined) {
      if (!page.url().includes('/admin')) await page.goto('/admin?tab=gallery')
      expect(await eraseThenDeleteLead(page, leadId, email)).toEqual([200, 200])
    }
  }
})
