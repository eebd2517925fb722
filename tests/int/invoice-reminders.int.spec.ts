import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { seedInvoice, seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { withFakeTwilio } from '../helpers/twilio-harness'
import type { FakeTwilio } from '../helpers/twilio-server'

import { LEAD_FORM_ERRORS } from '@/lib/lead-forms'
import { emptyCollections } from '../helpers/payload'

// The one reminder of an invoice still unpaid the settings' number of days after it was sent:
// by e-mail with its pay link, by text only with the customer's consent, "Reminder sent" on the
// lead's timeline, once whatever the runners; and the job page's "Send reminder" by hand.

const h = setupHarness({ http: true })
let fake: FakeTwilio
const CUSTOMER = '+15125550100' // leadInput's phone, as the provider writes it
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const runJobs = () => h.payload.jobs.run({ silent: true })
const runTwice = () => Promise.all([runJobs(), runJobs()])
const PAY_LINK = /https?:\/\/[^\s"<]+\/pay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/

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
  await h.payload.updateGlobal({ slug: 'site-settings', data: { invoiceReminderDays: 7 } })
})

let counter = 0
async function leadWith(consent: boolean): Promise<Doc> {
  const lead = await seedLead(h.payload, { email: `remind-${Date.now()}-${++counter}@example.com` })
  if (consent) await db().execute(sql`UPDATE leads SET text_consent_at = now() WHERE id = ${lead.id}`)
  return lead
}

// A sent invoice ($275.00 owed), its sending moved `daysAgo` days back.
async function sentDaysAgo(lead: Doc, daysAgo: number): Promise<Doc> {
  const invoice = await seedSentInvoice(h.payload, lead.id)
  await db().execute(
    sql`UPDATE invoices SET sent_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${invoice.id}`,
  )
  return invoice
}

// The scheduled task, queued twice as two instances would, run by two runners side by side,
// then the e-mails and texts it queued.
async function remindRun() {
  await h.payload.jobs.queue({ task: 'remindUnpaidInvoices', input: {} })
  await h.payload.jobs.queue({ task: 'remindUnpaidInvoices', input: {} })
  await runTwice()
  await runTwice()
}

const reminders = (email: string, number: string) =>
  capturedMails(email).filter((m) => m.includes(`Subject: Reminder: invoice ${number} from`))
const reminderEvents = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { lead: { equals: lead }, kind: { equals: 'invoice_reminded' } },
    })
  ).docs
const remindedAt = async (id: number) =>
  (await h.payload.findByID({ collection: 'invoices', id, depth: 0 })).remindedAt ?? null

describe('the scheduled reminder', () => {
  it('reminds once, by e-mail with the pay link and by text, with two runners side by side', async () => {
    const lead = await leadWith(true)
    const invoice = await sentDaysAgo(lead, 8)
    await remindRun()
    await remindRun()
    const mails = reminders(lead.email, invoice.number)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('$275.00')
    const link = mails[0].match(PAY_LINK)?.[0]
    expect(link).toBeDefined()
    expect(fake.sent).toHaveLength(1)
    expect(fake.sent[0]).toMatchObject({ to: CUSTOMER })
    expect(fake.sent[0].body).toBe(
      `Curbside Rim Co.: a reminder, invoice ${invoice.number}, $275.00 is still due. See it and how to pay here: ${link} Reply STOP to opt out.`,
    )
    const events = await reminderEvents(lead.id)
    expect(events.map((e) => e.text)).toEqual([`Invoice ${invoice.number}, $275.00 due`])
    expect(await remindedAt(invoice.id)).not.toBeNull()
    // One claim: the four runs queued one sending between them.
    const sendings = await h.payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendInvoiceLink' } },
    })
    expect(sendings.totalDocs).toBe(1)
    // The invoice e-mail itself is not sent again.
    expect(capturedMails(lead.email).filter((m) => m.includes(`Subject: Invoice ${invoice.number}`))).toEqual(
      [],
    )
  })

  it('waits for the set number of days after sending', async () => {
    const lead = await leadWith(true)
    const invoice = await sentDaysAgo(lead, 6)
    await remindRun()
    expect(reminders(lead.email, invoice.number)).toEqual([])
    expect(fake.sent).toEqual([])
    expect(await reminderEvents(lead.id)).toEqual([])
    expect(await remindedAt(invoice.id)).toBeNull()
    // Set to 5 days, it is due.
    await h.payload.updateGlobal({ slug: 'site-settings', data: { invoiceReminderDays: 5 } })
    await remindRun()
    expect(reminders(lead.email, invoice.number)).toHaveLength(1)
  })

  it('does not remind of a paid invoice', async () => {
    const lead = await leadWith(true)
    const invoice = await sentDaysAgo(lead, 8)
    await h.payload.create({
      collection: 'payments',
      data: { invoice: invoice.id, method: 'cash', amountCents: 27_500 } as never,
    })
    expect((await h.payload.findByID({ collection: 'invoices', id: invoice.id })).status).toBe('paid')
    await remindRun()
    expect(reminders(lead.email, invoice.number)).toEqual([])
    expect(fake.sent).toEqual([])
    expect(await reminderEvents(lead.id)).toEqual([])
    expect(await remindedAt(invoice.id)).toBeNull()
  })

  it('sends nothing when the setting is 0 or empty', async () => {
    const lead = await leadWith(true)
    const invoice = await sentDaysAgo(lead, 30)
    for (const invoiceReminderDays of [0, null]) {
      await h.payload.updateGlobal({ slug: 'site-settings', data: { invoiceReminderDays } })
      await remindRun()
    }
    expect(reminders(lead.email, invoice.number)).toEqual([])
    expect(fake.sent).toEqual([])
    expect(await reminderEvents(lead.id)).toEqual([])
    expect(await remindedAt(invoice.id)).toBeNull()
  })

  it('texts only a customer who agreed to texts; the e-mail goes either way', async () => {
    const lead = await leadWith(false)
    const invoice = await sentDaysAgo(lead, 8)
    await remindRun()
    expect(reminders(lead.email, invoice.number)).toHaveLength(1)
    expect(fake.sent).toEqual([])
    expect(await reminderEvents(lead.id)).toHaveLength(1)
  })

  it('refuses a number of days that is not whole, or out of range', async () => {
    for (const invoiceReminderDays of [1.5, -1, 366]) {
      const refused = await h.payload
        .updateGlobal({ slug: 'site-settings', data: { invoiceReminderDays } })
        .then(
          () => null,
          (error: { data?: { errors?: { message: string }[] } }) => error,
        )
      expect(refused?.data?.errors?.[0]?.message).toBe(
        'Enter a whole number of days from 0 to 365, or 0 for no reminders.',
      )
    }
    const settings = await h.payload.findGlobal({ slug: 'site-settings' })
    expect(settings.invoiceReminderDays).toBe(7)
  })
})

