import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { seedInvoice, seedLead } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'

import { recordOptOut } from '@/collections/TextOptOuts/optOuts'
import { noEmailAddress } from '@/lib/staff-lead'
import { emptyCollections } from '../helpers/payload'

// What sending an invoice or a credit note tells the customer: the invoice's e-mail and, when
// they agreed to texts and have not texted STOP, its pay link by text, once; an issued credit
// note by e-mail, once, with the corrected invoice's new balance.

const h = setupHarness({ http: true })
let fake: FakeTwilio
const CUSTOMER = '+15125550100' // leadInput's phone, as the provider writes it
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const runJobs = () => h.payload.jobs.run({ silent: true })

withFakeTwilio((started) => (fake = started))

beforeEach(async () => {
  fake.reset()
  await emptyCollections(h.payload, [
    'payments',
    'invoices',
    'text-messages',
    'text-opt-outs',
    'lead-events',
    'leads',
    'payload-jobs',
  ])
  await db().execute(sql`DELETE FROM invoice_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
})

let counter = 0
async function leadWith(consent: boolean): Promise<Doc> {
  const lead = await seedLead(h.payload, { email: `sends-${Date.now()}-${++counter}@example.com` })
  // Only the request endpoint and the inbound webhook set it.
  if (consent) await db().execute(sql`UPDATE leads SET text_consent_at = now() WHERE id = ${lead.id}`)
  return lead
}

const send = (id: number) => h.http.post(`/api/invoices/${id}/send`, { session: h.sessionOf('staff') })

async function sentInvoice(lead: Doc): Promise<{ id: number; number: string }> {
  const draft = await seedInvoice(h.payload, lead.id)
  const res = await send(draft.id)
  expect(res.status).toBe(200)
  return { id: draft.id, number: (res.body as Doc).number }
}

describe('sending an invoice', () => {
  it('texts the pay link once to a customer who agreed to texts, beside the e-mail', async () => {
    const lead = await leadWith(true)
    const { number } = await sentInvoice(lead)
    await runJobs()
    await runJobs()
    expect(fake.sent).toHaveLength(1)
    expect(fake.sent[0]).toMatchObject({ to: CUSTOMER })
    expect(fake.sent[0].body).toMatch(
      new RegExp(
        `^Curbside Rim Co\\.: invoice ${number}, \\$275\\.00 due\\. .*https?://\\S+/pay/[\\w-]+\\.[\\w-]+ Reply STOP to opt out\\.$`,
      ),
    )
    const mail = capturedMails(lead.email).filter((m) => m.includes(`Subject: Invoice ${number} from`))
    expect(mail).toHaveLength(1)
    const link = mail[0].match(/https?:\/\/[^\s"<]+\/pay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0]
    expect(fake.sent[0].body).toContain(link)
    // On the lead's conversation, which its timeline shows once with its delivery.
    const texts = await h.payload.find({ collection: 'text-messages', where: { lead: { equals: lead.id } } })
    expect(texts.docs.map((t) => t.body)).toEqual([fake.sent[0].body])
  })

  it('texts nothing without consent, nor to a number that texted STOP; the e-mail still goes', async () => {
    const without = await leadWith(false)
    const stopped = await leadWith(true)
    await recordOptOut(h.payload, CUSTOMER, { reason: 'keyword', keyword: 'STOP' })
    const a = await sentInvoice(without)
    const b = await sentInvoice(stopped)
    await runJobs()
    expect(fake.sent).toEqual([])
    expect(
      capturedMails(without.email).filter((m) => m.includes(`Subject: Invoice ${a.number} from`)),
    ).toHaveLength(1)
    expect(
      capturedMails(stopped.email).filter((m) => m.includes(`Subject: Invoice ${b.number} from`)),
    ).toHaveLength(1)
  })
})

describe('issuing a credit note', () => {
  it("e-mails it once to the customer, with the invoice's new balance", async () => {
    const lead = await leadWith(false)
    const invoice = await sentInvoice(lead)
    const note = await h.payload.create({
      collection: 'invoices',
      data: {
        lead: lead.id,
        kind: 'credit_note',
        corrects: invoice.id,
        lines: [{ description: 'Delivery fee waived', quantity: 1, unitCents: 5_000 }],
      },
      depth: 0,
    })
    const res = await send(note.id)
    expect(res.status).toBe(200)
    const noteNumber = (res.body as Doc).number
    await runJobs()
    await runJobs()
    const mails = capturedMails(lead.email).filter((m) =>
      m.includes(`Subject: Credit note ${noteNumber} from`),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`correcting invoice ${invoice.number}`)
    expect(mails[0]).toContain('Credited: $50.00')
    expect(mails[0]).toContain(`Balance due on invoice ${invoice.number}: $225.00`)
    // No second invoice e-mail, and no text for a credit note.
    expect(capturedMails(lead.email).filter((m) => m.includes('Subject: Invoice '))).toHaveLength(1)
    expect(fake.sent).toEqual([])
  })
})

describe("a texted customer's receipt", () => {
  // The invoice sent (its own texts left behind), then paid in full in cash at the van.
  async function paidInCash(lead: Doc): Promise<string> {
    const { id, number } = await sentInvoice(lead)
    await runJobs()
    fake.reset()
    const paid = await h.http.post('/api/payments', {
      session: h.sessionOf('staff'),
      json: { invoice: id, kind: 'payment', method: 'cash', amountCents: 27_500 },
    })
    expect(paid.status).toBe(201)
    await runJobs()
    await runJobs()
    return number
  }
  const receiptMails = (lead: Doc) =>
    capturedMails(lead.email).filter((m) => m.includes('Subject: Receipt from'))

  it('goes by text once, with the paid invoice link, to a customer without an e-mail address', async () => {
    const lead = await seedLead(h.payload, { email: noEmailAddress(CUSTOMER) })
    await db().execute(sql`UPDATE leads SET text_consent_at = now() WHERE id = ${lead.id}`)
    const number = await paidInCash(lead)
    expect(fake.sent).toHaveLength(1)
    expect(fake.sent[0]).toMatchObject({ to: CUSTOMER })
    expect(fake.sent[0].body).toMatch(
      new RegExp(
        `^Curbside Rim Co\\.: we received \\$275\\.00 for invoice ${number}, thank you\\. Balance \\$0\\.00\\. Your receipt and invoice: https?://\\S+/pay/[\\w-]+\\.[\\w-]+ Reply STOP to opt out\\.$`,
      ),
    )
    expect(receiptMails(lead)).toEqual([])
  })

  it('goes by e-mail only to a customer who gave an address', async () => {
    const lead = await leadWith(true)
    await paidInCash(lead)
    expect(fake.sent).toEqual([])
    expect(receiptMails(lead)).toHaveLength(1)
  })
})
