import type { Page } from '@playwright/test'

import { capturedMails } from '../helpers/captured-mail'
import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { QUOTED_LEAD } from '../helpers/quote-fixtures'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// The owner at the van, on a 390 px phone: the customer of a sent invoice pays cash, the owner
// records it on the lead's page, the invoice shows paid, the customer gets one receipt, and
// the money panel on top of the Leads tab counts it.

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

test('the owner records a cash payment at the van and sees it paid, receipted and counted', async ({
  page,
  request,
}) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.231' })
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  const headers = auth(await adminToken(request))
  const email = `van-${Date.now()}@example.com`
  const leadId = await staffLead(request, headers, { ...QUOTED_LEAD, email })
  const draft = await request.post('/api/invoices?depth=0', {
    headers,
    data: {
      lead: leadId,
      kind: 'invoice',
      lines: [{ description: 'Rim rash repair', quantity: 1, unitCents: 8_500 }],
    },
  })
  expect(draft.status()).toBe(201)
  const invoiceId = (await draft.json()).doc.id as number
  const sent = await request.post(`/api/invoices/${invoiceId}/send`, { headers })
  expect(sent.status()).toBe(200)
  const number = (await sent.json()).number as string

  try {
    const before = await moneyFigures(page)

    await page.goto(`/admin?tab=leads&lead=${leadId}`, { waitUntil: 'commit' })
    const invoice = page.getByTestId('lead-invoice')
    await expect(invoice).toContainText(`Invoice ${number} · $85.00`)
    await expect(invoice.locator('.cbo-money')).toHaveText('Owing')
    const form = page.getByTestId('lead-payment-form')
    await form.getByLabel('Method').selectOption('cash')
    await form.getByLabel('Amount ($)').fill('85')
    await form.getByLabel(/Reference/).fill('Cash at the van')
    await form.getByRole('button', { name: 'Record payment' }).click()

    // Posted before the script ran, the server's page says it; after, the script's notice does.
    await expect(
      page
        .getByTestId('lead-form-notice')
        .or(page.locator('[data-sonner-toast]'))
        .filter({ hasText: 'Payment recorded' }),
    ).toBeVisible()
    await expect(invoice.locator('.cbo-money')).toHaveText('Paid')
    await expect(invoice.getByTestId('lead-invoice-balance')).toContainText('Balance $0.00')
    await expect(page.getByTestId('lead-payment-form')).toHaveCount(0)
    await expect(page.getByTestId('lead-timeline')).toContainText(
      `$85.00 · Cash · invoice ${number} · ref. Cash at the van`,
    )
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)

    const receipts = () => capturedMails(email).filter((m) => m.includes('Subject: Receipt from'))
    await expect.poll(() => receipts().length, { timeout: 30_000 }).toBe(1)
    expect(receipts()[0]).toContain('Amount received: $85.00')
    expect(receipts()[0]).toContain('Balance due: $0.00')

    const after = await moneyFigures(page)
    expect(after.unpaid - before.unpaid).toBe(-8_500)
    expect(after.week - before.week).toBe(8_500)
    expect(after.month - before.month).toBe(8_500)
    await expect(page.getByTestId('money-panel').getByRole('link', { name: 'Payments CSV' })).toHaveAttribute(
      'href',
      /^\/api\/payments\/export\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
    )
    // And no second receipt by now.
    expect(receipts()).toHaveLength(1)
  } finally {
    // The customer is erased and the lead goes; the sent invoice and its payment stay for the books.
    if (!page.url().includes('/admin')) await page.goto('/admin?tab=gallery')
    await eraseThenDeleteLead(page, leadId, email)
  }
})
