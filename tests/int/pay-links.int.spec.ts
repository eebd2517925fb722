import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, type Persona, setupHarness } from '../helpers/harness'
import { clearRateLimits, emptyCollections } from '../helpers/payload'
import { type FakeStripe, startFakeStripe } from '../helpers/stripe-server'

import { invoiceForToken, payLinkCheck } from '@/collections/Invoices/customerLinks'
import { PAY_LINK_ENDPOINTS } from '@/lib/invoices'
import { customerLinkToken } from '@/server/customer-link-token'

// A completed job drafts its invoice from the accepted quote; sending it e-mails a signed pay
// link; the link reads its own invoice only and starts a Stripe Checkout of the balance the
// server computes (the official SDK against tests/helpers/stripe-server.ts).

const h = setupHarness({ http: true })
let fake: FakeStripe
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const year = new Date().getFullYear()

beforeAll(async () => {
  fake = await startFakeStripe()
})
afterAll(() => fake.close())

let lead: Doc
beforeEach(async () => {
  await emptyCollections(h.payload, [
    'payments',
    'invoices',
    'quotes',
    'lead-events',
    'leads',
    'payload-jobs',
  ])
  await db().execute(sql`DELETE FROM invoice_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
  await clearRateLimits(h.payload)
  for (const name of Object.keys(fake.env)) delete process.env[name]
  fake.reset()
  lead = await seedLead(h.payload, { status: 'quoted' })
})

const acceptedQuote = async () => {
  const quote = await h.payload.create({
    collection: 'quotes',
    data: {
      lead: lead.id,
      lines: [
        { kind: 'free', description: 'Two rims, curb rash', amount: 250 },
        { kind: 'free', description: 'Shine and seal', amount: 30.5 },
      ],
    } as never,
  })
  await db().execute(sql`UPDATE quotes SET status = 'accepted', accepted_at = now() WHERE id = ${quote.id}`)
  return quote
}
const complete = (id: number) => h.payload.update({ collection: 'leads', id, data: { status: 'completed' } })
const invoicesOf = async (leadId: number) =>
  (await h.payload.find({ collection: 'invoices', where: { lead: { equals: leadId } }, depth: 0 })).docs

describe('completing a job', () => {
  it('drafts an invoice from the accepted quote, once', async () => {
    const quote = await acceptedQuote()
    await complete(lead.id)
    const [draft, ...more] = await invoicesOf(lead.id)
    expect(more).toEqual([])
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      quote: quote.id,
      customerEmail: lead.email,
      totalCents: 28_050,
      lines: [
        { description: 'Two rims, curb rash', quantity: 1, unitCents: 25_000, amountCents: 25_000 },
        { description: 'Shine and seal', quantity: 1, unitCents: 3_050, amountCents: 3_050 },
      ],
    })
  })

  it('drafts nothing without an accepted quote', async () => {
    await complete(lead.id)
    expect(await invoicesOf(lead.id)).toEqual([])
  })
})

describe('sending an invoice', () => {
  const send = (id: number, persona: Persona = 'staff') =>
    h.http.post(`/api/invoices/${id}/send`, { session: h.sessionOf(persona) })

  it('numbers it, e-mails the customer its pay link once, and notes it on the timeline', async () => {
    await acceptedQuote()
    await complete(lead.id)
    const [draft] = await invoicesOf(lead.id)
    for (const persona of ['anonymous', 'unapproved'] as const) {
      expect((await send(draft.id, persona)).status).toBe(403)
    }
    expect((await h.payload.findByID({ collection: 'invoices', id: draft.id })).status).toBe('draft')

    const res = await send(draft.id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: `${year}-0001 sent.`, number: `${year}-0001` })
    expect((await send(draft.id)).body).toEqual({ errors: [{ message: 'This invoice was sent already.' }] })

    await h.payload.jobs.run({ silent: true })
    await h.payload.jobs.run({ silent: true })
    const mails = capturedMails(lead.email).filter((m) => m.includes(`Subject: Invoice ${year}-0001 from`))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('Balance due: $280.50')
    expect(mails[0]).toContain('View your invoice')
    const token = mails[0].match(/\/pay\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/)?.[1]
    expect((await invoiceForToken(h.payload, token))?.invoice.id).toBe(draft.id)

    const kinds = (
      await h.payload.find({ collection: 'lead-events', where: { lead: { equals: lead.id } }, depth: 0 })
    ).docs.map((e) => [e.kind, e.text])
    expect(kinds).toContainEqual(['invoice_sent', `Invoice ${year}-0001, $280.50`])
  })
})

describe('a pay link', () => {
  const linkOf = async (invoice: Doc) => {
    const { tokenNonce } = await h.payload.findByID({
      collection: 'invoices',
      id: invoice.id,
      showHiddenFields: true,
    })
    return customerLinkToken(h.payload.secret, tokenNonce!, 'pay')
  }
  const checkout = (token: string) =>
    h.http.post(`/api${PAY_LINK_ENDPOINTS.checkout}`, {
      body: new URLSearchParams({ token }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    })

  it('opens its own invoice only: not with a quote link of the same nonce, nor tampered', async () => {
    const invoice = await seedSentInvoice(h.payload, lead.id)
    const token = await linkOf(invoice)
    const nonce = token.split('.')[0]
    expect((await invoiceForToken(h.payload, token))?.state).toBe('open')
    expect(await invoiceForToken(h.payload, customerLinkToken(h.payload.secret, nonce))).toBeNull()
    expect(await invoiceForToken(h.payload, `${nonce}.${'A'.repeat(24)}`)).toBeNull()
    const check = payLinkCheck(h.payload)
    expect((await check(new Headers(), token)).verdict).toBe('allowed')
    expect((await check(new Headers(), 'nope')).verdict).toBe('missing')
  })

  it('offers no card payment without Stripe keys', async () => {
    const invoice = await seedSentInvoice(h.payload, lead.id)
    const res = await checkout(await linkOf(invoice))
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ message: 'Card payments online are not available.' })
    expect(fake.creates).toBe(0)
  })

  it('sends the customer to Stripe for the balance the server computes, one session for two tabs', async () => {
    Object.assign(process.env, fake.env)
    const invoice = await seedSentInvoice(h.payload, lead.id)
    await h.payload.create({
      collection: 'payments',
      data: { invoice: invoice.id, method: 'cash', amountCents: 7_500 } as never,
      user: h.userOf('staff'),
      overrideAccess: false,
    })
    const token = await linkOf(invoice)
    const [a, b] = await Promise.all([checkout(token), checkout(token)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.url).toBe(b.body.url)
    const [session] = [...fake.sessions.values()]
    expect(fake.sessions.size).toBe(1)
    expect(a.body.url).toBe(session.url)
    expect(session).toMatchObject({
      amount_total: 20_000,
      metadata: { invoice: String(invoice.id), number: invoice.number },
      customer_email: invoice.customerEmail,
    })
    expect(session.success_url).toMatch(new RegExp(`/pay/${token.replace('.', '\\.')}\\?paid=1$`))
  })

  it('refuses a tampered link and a paid invoice, creating no session', async () => {
    Object.assign(process.env, fake.env)
    const invoice = await seedSentInvoice(h.payload, lead.id)
    expect((await checkout('not-a-token')).status).toBe(404)
    await h.payload.create({
      collection: 'payments',
      data: { invoice: invoice.id, method: 'check', amountCents: 27_500 } as never,
      user: h.userOf('staff'),
      overrideAccess: false,
    })
    const res = await checkout(await linkOf(invoice))
    expect(res.status).toBe(409)
    expect(fake.creates).toBe(0)
  })
})