describe('"Send reminder" on the job page', () => {
  let keys = 0
  const formKey = () => `remind-key-${String(++keys).padStart(8, '0')}`
  const remind = (lead: Doc, invoice: Doc, json = false, key = formKey()) =>
    h.http.post(`/api/leads/${lead.id}/invoice-remind`, {
      session: h.sessionOf('staff'),
      body: new URLSearchParams({
        back: `/admin/collections/leads/${lead.id}`,
        invoice: String(invoice.id),
        key,
      }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(json ? { Accept: 'application/json' } : {}),
      },
    })
  const jobs = async () => (await h.payload.find({ collection: 'payload-jobs', limit: 0 })).totalDocs

  it('sends one reminder of a sent invoice, says how, and it stands for the scheduled one', async () => {
    const lead = await leadWith(true)
    const invoice = await sentDaysAgo(lead, 2)
    const key = formKey()
    const res = await remind(lead, invoice, false, key)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(
      `/admin/collections/leads/${lead.id}?done=invoice&invoice=reminded-both`,
    )
    // The same form posted twice (a second tap) sends one.
    expect((await remind(lead, invoice, false, key)).status).toBe(303)
    await runTwice()
    const mails = reminders(lead.email, invoice.number)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatch(PAY_LINK)
    expect(fake.sent).toHaveLength(1)
    expect(await reminderEvents(lead.id)).toHaveLength(1)
    // Counted as the invoice's one reminder: none follows when the days have passed.
    await db().execute(sql`UPDATE invoices SET sent_at = now() - interval '8 days' WHERE id = ${invoice.id}`)
    await remindRun()
    expect(reminders(lead.email, invoice.number)).toHaveLength(1)
    expect(await reminderEvents(lead.id)).toHaveLength(1)
  })

  it('says "we e-mailed" when the customer gets no texts', async () => {
    const lead = await leadWith(false)
    const invoice = await sentDaysAgo(lead, 1)
    const res = await remind(lead, invoice, true)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: 'reminded-email',
      location: expect.stringMatching(/[?&]done=invoice&invoice=reminded-email$/),
    })
  })

  it('refuses a paid invoice and a draft with a 409, changing nothing', async () => {
    const lead = await leadWith(true)
    const paid = await sentDaysAgo(lead, 8)
    await h.payload.create({
      collection: 'payments',
      data: { invoice: paid.id, method: 'cash', amountCents: 27_500 } as never,
    })
    const draft = await seedInvoice(h.payload, lead.id)
    await runJobs()
    const before = { jobs: await jobs(), paid: await remindedAt(paid.id), draft: await remindedAt(draft.id) }

    const paidJson = await remind(lead, paid, true)
    expect(paidJson.status).toBe(409)
    expect((paidJson.body as Doc).errors[0].message).toBe(LEAD_FORM_ERRORS['invoice-not-owed'])
    const paidForm = await remind(lead, paid)
    expect(paidForm.status).toBe(303)
    expect(paidForm.headers.get('location')).toBe(
      `/admin/collections/leads/${lead.id}?error=invoice-not-owed`,
    )
    const draftJson = await remind(lead, draft, true)
    expect(draftJson.status).toBe(409)
    expect((draftJson.body as Doc).errors[0].message).toBe(LEAD_FORM_ERRORS['invoice-unsent'])

    await runJobs()
    expect({
      jobs: await jobs(),
      paid: await remindedAt(paid.id),
      draft: await remindedAt(draft.id),
    }).toEqual(before)
    expect(reminders(lead.email, paid.number)).toEqual([])
    expect(fake.sent).toEqual([])
    expect(await reminderEvents(lead.id)).toEqual([])
  })
})
