import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { workOrderInput } from '../helpers/dealers'
import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { clearRateLimits, emptyCollections } from '../helpers/payload'
import { withFakeStripe } from '../helpers/stripe-harness'
import { postWebhook } from '../helpers/text-webhooks'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'

import { recordOptOut } from '@/collections/TextOptOuts/optOuts'
import { PARTNERSHIP_SERVICE } from '@/lib/catalog'
import { PARTNER_CHANNEL } from '@/lib/lead-source'
import { TEXT_WEBHOOKS } from '@/server/texts/provider'
import { inboundTextParams } from '@/server/texts/simulate'

// The owner hears of what needs them, on the notification phones and at the notification
// addresses: once per event whatever the runners, once per burst of a customer's texts, and
// never with a link or an address a visitor typed.

const h = setupHarness({ http: true, partner: true })
const stripe = withFakeStripe(h)
let fake: FakeTwilio
withFakeTwilio((started) => (fake = started))

const OWNER = '+15125550100'
const CUSTOMER = '+15125550177' // REQUEST_FIELDS.phone, as the provider writes it
let ownerEmail = ''
let counter = 0

const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows
// Two runners at once, as two instances (or an instance and the worker) would run the queue.
const runTwice = () =>
  Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
const ownerTexts = () => fake.sent.filter((m) => m.to === OWNER).map((m) => m.body)
// The alert e-mails (not the new lead's own e-mail to the business).
// The alerts, not the new-request e-mail (which links the same job page).
const ownerMails = () =>
  capturedMails(ownerEmail).filter(
    (m) => m.includes('/admin/collections/') && !m.includes('Subject: New quote request'),
  )

beforeEach(async () => {
  fake.reset()
  await h.payload.db.deleteVersions({ collection: 'quotes', where: {} })
  await emptyCollections(h.payload, [
    'text-messages',
    'text-opt-outs',
    'payments',
    'invoices',
    'visits',
    'quotes',
    'lead-events',
    'leads',
    'work-orders',
    'payload-jobs',
  ])
  await db().execute(sql`DELETE FROM email_deliveries`)
  await db().execute(sql`DELETE FROM stripe_events`)
  await clearRateLimits(h.payload)
  ownerEmail = `owner-${++counter}@curbside.test`
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: {
      notificationPhones: OWNER,
      notificationRecipients: ownerEmail,
      alertTexts: true,
      alertEmails: true,
    },
  })
})

const receive = (body: string, from = CUSTOMER) =>
  postWebhook(
    h.http,
    TEXT_WEBHOOKS.inbound,
    inboundTextParams({ accountSid: fake.accountSid, from, to: fake.from, body }),
    { token: fake.authToken },
  )

/** A lead of the customer's number, its new-lead alert sent and forgotten. */
async function openLead(overrides: Doc = {}): Promise<Doc> {
  const lead = await seedLead(h.payload, { phone: CUSTOMER, ...overrides })
  await runTwice()
  fake.reset()
  return lead
}

