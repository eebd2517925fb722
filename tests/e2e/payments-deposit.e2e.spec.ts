import { capturedMails } from '../helpers/captured-mail'
import { payOnStripe } from '../helpers/e2e-checkout'
import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { quoteLinkPath, sentQuote } from '../helpers/e2e-quotes'
import { E2E_STRIPE } from '../helpers/e2e-stripe'
import { expect, test } from '../helpers/e2e-test'
import { adminToken, auth } from '../helpers/public-site'
import { type FakeStripe, startFakeStripe } from '../helpers/stripe-server'
import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Getting paid with a deposit: a $275 quote with a 20% deposit is accepted on its page and paid
// on (the fake of) Stripe's page; the signed webhook marks the deposit paid on the lead's
// timeline and opens the booking; the job completed, the invoice e-mail's link shows the $220
// balance; paying it by card marks the invoice paid, and one receipt arrives.

let fake: FakeStripe
test.beforeAll(async () => {
  fake = await startFakeStripe(E2E_STRIPE)
})
test.afterAll(() => fake?.close())

const LINES = [
  { kind: 'free', description: 'Two rims, curb rash', amount: 250 },
  { kind: 'free', description: 'Shine and seal', amount: 25 },
]

test('a deposit on accepting, the booking it opens, and the balance paid on the invoice', async ({
  page,
  browser,
  request,
  siteSettings,
}) => {
  test.setTimeout(120_000)
  const token = await adminToken(request)
  const headers = auth(token)
  await siteSettings({ deposit: { mode: 'percent', percent: 20, aboveCents: 10_000, beforeBooking: true } })
  let leadId: number | undefined
  const email = `deposit-${Date.now()}@example.com`
  try {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.201' })
    ;({ leadId } = await sentQuote(request, email, { lines: LINES }))

    await page.goto(await quoteLinkPath(email))
    await expect(page.getByText('A deposit of $55 is due when you accept this quote.')).toBeVisible()
    await page.getByRole('button', { name: 'Accept and pay deposit' }).click()
    await payOnStripe(fake, page, request, '$55.00')

    await expect(page.getByRole('status').first()).toContainText('You accepted this quote on')
    await expect(page.getByTestId('deposit-paid')).toHaveText('Deposit paid: $55.')
    await expect(page.getByRole('heading', { name: 'Pick a time for the visit' })).toBeVisible()
    const events = await request.get(
      `/api/lead-events?depth=0&sort=id&where[lead][equals]=${leadId}&where[kind][in]=deposit_paid,quote_accepted`,
      { headers },
    )
    expect(
      ((await events.json()).docs as { kind: string; text: string }[]).map((e) => [e.kind, e.text]),
    ).toEqual([
      ['deposit_paid', '$55.00 · Card online (Stripe)'],
      ['quote_accepted', 'By the customer, with the deposit'],
    ])

    // The job done on the job page: the drafted invoice deducts the deposit; the owner sends it.
    const owner = await browser.newPage({ viewport: { width: 390, height: 844 } })
    expect((await owner.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
    await owner.goto(`/admin/collections/leads/${leadId}`, { waitUntil: 'commit' })
    await owner.getByTestId('lead-details').getByRole('button', { name: 'Mark Completed' }).click()
    const draft = owner.getByTestId('invoice-draft')
    await expect(draft.getByRole('heading')).toHaveText('Invoice draft · $275.00 · deposit paid $55.00')
    await draft.getByRole('button', { name: 'Send invoice' }).click()
    await expect(
      owner
        .getByTestId('lead-form-notice')
        .or(owner.locator('[data-sonner-toast]'))
        .filter({ hasText: 'Invoice sent: we e-mailed the customer' }),
    ).toBeVisible()
    const sentInvoice = owner.getByTestId('lead-invoice')
    await expect(sentInvoice.locator('.cbo-money')).toHaveText('Owing')
    const number = /Invoice (\d{4}-\d{4})/.exec((await sentInvoice.textContent()) ?? '')![1]
    const drafts = await request.get(`/api/invoices?depth=0&where[lead][equals]=${leadId}`, { headers })
    const invoice = (await drafts.json()).docs[0] as { id: number; depositCents: number }
    expect(invoice.depositCents).toBe(5_500)

    const invoiceMail = () =>
      capturedMails(email).filter((m) => m.includes(`Subject: Invoice ${number} from`))
    await expect.poll(() => invoiceMail().length, { timeout: 30_000 }).toBe(1)
    const link = invoiceMail()[0].match(/https?:\/\/[^\s"<]+\/pay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)![0]
    await page.goto(new URL(link).pathname)
    await expect(page.getByRole('row', { name: 'Deposit paid −$55.00' })).toBeVisible()
    await expect(page.getByTestId('invoice-balance')).toHaveText('$220.00')
    await page.getByRole('button', { name: 'Pay by card' }).click()
    await payOnStripe(fake, page, request, '$220.00')
    await expect(page.getByRole('status')).toHaveText('This invoice is paid in full. Thank you!')

    const paid = await request.get(`/api/invoices/${invoice.id}?depth=0`, { headers })
    expect(await paid.json()).toMatchObject({ status: 'paid', balanceCents: 0 })
    const receipts = () => capturedMails(email).filter((m) => m.includes('Subject: Receipt from'))
    await expect.poll(() => receipts().length, { timeout: 30_000 }).toBe(1)
    expect(receipts()[0]).toContain('$220.00')
    // Paid on the owner's job page too.
    await owner.reload()
    await expect(sentInvoice.locator('.cbo-money')).toHaveText('Paid')
    await owner.close()
  } finally {
    if (leadId !== undefined) {
      // The customer is erased and the lead goes (from a page of the site: a cross-site write is
      // refused); the sent invoice and its payments stay for the books.
      expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
      await page.goto('/privacy-policy')
      expect(await eraseThenDeleteLead(page, leadId, email)).toEqual([200, 200])
    }
  }
})
