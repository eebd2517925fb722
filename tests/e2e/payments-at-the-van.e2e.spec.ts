import type { Page } from '@playwright/test'

import { capturedMails } from '../helpers/captured-mail'
import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { expect, test } from '../helpers/e2e-test'
import { quoteLinkPath, sentQuote } from '../helpers/e2e-quotes'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The owner at the van, on a 390 px phone, every step a button on the job page: the job marked
// completed drafts its invoice, the owner adjusts it in dollars, takes part of it in cash (which
// sends it, with one receipt), credits the rest, and the money panel counts the cash.

test.use({ viewport: { width: 390, height: 844 } })

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100)

async function moneyFigures(page: Page) {
  await page.goto('/admin?tab=leads', { waitUntil: 'commit' })
  const panel = page.getByTestId('money-panel')
  await expect(panel).toBeVisible()
  return {
    unpaid: cents(await panel.getByTestId('money-unpaid').textContent()),
    week: cents(await panel.getByTestId('money-week').textContent()),
    month: cents(await panel.getByTestId('money-month').textContent()),
  }
}

test('the owner completes the job, adjusts the drafted invoice, takes cash at the van and credits the rest', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const email = `van-${Date.now()}@example.com`
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.231' })
  // Outside the flow: the owner's quote (4 × Rim Rash, $40 caps) sent, and the customer's "Accept".
  const { leadId } = await sentQuote(request, email)
  const customer = await browser.newPage()
  await customer.goto(await quoteLinkPath(email))
  await customer.getByRole('button', { name: 'Accept quote' }).click()
  await expect(customer.getByRole('status')).toContainText('You accepted this quote on')
  await customer.close()

  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  try {
    const before = await moneyFigures(page)
    // From the Lead Management card to the job page, Payload's own document view.
    await page
      .getByTestId('lead')
      .filter({ hasText: email })
      .getByRole('link', { name: 'Quinn Quote' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/admin/collections/leads/${leadId}$`))
    const job = page.getByTestId('lead-details')
    await job.getByRole('button', { name: 'Mark Completed' }).click()
    await expect(noticeOf(page, 'Status Updated')).toBeVisible()

    // The drafted invoice shows at once, in dollars; the owner takes the caps off.
    const draft = page.getByTestId('invoice-draft')
    await expect(draft.getByRole('heading')).toHaveText('Invoice draft · $540.00')
    await draft.getByLabel('Discount ($)').fill('40')
    await draft.getByRole('button', { name: 'Save draft' }).click()
    await expect(noticeOf(page, 'Invoice saved')).toBeVisible()
    await expect(draft.getByRole('heading')).toHaveText('Invoice draft · $500.00')

    // Take payment sends the draft and records the cash in one step.
    const form = page.getByTestId('lead-payment-form')
    await expect(form.getByRole('heading')).toHaveText('Take payment')
    await form.getByLabel('Paid by').selectOption('cash')
    await form.getByLabel('Amount received ($)').fill('300')
    await form.getByLabel(/Reference/).fill('Cash at the van')
    await form.getByRole('button', { name: 'Record payment' }).click()
    await expect(noticeOf(page, 'Payment recorded')).toBeVisible()
    const invoice = page.getByTestId('lead-invoice')
    await expect(invoice.locator('.cbo-money')).toHaveText('Part paid')
    await expect(invoice.getByTestId('lead-invoice-balance')).toContainText('Balance $200.00')
    await expect(page.getByTestId('invoice-draft')).toHaveCount(0)
    const number = /Invoice (\d{4}-\d{4})/.exec((await invoice.textContent()) ?? '')?.[1]
    expect(number).toBeDefined()
    await expect(page.getByTestId('lead-timeline')).toContainText(
      `$300.00 · Cash · invoice ${number} · ref. Cash at the van`,
    )

    // The rest as a credit note, sent to the customer: the invoice is then settled.
    await invoice.locator('summary', { hasText: 'Issue credit note' }).click()
    await invoice.getByLabel('Amount to credit ($)').fill('200')
    await invoice.getByLabel('Reason').fill('Second visit on the house')
    await invoice.getByRole('button', { name: 'Issue credit note' }).click()
    await expect(noticeOf(page, 'Credit note sent')).toBeVisible()
    await expect(invoice.locator('.cbo-money')).toHaveText('Paid')
    await expect(invoice.getByTestId('lead-credit-note')).toContainText('$200.00 · Second visit on the house')
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)

    // One receipt, and no invoice e-mail before it: the receipt was the one message.
    const receipts = () => capturedMails(email).filter((m) => m.includes('Subject: Receipt from'))
    await expect.poll(() => receipts().length, { timeout: 30_000 }).toBe(1)
    expect(receipts()[0]).toContain('Amount received: $300.00')
    expect(capturedMails(email).filter((m) => m.includes(`Subject: Invoice ${number} from`))).toHaveLength(0)

    const after = await moneyFigures(page)
    expect(after.week - before.week).toBe(30_000)
    expect(after.month - before.month).toBe(30_000)
    await expect(page.getByTestId('money-panel').getByRole('link', { name: 'Payments CSV' })).toHaveAttribute(
      'href',
      /^\/api\/payments\/export\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
    )
    expect(receipts()).toHaveLength(1)
  } finally {
    // The customer is erased and the lead goes; the sent invoice and its payment stay for the books.
    if (!page.url().includes('/admin')) await page.goto('/admin?tab=gallery')
    await eraseThenDeleteLead(page, leadId, email)
  }
})

// Posted before the script ran, the server's page says it; after, the script's notice does.
const noticeOf = (page: Page, text: string) =>
  page.getByTestId('lead-form-notice').or(page.locator('[data-sonner-toast]')).filter({ hasText: text })
