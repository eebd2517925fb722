import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { ERASING_CUSTOMER, SENT_INVOICE_IS_FINAL } from '@/collections/Invoices/hooks/priceInvoice'
import { ERASED_BILL_TO, ERASE_INSTEAD_OF_DELETE } from '@/lib/erase-request'

import { capturedMails } from '../helpers/captured-mail'
import { eraseListed, tablesHolding } from '../helpers/erase'
import { seedInvoice, seedLead } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

// A customer's sent invoices and credit notes outlive their erasure, as the books need them:
// number, dates, lines, money and payments stay; who they were for goes (name, e-mail, address,
// the note to them, a payment's reference), through a door only the erasure opens. Their drafts
// go. Another customer's invoices are untouched, and a sent invoice stays final for every other
// write. Deleting a lead the books hold is refused until its customer is erased.

const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows
const staff = () => h.sessionOf('staff')
const runJobs = () => h.payload.jobs.run({ silent: true, limit: 100 })

const CUSTOMER = {
  firstName: 'Oriel',
  lastName: 'Marchbanks',
  email: 'oriel.marchbanks@curbside.test',
  phone: '(512) 555-0144',
  address: '7 Brindlewood Court, Austin',
}
const NEEDLES = ['oriel', 'marchbanks', 'brindlewood', '555-0144', '5125550144']

// An invoice's row and lines, as the database holds them.
const invoiceRow = async (id: number): Promise<Doc> => ({
  ...(await rows(sql`SELECT * FROM invoices WHERE id = ${id}`))[0],
  lines: await rows(sql`SELECT * FROM invoices_lines WHERE _parent_id = ${id} ORDER BY _order`),
})
const send = async (id: number) => {
  const res = await h.http.post(`/api/invoices/${id}/send`, { session: staff() })
  expect(res.status).toBe(200)
}
const payByHand = (invoice: number, amountCents: number, reference: string) =>
  h.payload.create({
    collection: 'payments',
    data: { invoice, method: 'check', amountCents, reference } as never,
    user: h.userOf('staff'),
    overrideAccess: false,
  })