describe("a customer's texts", () => {
  it('on an open lead: a burst of ten in a minute alerts once, by text and e-mail, at the job page', async () => {
    const lead = await openLead()
    for (let i = 1; i <= 10; i++) expect((await receive(`Tuesday morning works (${i})`)).status).toBe(200)
    await runTwice()
    const texts = ownerTexts()
    expect(texts).toHaveLength(1)
    expect(texts[0]).toMatch(/^Text from .+: "Tuesday morning works \(1\)"\n/)
    expect(texts[0].endsWith(`/admin/collections/leads/${lead.id}`)).toBe(true)
    expect(ownerMails()).toHaveLength(1)
    // Once the few minutes are over, the next text alerts again.
    await db().execute(sql`UPDATE leads SET reply_alerted_at = now() - interval '6 minutes'`)
    expect((await receive('Also the left rear')).status).toBe(200)
    await runTwice()
    expect(ownerTexts()).toHaveLength(2)
  })

  it('that start a lead: the new lead alerts, its burst no more', async () => {
    for (let i = 1; i <= 10; i++) expect((await receive(`Hi, bent rim (${i})`)).status).toBe(200)
    await runTwice()
    expect(ownerTexts()).toEqual([
      expect.stringMatching(/^New text from \+15125550177: "Hi, bent rim \(1\)"/),
    ])
  })

  it('never relay a link or an address the customer typed', async () => {
    await openLead()
    const typed =
      'URGENT log in at https://evil.example/login to keep your account, or evil.example/x, mail bob@evil.example'
    expect((await receive(typed)).status).toBe(200)
    await runTwice()
    const [text] = ownerTexts()
    expect(text).toContain('URGENT log in at [link] to keep your account')
    expect(text).not.toMatch(/evil|bob@/)
    const [mail] = ownerMails()
    expect(mail).not.toMatch(/evil\.example|bob@/)
  })

  it("are not texted to an owner's number that texted STOP, and not at all with text alerts off", async () => {
    await openLead()
    await recordOptOut(h.payload, OWNER, { reason: 'keyword', keyword: 'STOP' })
    expect((await receive('Tuesday morning works')).status).toBe(200)
    await runTwice()
    expect(ownerTexts()).toHaveLength(0)
    expect(ownerMails()).toHaveLength(1)
    // Texted again after START; then the owner turns text alerts off, and e-mail alerts too.
    expect((await receive('START', OWNER)).status).toBe(200)
    await h.payload.updateGlobal({ slug: 'site-settings', data: { alertTexts: false, alertEmails: false } })
    await db().execute(sql`UPDATE leads SET reply_alerted_at = now() - interval '6 minutes'`)
    expect((await receive('Wednesday works too')).status).toBe(200)
    await runTwice()
    expect(ownerTexts()).toHaveLength(0)
    expect(ownerMails()).toHaveLength(1)
  })

  it('a keyword or a C that confirms a visit alerts nobody', async () => {
    const lead = await openLead()
    await rows(sql`
      INSERT INTO visits (lead_id, start, "end", van, booked_by, created_at, updated_at)
      VALUES (${lead.id}, now() + interval '20 hours', now() + interval '22 hours', 1, 'staff', now(), now())`)
    expect((await receive('C')).status).toBe(200)
    expect((await receive('HELP')).status).toBe(200)
    await runTwice()
    expect(ownerTexts()).toHaveLength(0)
  })
})

