import type { Page } from '@playwright/test'

import { capturedMails } from '../helpers/captured-mail'
import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { QUOTED_LEAD } from '../helpers/quote-fixtures'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The owner, on a 390 px phone, reminds a customer of an invoice still unpaid: "Send reminder"
// on the job page says how the customer was told, the customer's e-mail holds the pay link, and
// the lead's timeline shows the reminder. A paid invoice offers none.

test.use({ viewport: { width: 390, height: 844 } })

test('the owner sends a reminder of an unpaid invoice from the job page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const email = `reminder-${Date.now()}@example.com`
  // Outside the flow: the lead and its invoice, sent.
  const token = await adminToken(request)
  const leadId = await staffLead(request, auth(token), { ...QUOTED_LEAD, email })
  const draft = await request.post('/api/invoices?depth=0', {
    headers: auth(token),
    data: {
      lead: leadId,
      kind: 'invoice',
      lines: [{ description: 'Rim rash repair', quantity: 2, unitCents: 12_500 }],
    },
  })
  expect(draft.status()).toBe(201)
  const invoiceId = (await draft.json()).doc.id as number
  const sent = await request.post(`/api/invoices/${invoiceId}/send`, { headers: auth(token) })
  expect(sent.status()).toBe(200)
  const number = (await sent.json()).number as string

  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  try {
    await page.goto(`/admin/collections/leads/${leadId}`)
    const invoice = page.getByTestId('lead-invoice').filter({ hasText: `Invoice ${number}` })
    await expect(invoice.locator('.cbo-money')).toHaveText('Owing')
    // A plain form: it posts before any script has loaded.
    await expect(invoice.locator('form[method="post"][action$="/invoice-remind"]')).toHaveCount(1)
    await invoice.getByRole('button', { name: 'Send reminder' }).click()
    await expect(noticeOf(page, 'Reminder sent: we e-mailed the customer')).toBeVisible()

    const reminders = () =>
      capturedMails(email).filter((m) => m.includes(`Subject: Reminder: invoice ${number} from`))
    await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1)
    const link = reminders()[0].match(/https?:\/\/[^\s"<]+\/pay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0]
    expect(link).toBeDefined()
    await expect(async () => {
      await page.reload()
      await expect(page.getByTestId('lead-timeline')).toContainText('Reminder sent', { timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    await expect(page.getByTestId('lead-timeline')).toContainText(`Invoice ${number}, $250.00 due`)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)

    // The link opens the invoice to pay.
    const customer = await browser.newPage()
    await customer.goto(new URL(link!).pathname)
    await expect(customer.getByRole('heading', { name: `Invoice ${number}`, level: 1 })).toBeVisible()
    await expect(customer.getByTestId('invoice-balance')).toHaveText('$250.00')
    await customer.close()

    // Paid in full: no reminder is offered any more.
    const cash = await request.post('/api/payments?depth=0', {
      headers: auth(token),
      data: { invoice: invoiceId, method: 'cash', amountCents: 25_000 },
    })
    expect(cash.status()).toBe(201)
    await page.reload()
    await expect(invoice.locator('.cbo-money')).toHaveText('Paid')
    await expect(invoice.getByRole('button', { name: 'Send reminder' })).toHaveCount(0)
  } finally {
    if (!page.url().includes('/admin')) await page.goto('/admin?tab=gallery')
    await eraseThenDeleteLead(page, leadId, email)
  }
})

// Posted before the script ran, the server's page says it; after, the script's notice does.
const noticeOf = (page: Page, text: string) =>
  page.getByTestId('lead-form-notice').or(page.locator('[data-sonner-toast]')).filter({ hasText: text })