describe("erasing a customer's invoices", () => {
  it('keeps sent invoices, credit notes and payments for the books, without the customer', async () => {
    const lead = await seedLead(h.payload, CUSTOMER)
    const sent = await seedInvoice(h.payload, lead.id, { note: 'Thanks Oriel, see you at Brindlewood.' })
    await send(sent.id)
    // Staff's note of how it was paid can name the payer.
    await payByHand(sent.id, 10_000, 'Zelle from Oriel Marchbanks')
    const credit = await seedInvoice(h.payload, lead.id, {
      kind: 'credit_note',
      corrects: sent.id,
      lines: [{ description: 'Delivery fee waived', quantity: 1, unitCents: 5_000 }],
      discountCents: 0,
    })
    await send(credit.id)
    const draft = await seedInvoice(h.payload, lead.id)
    const other = await seedLead(h.payload, { firstName: 'Tamsin' })
    const othersInvoice = await seedInvoice(h.payload, other.id)
    await send(othersInvoice.id)
    await runJobs()
    expect(capturedMails('').some((m) => /^To: .*oriel\.marchbanks/im.test(m))).toBe(true)

    const before = {
      sent: await invoiceRow(sent.id),
      credit: await invoiceRow(credit.id),
      other: await invoiceRow(othersInvoice.id),
      payments: await rows(sql`SELECT * FROM payments ORDER BY id`),
    }
    expect(before.sent).toMatchObject({ customer_name: 'Oriel Marchbanks', status: 'part_paid' })
    expect(await tablesHolding(h.payload, NEEDLES)).not.toEqual([])

    const res = await eraseListed(h.http, staff(), { email: CUSTOMER.email })
    expect([res.status, res.body]).toMatchObject([200, { erasedLeads: 1 }])

    // Who they were for goes; everything else about the sale is as it was.
    const marker = {
      customer_name: ERASED_BILL_TO.customerName,
      customer_email: null,
      customer_address: null,
      note: null,
    }
    for (const [id, was] of [
      [sent.id, before.sent],
      [credit.id, before.credit],
    ] as const) {
      const { updated_at: _updated, ...now } = await invoiceRow(id)
      const { updated_at: _before, ...then } = was
      expect(now).toEqual({ ...then, ...marker })
    }
    expect(before.sent).toMatchObject({ number: expect.any(String), sent_at: expect.anything() })
    // The payment stays as it was, but for the reference staff typed and its form's hash.
    expect(before.payments).toMatchObject([{ reference: 'Zelle from Oriel Marchbanks' }])
    expect(await rows(sql`SELECT * FROM payments ORDER BY id`)).toEqual(
      before.payments.map((p) => ({ ...p, reference: null, form_key: null, updated_at: expect.anything() })),
    )
    expect(await h.payload.findByID({ collection: 'invoices', id: draft.id, disableErrors: true })).toBeNull()
    expect(await invoiceRow(othersInvoice.id)).toEqual(before.other)
    expect(await tablesHolding(h.payload, NEEDLES)).toEqual([])
    // The customer's link still opens their invoice, which no longer names them.
    const link = await h.payload.findByID({ collection: 'invoices', id: sent.id, depth: 0 })
    expect(link).toMatchObject({
      ...ERASED_BILL_TO,
      lead: lead.id,
      balanceCents: Number(before.sent.balance_cents),
    })

    // The door is the erasure's alone: every other write to a sent invoice is still refused.
    const patched = await h.http.patch(`/api/invoices/${sent.id}`, {
      json: { customerName: 'Someone', context: { [ERASING_CUSTOMER]: true } },
      session: h.sessionOf('admin'),
    })
    expect([patched.status, patched.body.errors?.[0]?.message]).toEqual([400, SENT_INVOICE_IS_FINAL])
    await expect(
      h.payload.update({
        collection: 'invoices',
        id: sent.id,
        data: { customerName: 'Someone' },
        overrideAccess: true,
      }),
    ).rejects.toThrow(SENT_INVOICE_IS_FINAL)
    expect((await invoiceRow(sent.id)).customer_name).toBe(ERASED_BILL_TO.customerName)
    // Money still moves on it, as on any sent invoice.
    await payByHand(sent.id, 5_000, '1043')
    expect(await h.payload.findByID({ collection: 'invoices', id: sent.id, depth: 0 })).toMatchObject({
      ...ERASED_BILL_TO,
      paidCents: 15_000,
    })
  })
})

/**
 * An invoice being sent (or paid) by another instance meanwhile: its row locked and marked sent;
 * once `act` waits on a lock, the send's event written on the lead (a key share on it), then the
 * send committed. What `act` answered: it must neither deadlock nor pass the send by.
 */
async function whileInvoiceIsSent<T>(invoice: number, lead: number, act: () => Promise<T>): Promise<T> {
  const other = await (h.payload.db as unknown as PostgresAdapter).pool.connect()
  try {
    await other.query('BEGIN')
    await other.query('SELECT 1 FROM invoices WHERE id = $1 FOR UPDATE', [invoice])
    await other.query(`UPDATE invoices SET status = 'sent' WHERE id = $1`, [invoice])
    const acting = act()
    await expect
      .poll(
        async () =>
          (
            await other.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
            )
          ).rows[0].n,
      )
      .toBe(1)
    await other.query(
      `INSERT INTO lead_events (lead_id, kind, text, created_at, updated_at)
       VALUES ($1, 'invoice_sent', 'Invoice sent', now(), now())`,
      [lead],
    )
    await other.query('COMMIT')
    return await acting
  } finally {
    other.release()
  }
}

