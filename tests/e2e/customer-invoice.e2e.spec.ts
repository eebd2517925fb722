import { capturedMails } from '../helpers/captured-mail'
import { eraseThenDeleteLead } from '../helpers/e2e-leads'
import { expect, test } from '../helpers/e2e-test'
import {
  adminToken,
  auth,
  expectNoSeriousAxeViolations,
  shownWithoutScripts,
  staffLead,
} from '../helpers/public-site'
import { QUOTED_LEAD } from '../helpers/quote-fixtures'
import { DEV_ADMIN } from '../../src/seed/dev-admin'
import { ERASE_INSTEAD_OF_DELETE } from '../../src/lib/erase-request'

// An invoice from the customer's side: the e-mail's pay link opens the invoice and its balance
// with how to pay (by card, the e2e server having Stripe keys, or otherwise); a payment recorded
// at the van shows it paid; a tampered link opens nothing.

test('the customer opens the invoice from the e-mail, sees the balance and how to pay, then paid', async ({
  page,
  request,
}) => {
  const token = await adminToken(request)
  const email = `invoice-${Date.now()}@example.com`
  const leadId = await staffLead(request, auth(token), { ...QUOTED_LEAD, email })
  const draft = await request.post('/api/invoices?depth=0', {
    headers: auth(token),
    data: {
      lead: leadId,
      kind: 'invoice',
      lines: [
        { description: 'Rim rash repair', quantity: 2, unitCents: 12_500 },
        { description: 'Centre caps', quantity: 1, unitCents: 4_050 },
      ],
      discountCents: 550,
    },
  })
  expect(draft.status()).toBe(201)
  const invoiceId = (await draft.json()).doc.id as number
  const sent = await request.post(`/api/invoices/${invoiceId}/send`, { headers: auth(token) })
  expect(sent.status()).toBe(200)
  const number = (await sent.json()).number as string
  // A sent invoice is final; the production build must still say why.
  const changed = await request.patch(`/api/invoices/${invoiceId}`, {
    headers: auth(token),
    data: { discountCents: 0 },
  })
  expect(changed.status()).toBe(400)
  expect((await changed.json()).errors?.[0]?.message).toBe(
    'A sent invoice cannot be changed: issue a credit note to correct it.',
  )
  // Nor deleted, with the same reason.
  const deleted = await request.delete(`/api/invoices/${invoiceId}`, { headers: auth(token) })
  expect(deleted.status()).toBe(400)
  expect((await deleted.json()).errors?.[0]?.message).toBe(
    'A sent invoice cannot be changed: issue a credit note to correct it.',
  )

  const mails = () => capturedMails(email).filter((m) => m.includes(`Subject: Invoice ${number} from`))
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(1)
  const link = mails()[0].match(/https?:\/\/[^\s"<]+\/pay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0]
  expect(link).toBeDefined()
  const path = new URL(link!).pathname

  const res = await page.goto(path)
  expect(res?.headers()['cache-control']).toMatch(/no-store|no-cache|private/)
  await expect(page.getByRole('heading', { name: `Invoice ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('cell', { name: '2 × Rim rash repair' })).toBeVisible()
  await expect(page.getByTestId('invoice-balance')).toHaveText('$285.00')
  await expect(page.getByRole('heading', { name: 'Other ways to pay' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeVisible()
  // A bill shows no promotion (the site's other pages do): its code is no discount on this invoice.
  await expect(page.locator('#promo-banner')).toHaveCount(0)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expectNoSeriousAxeViolations(page)

  const cash = await request.post('/api/payments?depth=0', {
    headers: auth(token),
    data: { invoice: invoiceId, method: 'cash', amountCents: 28_500 },
  })
  expect(cash.status()).toBe(201)
  await page.reload()
  await expect(page.getByRole('status')).toHaveText('This invoice is paid in full. Thank you!')
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00')

  // A lead the books hold is not deleted, and the production server says why; once its customer
  // is erased it goes, the sent invoice and its payment staying for the books.
  expect((await page.request.post('/api/users/login', { data: DEV_ADMIN })).ok()).toBe(true)
  const refused = await page.evaluate(async (url) => {
    const res = await fetch(url, { method: 'DELETE' })
    return [res.status, ((await res.json()) as { errors?: { message: string }[] }).errors?.[0]?.message]
  }, `/api/leads/${leadId}`)
  expect(refused).toEqual([409, ERASE_INSTEAD_OF_DELETE])
  expect(await eraseThenDeleteLead(page, leadId, email)).toEqual([200, 200])
})

test('a tampered or unknown pay link opens no invoice: a 404 that says what to do', async ({
  page,
  request,
}) => {
  for (const path of ['/pay/AAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA', '/pay/not-a-token']) {
    const res = await page.goto(path)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This link does not open an invoice' })).toBeVisible()
    const answer = await request.get(path)
    expect(answer.status()).toBe(404)
    const html = await answer.text()
    expect(shownWithoutScripts(html)).toContain('This link does not open an invoice')
    expect(html).toContain('noindex')
  }
})
