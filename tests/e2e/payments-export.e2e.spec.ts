import type { Page } from '@playwright/test'

import { conventionalCsv } from '../helpers/csv'
import { downloadBy } from '../helpers/downloads'
import { query } from '../helpers/e2e-db'
import { expect, test } from '../helpers/e2e-test'
import { DEV_ADMIN } from '../../src/seed/dev-admin'
import { QUICKBOOKS_INVOICES_HEADER, QUICKBOOKS_PAYMENTS_HEADER } from '../../src/lib/quickbooks-csv'

// The bookkeeper asks for a past month: the owner picks its first and last day on the money
// panel, on a 390 px phone, and downloads that month's payments CSV with a tap.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

const pad = (n: number) => String(n).padStart(2, '0')

// Two months back: a past month whatever the day and the business's time zone.
function pastMonth() {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0))
  const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
  return { from: day(first), to: day(last), mid: `${day(first).slice(0, 8)}15T18:00:00Z` }
}

const downloadByTap = (page: Page, button: string) =>
  downloadBy(page.getByTestId('money-panel').getByRole('button', { name: button }), 'tap')

test("the owner downloads a past month's payments CSV from the money panel", async ({ page }) => {
  const month = pastMonth()
  const reference = `CHK-${Date.now()}`
  // Set up outside the flow: a check received in the middle of that month.
  const [row] = await query<{ id: number }>(
    `INSERT INTO payments (kind, method, amount_cents, reference, received_at, updated_at, created_at)
     VALUES ('payment', 'check', 12345, $1, $2, now(), now()) RETURNING id`,
    [reference, month.mid],
  )
  try {
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await page.goto('/admin?tab=leads')
    const panel = page.getByTestId('money-panel')
    const from = panel.getByLabel('From')
    const to = panel.getByLabel('To')
    await from.tap()
    await from.fill(month.from)
    await to.tap()
    await to.fill(month.to)
    const file = await downloadByTap(page, 'Download payments CSV')
    expect(file.name).toBe(`payments-${month.from}-to-${month.to}.csv`)
    const [header, ...rows] = conventionalCsv(file.bytes)
    expect(header).toEqual([
      'Date',
      'Invoice',
      'Customer',
      'Method',
      'Kind',
      'Amount',
      'Stripe fee',
      'Reference',
    ])
    expect(rows.filter((r) => r[7] === reference)).toEqual([
      [
        expect.stringMatching(new RegExp(`^${month.mid.slice(0, 10)} `)),
        '',
        '',
        'Check',
        'Payment',
        '123.45',
        '',
        reference,
      ],
    ])
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
  } finally {
    await query('DELETE FROM payments WHERE id = $1', [row.id])
  }
})

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false })

  test('the form downloads the dates it shows, and a backwards range gets a 400 that says so', async ({
    page,
  }) => {
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await page.goto('/admin?tab=leads')
    const panel = page.getByTestId('money-panel')
    const from = await panel.getByLabel('From').inputValue()
    const to = await panel.getByLabel('To').inputValue()
    const file = await downloadByTap(page, 'Download payments CSV')
    expect(file.name).toBe(`payments-${from}-to-${to}.csv`)
    expect(conventionalCsv(file.bytes)[0][0]).toBe('Date')

    // Last month for QuickBooks Online, invoices and payments, each a tap.
    const month = await panel.getByLabel('Month').inputValue()
    expect(month).toMatch(/^\d{4}-\d{2}$/)
    const invoices = await downloadByTap(page, 'QuickBooks invoices')
    expect(invoices.name).toBe(`quickbooks-invoices-${month}.csv`)
    expect(conventionalCsv(invoices.bytes)[0]).toEqual(QUICKBOOKS_INVOICES_HEADER)
    const payments = await downloadByTap(page, 'QuickBooks payments')
    expect(payments.name).toBe(`quickbooks-payments-${month}.csv`)
    expect(conventionalCsv(payments.bytes)[0]).toEqual(QUICKBOOKS_PAYMENTS_HEADER)

    // Typed backwards, the dates get a 400 that says which is which, in the browser's own page.
    await panel.getByLabel('From').fill(to)
    await panel.getByLabel('To').fill('2000-01-01')
    const [backwards] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/api/payments/export.csv?')),
      panel.getByRole('button', { name: 'Download payments CSV' }).tap(),
    ])
    expect(backwards.status()).toBe(400)
    expect(await backwards.json()).toEqual({
      errors: [{ message: `The first day (${to}) comes after the last (2000-01-01).` }],
    })
  })
})