describe('an erasure while an invoice of the customer is being sent or paid', () => {
  it('waits for it, and neither side is aborted as a deadlock', async () => {
    const lead = await seedLead(h.payload, { ...CUSTOMER, email: 'deadlock@curbside.test' })
    const sent = await seedInvoice(h.payload, lead.id)
    await send(sent.id)
    const erasing = await whileInvoiceIsSent(sent.id, lead.id, () =>
      eraseListed(h.http, staff(), { email: 'deadlock@curbside.test' }),
    )
    expect(erasing.status).toBe(200)
    expect(await invoiceRow(sent.id)).toMatchObject({ customer_name: ERASED_BILL_TO.customerName })
  })
})

describe('deleting a lead the books hold', () => {
  it('is refused, changing nothing, with a word to erase the customer; once erased, it goes', async () => {
    const email = 'ysolde.penhallow@curbside.test'
    const lead = await seedLead(h.payload, { firstName: 'Ysolde', lastName: 'Penhallow', email })
    const sent = await seedInvoice(h.payload, lead.id)
    await send(sent.id)
    const draft = await seedInvoice(h.payload, lead.id)
    const note = await h.http.post('/api/lead-events', {
      json: { lead: lead.id, text: 'Gate code 4411' },
      session: staff(),
    })
    expect(note.status).toBe(201)
    // A deposit paid on a quote is money on the books too, before any invoice.
    const deposited = await seedLead(h.payload, { firstName: 'Wendeline' })
    await db().execute(sql`
      INSERT INTO payments (lead_id, kind, method, amount_cents, received_at, updated_at, created_at)
      VALUES (${deposited.id}, 'deposit', 'card_online', 5000, now(), now(), now())`)
    const snapshot = async () =>
      Promise.all(
        ['leads', 'invoices', 'invoices_lines', 'payments', 'lead_events', 'payload_jobs'].map((table) =>
          rows(sql`SELECT * FROM ${sql.identifier(table)} ORDER BY id`),
        ),
      )
    const before = await snapshot()

    for (const id of [lead.id, deposited.id]) {
      const res = await h.http.delete(`/api/leads/${id}`, { session: staff() })
      expect([res.status, res.body.errors?.[0]?.message]).toEqual([409, ERASE_INSTEAD_OF_DELETE])
    }
    const many = await h.http.delete(`/api/leads?where[id][equals]=${lead.id}`, { session: staff() })
    expect(many.body.errors?.[0]?.message).toBe(ERASE_INSTEAD_OF_DELETE)
    await expect(h.payload.delete({ collection: 'leads', id: lead.id })).rejects.toThrow(
      ERASE_INSTEAD_OF_DELETE,
    )
    expect(await snapshot()).toEqual(before)

    // Erased, the lead names nobody and may go; the sent invoice stays for the books without it.
    const erased = await eraseListed(h.http, staff(), { email })
    expect(erased.status).toBe(200)
    expect((await h.http.delete(`/api/leads/${lead.id}`, { session: staff() })).status).toBe(200)
    expect(
      await rows(sql`SELECT id, lead_id, customer_name FROM invoices WHERE id IN (${sent.id}, ${draft.id})`),
    ).toEqual([{ id: sent.id, lead_id: null, customer_name: ERASED_BILL_TO.customerName }])

    // An invoice being sent as the delete comes: it waits for the send (no deadlock), then refuses.
    const racing = await seedLead(h.payload, { firstName: 'Aurelio', email: 'aurelio@curbside.test' })
    const sending = await seedInvoice(h.payload, racing.id)
    const res = await whileInvoiceIsSent(sending.id, racing.id, () =>
      h.http.delete(`/api/leads/${racing.id}`, { session: staff() }),
    )
    expect([res.status, res.body.errors?.[0]?.message]).toEqual([409, ERASE_INSTEAD_OF_DELETE])

    // A lead with drafts only goes with them, as before.
    const drafted = await seedLead(h.payload, { firstName: 'Corentin' })
    const itsDraft = await seedInvoice(h.payload, drafted.id)
    expect((await h.http.delete(`/api/leads/${drafted.id}`, { session: staff() })).status).toBe(200)
    expect(await rows(sql`SELECT id FROM invoices WHERE id = ${itsDraft.id}`)).toEqual([])
  })
})
