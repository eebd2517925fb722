import { capturedMails, headerOf } from '../helpers/captured-mail'
import { downloadBy } from '../helpers/downloads'
import { query } from '../helpers/e2e-db'
import { expect, test } from '../helpers/e2e-test'
import { invitedPartner, newDealership, dealershipLeftovers, removeAsAdmin } from '../helpers/partners-e2e'
import { adminToken, auth } from '../helpers/public-site'
import { xlsxRows } from '../helpers/xlsx'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A statement as a bill, everyone on a 390 px phone: once past its due day the dealership's
// billing address is reminded once and the partner's portal says Overdue; the owner finds the
// dealership's balance on the money panel, opens the statement and records its check by taps;
// the partner's portal then shows it Paid.

const PHONE = { width: 390, height: 844 }
const ZONE = 'America/Chicago' // the site's default time zone: the business's days and months
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()).slice(0, 7)

test.describe('a statement paid by check, on a 390 px phone', () => {
  test.use({ viewport: PHONE })
  test.setTimeout(180_000)

  test('the overdue reminder goes once, and the check recorded shows Paid in the portal', async ({
    page,
    browser,
    request,
  }) => {
    const headers = auth(await adminToken(request))
    const stamp = Date.now()
    const email = `accounts-payable-${stamp}@dealer.test`
    const billingEmail = `billing-${stamp}@dealer.test`
    const dealershipName = `Brazos Valley Motors ${stamp}`
    const cleanup: string[] = []
    let dealership = 0
    const owner = await browser.newPage({ baseURL: test.info().project.use.baseURL, viewport: PHONE })
    try {
      // Outside the flow: the dealership, its partner, two wheels done this month, the statement.
      dealership = await newDealership(request, headers, {
        name: dealershipName,
        billingEmail,
        netTermsDays: 15,
        priceList: [{ service: 'rim_rash', unitPriceCents: 9_900 }],
      })
      await invitedPartner(page, request, headers, dealership, email, 'checks-go-out-on-fridays')
      const order = await request.post('/api/work-orders', {
        headers,
        data: {
          dealership,
          poNumber: `PO-${stamp}`,
          vehicles: [
            {
              stockNumber: 'B21',
              vin: '1HGCM82633A004352',
              wheels: [
                { position: 'LF', service: 'rim_rash' },
                { position: 'RF', service: 'rim_rash' },
              ],
            },
          ],
        },
      })
      expect(order.status()).toBe(201)
      const orderId = ((await order.json()) as { doc: { id: number } }).doc.id
      cleanup.push(`/api/work-orders/${orderId}`)
      await query(
        `UPDATE work_orders_vehicles_wheels SET status = 'done', done_at = now() - interval '1 minute'
         WHERE _parent_id IN (SELECT id FROM work_orders_vehicles WHERE _parent_id = $1)`,
        [orderId],
      )
      const issued = await request.post('/api/statements/issue', { headers, data: { month: thisMonth() } })
      expect(issued.status()).toBe(200)
      const [statement] = await query<{ id: number; number: string }>(
        'SELECT id, number FROM statements WHERE dealership_id = $1',
        [dealership],
      )
      expect(statement.number).toMatch(/^S\d{4}-\d{4}$/)
      await expect
        .poll(() =>
          capturedMails(billingEmail).some((m) => headerOf(m, 'Subject')?.includes(statement.number)),
        )
        .toBe(true)

      // Sixteen days on, its net 15 have run out; the hourly reminder's turn comes.
      await query(
        `UPDATE statements SET issued_at = issued_at - interval '16 days' WHERE dealership_id = $1`,
        [dealership],
      )
      await expect
        .poll(
          async () =>
            (
              await query(
                `UPDATE payload_jobs SET wait_until = now()
                 WHERE task_slug = 'remindOverdueStatements' AND completed_at IS NULL RETURNING id`,
              )
            ).length,
        )
        .toBeGreaterThan(0)
      const reminders = () =>
        capturedMails(billingEmail).filter(
          (m) => headerOf(m, 'Subject') === `Reminder: statement ${statement.number} is overdue, $198.00 due`,
        )
      await expect.poll(reminders, { timeout: 60_000 }).toHaveLength(1)
      expect(reminders()[0]).toContain('/partners/statements')

      // The partner: the statement overdue, the balance open.
      await page.goto('/partners/statements')
      const shown = page.getByTestId('partner-statement').filter({ hasText: statement.number })
      await expect(shown.getByTestId('statement-state')).toHaveText('Overdue')
      await expect(shown.getByTestId('statement-balance')).toHaveText('$198.00')
      await expect(page.getByTestId('open-balance')).toHaveText('Open balance: $198.00')

      // The owner: the dealership's balance on the money panel, a tap to the statement.
      expect((await owner.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await owner.goto('/admin?tab=leads')
      const balances = owner.getByTestId('dealer-balances')
      await balances.locator('summary').click()
      const dealer = balances.getByTestId('dealer-balance').filter({ hasText: dealershipName })
      await expect(dealer).toContainText(`${dealershipName}: $198.00 open, $198.00 overdue`)
      await expect(dealer).toContainText('Overdue · $198.00 due')
      await dealer.getByRole('link', { name: `Statement ${statement.number}` }).click()
      await expect(owner).toHaveURL(new RegExp(`/admin/collections/statements/${statement.id}$`))
      await expect(owner.getByTestId('statement-state')).toHaveText('Overdue')
      await expect(owner.getByTestId('statement-balance')).toHaveText('$198.00')
      // The statement for the owner's spreadsheet, typed: the stock number text, the price a number.
      const workbook = await downloadBy(owner.getByRole('link', { name: 'Download Excel' }))
      expect(workbook.name).toBe(`statement-${statement.number}.xlsx`)
      expect((await xlsxRows(workbook.bytes)).map((row) => [row[1], row[4], row[10]])).toEqual([
        ['Dealership', 'Stock number', 'Unit price'],
        [dealershipName, 'B21', 99],
        [dealershipName, 'B21', 99],
      ])

      // "Record a payment": a plain form, posting before any script. The check, by taps.
      const record = owner.getByTestId('record-statement-payment')
      await expect(record.locator('form[method="post"][action$="/payments"]')).toHaveCount(1)
      await record.getByText('Record a payment').click()
      await expect(record.getByLabel('Paid by')).toHaveValue('check')
      await expect(record.getByLabel('Amount received ($)')).toHaveValue('198.00')
      await record.getByLabel('Reference (check no.)').fill('10442')
      await record.getByRole('button', { name: 'Record payment' }).click()
      await expect(owner.getByTestId('statement-form-notice')).toContainText('Payment recorded')
      await expect(owner.getByTestId('statement-state')).toHaveText('Paid')
      await expect(owner.getByTestId('statement-balance')).toHaveText('$0.00')
      await expect(owner.getByTestId('statement-payments')).toContainText('Check 10442 · $198.00')
      await expect(owner.getByTestId('record-statement-payment')).toHaveCount(0)
      expect(
        await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)

      // The partner's portal: Paid, nothing open.
      await page.reload()
      await expect(shown.getByTestId('statement-state')).toHaveText('Paid')
      await expect(shown.getByTestId('statement-balance')).toHaveText('$0.00')
      await expect(page.getByTestId('open-balance')).toHaveText('Open balance: $0.00')
      // And the reminder stayed one.
      expect(reminders()).toHaveLength(1)
    } finally {
      await owner.close()
      if (dealership) {
        // An issued statement and its payments are final through every door: the test's own go by SQL.
        await query(
          'DELETE FROM statement_payments WHERE statement_id IN (SELECT id FROM statements WHERE dealership_id = $1)',
          [dealership],
        )
        await query('DELETE FROM statements WHERE dealership_id = $1', [dealership])
        cleanup.push(...(await dealershipLeftovers(request, headers, dealership, email)))
        await removeAsAdmin(page, cleanup)
      }
    }
  })
})
