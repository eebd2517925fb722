import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { sentQuote } from '../helpers/e2e-quotes'
import { expect, test } from '../helpers/e2e-test'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// A customer who phoned in and pays the deposit in cash: with "a visit only after the deposit",
// the owner could not book them. On the job page, on a phone, the owner records the deposit
// received in cash; the quote is accepted with it, and the visit books.

const LINES = [
  { kind: 'free', description: 'Two rims, curb rash', amount: 250 },
  { kind: 'free', description: 'Shine and seal', amount: 25 },
]

test("the owner records a phoned-in customer's cash deposit and books the visit", async ({
  page,
  request,
  siteSettings,
}) => {
  test.setTimeout(90_000)
  await siteSettings({ deposit: { mode: 'percent', percent: 20, aboveCents: 0, beforeBooking: true } })
  const email = `cash-deposit-${Date.now()}@example.com`
  let leadId: number | undefined
  try {
    ;({ leadId } = await sentQuote(request, email, { lines: LINES }))

    await page.setViewportSize({ width: 390, height: 844 })
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await page.goto(`/admin/collections/leads/${leadId}`)
    const notice = (text: string) =>
      page.getByTestId('lead-form-notice').or(page.locator('[data-sonner-toast]')).filter({ hasText: text })

    // Before: the deposit holds the booking back, and it could only be paid online.
    const visit = page.getByTestId('lead-visit')
    await visit.getByLabel('Street address').fill('1100 S Lamar Blvd, Austin')
    await visit.getByRole('button', { name: 'Book visit' }).click()
    await expect(notice('deposit on this lead’s quote is not paid yet')).toBeVisible()
    await expect(visit.getByText('No visit booked.')).toBeVisible()

    const section = page.getByTestId('quote-deposit')
    await expect(section.getByTestId('quote-deposit-state')).toHaveText('Deposit of $55.00 not paid yet')
    await section.getByTestId('record-deposit').locator('summary').click()
    const form = section.getByTestId('record-deposit')
    await expect(form.getByLabel('Amount received ($)')).toHaveValue('55.00')
    await form.getByLabel('Paid by').selectOption({ label: 'Cash' })
    await form.getByRole('button', { name: 'Record deposit' }).click()

    await expect(notice('Deposit recorded')).toBeVisible()
    await expect(section.getByTestId('quote-deposit-state')).toHaveText('Deposit paid: $55.00')
    await expect(page.getByText(/^Accepted on /)).toBeVisible()
    const timeline = page.getByTestId('lead-timeline')
    await expect(timeline).toContainText('Deposit paid')
    await expect(timeline).toContainText('$55.00 · Cash')
    await expect(timeline).toContainText('Quote accepted')
    // The deposit is now as if paid online: nothing left to take or waive.
    await expect(section.getByTestId('record-deposit')).toHaveCount(0)
    await expect(section.getByTestId('waive-deposit')).toHaveCount(0)

    await visit.getByLabel('Street address').fill('1100 S Lamar Blvd, Austin')
    await visit.getByRole('button', { name: 'Book visit' }).click()
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Visit booked' })).toBeVisible()
    await expect(visit.getByTestId('lead-visit-time')).toBeVisible()
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  } finally {
    if (leadId !== undefined) {
      await page.goto('/privacy-policy')
      expect(await eraseThenDeleteLead(page, leadId, email)).toEqual([200, 200])
    }
  }
})