describe('every event that needs the owner alerts once', () => {
  it('an invoice paid online', async () => {
    const lead = await openLead()
    const invoice = await seedSentInvoice(h.payload, lead.id)
    const paymentIntent = `pi_test_${Math.random().toString(16).slice(2)}`
    const event = stripe.fake.event('payment_intent.succeeded', {
      id: paymentIntent,
      object: 'payment_intent',
      amount: 5000,
      amount_received: 5000,
      status: 'succeeded',
      metadata: { invoice: String(invoice.id), number: invoice.number },
    })
    expect((await stripe.deliver(event)).status).toBe(200)
    expect((await stripe.deliver(event)).status).toBe(200)
    await runTwice()
    await runTwice()
    const alerts = ownerTexts().filter((t) => t.startsWith(`Invoice ${invoice.number} paid: $50.00`))
    expect(alerts).toHaveLength(1)
    expect(alerts[0].endsWith(`/admin/collections/leads/${lead.id}`)).toBe(true)
    expect(ownerMails().filter((m) => m.includes(`Invoice ${invoice.number} paid`))).toHaveLength(1)
  })

  it('a deposit paid online, and the quote it accepts', async () => {
    const lead = await openLead()
    const quote = await h.payload.create({
      collection: 'quotes',
      data: { lead: lead.id, lines: [{ kind: 'free', description: 'Two rims', amount: 250 }] } as never,
    })
    await db().execute(sql`UPDATE quotes SET status = 'sent' WHERE id = ${quote.id}`)
    const paymentIntent = `pi_test_${Math.random().toString(16).slice(2)}`
    const completed = stripe.fake.event('checkout.session.completed', {
      id: `cs_test_${Math.random().toString(16).slice(2)}`,
      object: 'checkout.session',
      amount_total: 5000,
      payment_intent: paymentIntent,
      payment_status: 'paid',
      status: 'complete',
      metadata: { kind: 'deposit', quote: String(quote.id), lead: String(lead.id) },
    })
    const res = await stripe.deliver(completed)
    expect(res.status).toBe(200)
    await runTwice()
    await runTwice()
    expect(ownerTexts().filter((t) => t.startsWith('Deposit paid: $50.00'))).toHaveLength(1)
    expect(ownerTexts().filter((t) => t.startsWith('Quote accepted:'))).toHaveLength(1)
  })

  it('a visit the customer booked, moved or cancelled', async () => {
    const lead = await openLead()
    const [visit] = await rows<{ id: number }>(sql`
      INSERT INTO visits (lead_id, start, "end", van, booked_by, created_at, updated_at)
      VALUES (${lead.id}, now() + interval '3 days', now() + interval '3 days 2 hours', 1, 'customer', now(), now())
      RETURNING id`)
    for (const change of ['booked', 'moved', 'cancelled']) {
      await h.payload.jobs.queue({ task: 'sendVisitNotice', input: { visitId: Number(visit.id), change } })
      await h.payload.jobs.queue({ task: 'sendVisitNotice', input: { visitId: Number(visit.id), change } })
    }
    await runTwice()
    const alerts = ownerTexts().filter((t) => t.startsWith('Visit '))
    // The queue runs a batch of jobs side by side, so the three alerts may be sent in any order.
    expect(alerts.map((t) => t.split(' ')[1]).sort()).toEqual(['booked', 'cancelled', 'moved'])
    for (const t of alerts) expect(t.endsWith(`/admin/collections/leads/${lead.id}`)).toBe(true)
  })

  it("a dealership's new work order and its change, not the shop's own saves", async () => {
    const asPartner = { overrideAccess: false, user: h.accounts.partner!.user, depth: 0 }
    const order = await h.payload.create({
      collection: 'work-orders',
      data: workOrderInput({ dueDate: '2030-01-10' }) as never,
      ...asPartner,
    })
    await runTwice()
    expect(ownerTexts()).toEqual([
      expect.stringMatching(
        /^New work order WO-\d{4} from .+: 1 car, due 2030-01-10\n.*\/admin\/collections\/work-orders\/\d+$/,
      ),
    ])
    expect(ownerTexts()[0].endsWith(`/admin/collections/work-orders/${order.id}`)).toBe(true)
    expect(ownerMails()).toHaveLength(1)
    await h.payload.update({
      collection: 'work-orders',
      id: order.id,
      data: { notes: 'Two more days' },
      ...asPartner,
    })
    await h.payload.update({ collection: 'work-orders', id: order.id, data: { notes: 'By the shop' } })
    await runTwice()
    expect(ownerTexts()).toHaveLength(2)
    expect(ownerTexts()[1]).toMatch(/^Work order WO-\d{4} changed by /)
  })

  it('a partner enquiry, with what the dealership typed cleaned', async () => {
    const lead = await h.payload.create({
      collection: 'leads',
      data: {
        firstName: 'Dana',
        lastName: 'www.evil.example',
        phone: '(512) 555-0188',
        email: 'dana@lamarauto.test',
        description: 'Partnership',
        serviceType: PARTNERSHIP_SERVICE.key,
        status: 'new',
        channel: PARTNER_CHANNEL,
        dealershipName: 'Lamar Auto https://evil.example/x',
        carsPerMonth: 40,
      } as never,
      overrideAccess: true,
    })
    await runTwice()
    const alerts = ownerTexts()
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatch(/^New partner enquiry: Lamar Auto \[link\], about 40 cars a month/)
    expect(alerts[0]).not.toContain('evil')
    expect(alerts[0].endsWith(`/admin/collections/leads/${lead.id}`)).toBe(true)
  })
})
