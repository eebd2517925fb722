import type { APIRequestContext, Page } from '@playwright/test'

import { query } from '../helpers/e2e-db'
import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { quoteLinkPath, sentQuote } from '../helpers/e2e-quotes'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth, staffLead } from '../helpers/public-site'
import { QUOTED_LEAD } from '../helpers/quote-fixtures'
import { formatShortWhen } from '../../src/lib/business-time'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// What happened on a job, beside the spec's status, on a lead's card and on its job page: read
// from what is stored. The state is set up through the API and the customer's quote page (not
// under test); the deposit and the customer's confirmation as Stripe's and Twilio's webhooks
// would store them.

const TIME_ZONE = 'America/Chicago' // the seeded SiteSettings default

test.use({ viewport: { width: 390, height: 844 } })

async function sentInvoice(
  request: APIRequestContext,
  headers: Record<string, string>,
  lead: number,
  cents: number,
) {
  const draft = await request.post('/api/invoices?depth=0', {
    headers,
    data: {
      lead,
      kind: 'invoice',
      lines: [{ description: 'Rim rash repair', quantity: 1, unitCents: cents }],
    },
  })
  expect(draft.status()).toBe(201)
  const id = (await draft.json()).doc.id as number
  expect((await request.post(`/api/invoices/${id}/send`, { headers })).status()).toBe(200)
  return id
}

async function expectFacts(page: Page, lead: number, lastName: string, status: string, facts: string[]) {
  await page.goto(`/admin?tab=leads&q=${lastName}`)
  const card = page.getByTestId('lead').filter({ hasText: lastName })
  await expect(card.locator('.cbo-status')).toHaveText(status)
  await expect(card.getByTestId('job-facts').getByRole('listitem')).toHaveText(facts)
  await page.goto(`/admin/collections/leads/${lead}`)
  const details = page.getByTestId('lead-details')
  await expect(details.locator('.cbo-status')).toHaveText(status)
  await expect(details.getByTestId('job-facts').getByRole('listitem')).toHaveText(facts)
  // Small labels: the phone's page does not grow sideways for them.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

test("a card and the job page show the job's facts beside the status", async ({ page, request }) => {
  test.setTimeout(120_000)
  const headers = auth(await adminToken(request))
  const stamp = Date.now()
  const owing = { lastName: `Owing${stamp}`, email: `facts-owing-${stamp}@example.com` }
  const paid = { lastName: `Paid${stamp}`, email: `facts-paid-${stamp}@example.com` }
  const leads: { id: number; email: string }[] = []
  try {
    // The first job: quote accepted, deposit paid, a visit booked and confirmed, $200 owed.
    const owingId = await staffLead(request, headers, { ...QUOTED_LEAD, ...owing, status: 'quoted' })
    leads.push({ id: owingId, email: owing.email })
    const { quoteId } = await sentQuote(request, owing.email, { leadId: owingId })
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.231' })
    await page.goto(await quoteLinkPath(owing.email))
    await page.getByRole('button', { name: 'Accept quote' }).click()
    await expect(page.getByRole('status')).toContainText('You accepted this quote on')
    await query(
      `INSERT INTO payments (quote_id, lead_id, kind, method, amount_cents, stripe_id, received_at, updated_at, created_at)
       VALUES ($1, $2, 'deposit', 'card_online', 5000, $3, now(), now(), now())`,
      [quoteId, owingId, `pi_facts_${stamp}`],
    )
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await page.goto(`/admin/collections/leads/${owingId}`)
    const [start] = (
      await page
        .getByLabel('Book for')
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    ).filter(Boolean)
    const booked = await request.post('/api/visits/book', {
      headers,
      data: { lead: owingId, start, address: '1200 Barton Springs Rd' },
    })
    expect(booked.status()).toBe(201)
    await query(`UPDATE visits SET confirmed_at = now() WHERE lead_id = $1 AND cancelled_at IS NULL`, [
      owingId,
    ])
    await sentInvoice(request, headers, owingId, 20_000)

    // The second job: its invoice sent and paid in cash.
    const paidId = await staffLead(request, headers, { ...QUOTED_LEAD, ...paid, status: 'quoted' })
    leads.push({ id: paidId, email: paid.email })
    const invoice = await sentInvoice(request, headers, paidId, 12_500)
    const payment = await request.post('/api/payments?depth=0', {
      headers,
      data: { invoice, kind: 'payment', method: 'cash', amountCents: 12_500 },
    })
    expect(payment.status()).toBe(201)

    await expectFacts(page, owingId, owing.lastName, 'Quoted', [
      'Accepted',
      'Deposit paid',
      `Visit ${formatShortWhen(start, TIME_ZONE)}`,
      'Confirmed',
      'Owes $200',
    ])
    await expectFacts(page, paidId, paid.lastName, 'Quoted', ['Paid'])
  } finally {
    if (!page.url().startsWith('http')) await page.goto('/privacy-policy')
    expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    for (const lead of leads) expect(await eraseThenDeleteLead(page, lead.id, lead.email)).toEqual([200, 200])
  }
})
