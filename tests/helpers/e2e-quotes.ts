import { type APIRequestContext, expect, type Locator } from '@playwright/test'

import { capturedMails } from './captured-mail'
import { adminToken, auth } from './public-site'
import { QUOTE_LINES, QUOTED_LEAD } from './quote-fixtures'

// A quote written and sent through the owner's API for a lead (made here unless given), and the
// path of the link the customer gets by e-mail.

export async function sentQuote(
  request: APIRequestContext,
  email: string,
  options: { leadId?: number; lines?: unknown[]; note?: string } = {},
) {
  const token = await adminToken(request)
  let leadId = options.leadId
  if (leadId === undefined) {
    const lead = await request.post('/api/leads?depth=0', {
      headers: auth(token),
      data: { ...QUOTED_LEAD, email },
    })
    expect(lead.status()).toBe(201)
    leadId = (await lead.json()).doc.id as number
  }
  const quote = await request.post('/api/quotes?depth=0', {
    headers: auth(token),
    data: {
      lead: leadId,
      lines: options.lines ?? QUOTE_LINES,
      ...(options.note ? { note: options.note } : {}),
    },
  })
  expect(quote.status()).toBe(201)
  const quoteId = (await quote.json()).doc.id as number
  const sent = await request.post(`/api/quotes/${quoteId}/send`, { headers: auth(token) })
  expect(sent.status()).toBe(200)
  return { leadId, quoteId }
}

/** The path of the quote link e-mailed to this address, once the queue has sent it. */
export async function quoteLinkPath(email: string): Promise<string> {
  const mails = () => capturedMails(email).filter((m) => m.includes('Subject: Your quote from'))
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(1)
  const link = mails()[0].match(/https?:\/\/[^\s"<]+\/quote\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0]
  expect(link).toBeDefined()
  return new URL(link!).pathname
}

/** Writes 4 × Rim Rash and a free "Centre caps" line of $40 in a lead's quote editor, and saves. */
export async function writeFourRimsAndCaps(editor: Locator): Promise<void> {
  // The editor's buttons are enabled once it works (as every back-office control is).
  await expect(editor.getByRole('button', { name: 'Add line' })).toBeEnabled()
  await editor.getByLabel('Quantity').fill('4')
  await editor.getByRole('button', { name: 'Add line' }).click()
  await editor.getByLabel('Line 2').selectOption('free')
  await editor.getByLabel('Description').fill('Centre caps')
  await editor.getByLabel('Amount (USD)').fill('40')
  await editor.getByRole('button', { name: 'Save quote' }).click()
}
