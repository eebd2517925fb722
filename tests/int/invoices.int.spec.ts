import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import { beforeEach, describe, expect, it } from 'vitest'

import { capturedMails } from '../helpers/captured-mail'
import { seedInvoice, seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

import { issueInvoice } from '@/collections/Invoices/issue'
import { SENT_INVOICE_IS_FINAL } from '@/collections/Invoices/hooks/priceInvoice'
import { ERASE_INSTEAD_OF_DELETE } from '@/lib/erase-request'
import { emptyCollections } from '../helpers/payload'

// Invoices and credit notes priced on the server, numbered when sent (gapless across
// concurrent senders), final once sent; payments recorded by hand settle them.

const h = setupHarness({ personas: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const rows = async <T = Doc>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows
const year = () => new Date().getFullYear()
const staff = () => h.userOf('staff')
const invoice = (id: number) => h.payload.findByID({ collection: 'invoices', id, depth: 0 })
const events = async (lead: number) =>
  (
    await h.payload.find({
      collection: 'lead-events',
      where: { lead: { equals: lead } },
      sort: 'id',
      depth: 0,
      pagination: false,
    })
  ).docs.map((e) => ({ kind: e.kind, text: e.text }))

// What a refused write told its author: a field's message, or the error's own.
const refusal = async (write: Promise<unknown>) => {
  const error = (await write.then(
    () => null,
    (e: unknown) => e,
  )) as { message: string; data?: { errors?: { message: string }[] } } | null
  return error?.data?.errors?.[0]?.message ?? error?.message ?? 'accepted'
}

let lead: Doc

beforeEach(async () => {
  await emptyCollections(h.payload, ['payments', 'invoices', 'lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM invoice_counters`)
  await db().execute(sql`DELETE FROM email_deliveries`)
  lead = await seedLead(h.payload)
})

describe('a draft invoice', () => {
  it('is priced on the server, whatever the browser sends, with no number', async () => {
    const draft = await h.payload.create({
      collection: 'invoices',
      data: {
        lead: lead.id,
        lines: [{ description: ' Rim rash repair ', quantity: 2, unitCents: 12_500, amountCents: 1 }],
        discountCents: 500,
        totalCents: 1,
        status: 'paid',
        number: '1999-0001',
      } as never,
      user: staff(),
      overrideAccess: false,
      depth: 0,
    })
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      subtotalCents: 25_000,
      discountCents: 500,
      totalCents: 24_500,
      balanceCents: 24_500,
      customerEmail: lead.email,
      customerName: `${lead.firstName} ${lead.lastName}`,
    })
    expect(draft.lines[0]).toMatchObject({ description: 'Rim rash repair', amountCents: 25_000 })
  })

  it('refuses fractions of a cent, a discount above the subtotal and no lines, changing nothing', async () => {
    const bad = [
      { lines: [{ description: 'Repair', quantity: 1, unitCents: 10.5 }] },
      { lines: [{ description: 'Repair', quantity: 1, unitCents: 100 }], discountCents: 101 },
      { lines: [] },
    ]
    const messages = []
    for (const data of bad) {
      messages.push(
        await refusal(
          h.payload.create({
            collection: 'invoices',
            data: { lead: lead.id, ...data } as never,
            user: staff(),
            overrideAccess: false,
          }),
        ),
      )
    }
    expect(messages).toEqual([
      'Each unit price is a whole number of cents, up to $10,000.',
      'The discount is a whole number of cents, at most the subtotal.',
      expect.stringMatching(/row|line/i),
    ])
    expect(await rows(sql`SELECT id FROM invoices`)).toEqual([])
  })

  it('is at most what one card payment takes ($999,999.99), with a clear 400', async () => {
    const create = (lines: Doc[]) =>
      h.payload.create({
        collection: 'invoices',
        data: { lead: lead.id, lines } as never,
        user: staff(),
        overrideAccess: false,
        depth: 0,
      })
    const line = { description: 'Forged wheel', quantity: 100, unitCents: 1_000_000 }
    // 30 lines of 100 wheels at $10,000: $30,000,000.
    const error = (await create(Array(30).fill(line)).catch((e: unknown) => e)) as {
      status: number
      data: { errors: { message: string }[] }
    }
    expect(error.status).toBe(400)
    expect(error.data.errors[0].message).toBe(
      "An invoice's total is at most $999,999.99 (what one card payment can take): split the work into several invoices.",
    )
    expect(await rows(sql`SELECT id FROM invoices`)).toEqual([])
    const most = await create([
      { ...line, quantity: 99 },
      { description: 'Forged wheel', quantity: 1, unitCents: 999_999 },
    ])
    expect(most.totalCents).toBe(99_999_999)
  })

  it('can be adjusted and deleted while a draft', async () => {
    const draft = await seedInvoice(h.payload, lead.id)
    const changed = await h.payload.update({
      collection: 'invoices',
      id: draft.id,
      data: { lines: [{ description: 'Two rims', quantity: 1, unitCents: 30_000 }], discountCents: 0 },
      user: staff(),
      overrideAccess: false,
    })
    expect(changed.totalCents).toBe(30_000)
    await h.payload.delete({ collection: 'invoices', id: draft.id, user: staff(), overrideAccess: false })
    expect(await rows(sql`SELECT id FROM invoices`)).toEqual([])
  })
})

describe('sending an invoice', () => {
  it('numbers invoices in order within the year', async () => {
    const a = await seedSentInvoice(h.payload, lead.id)
    const draft = await seedInvoice(h.payload, lead.id)
    const b = await seedSentInvoice(h.payload, lead.id)
    expect([a.number, b.number]).toEqual([`${year()}-0001`, `${year()}-0002`])
    expect(a).toMatchObject({ status: 'sent', balanceCents: 27_500 })
    expect(a.sentAt).toBeTruthy()
    expect((await invoice(draft.id)).number).toBeNull()
  })

  it('makes it final: no change, no deletion, not even by an admin', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const before = await rows(sql`SELECT * FROM invoices WHERE id = ${sent.id}`)
    await expect(
      h.payload.update({
        collection: 'invoices',
        id: sent.id,
        data: { discountCents: 0 },
        user: h.userOf('admin'),
        overrideAccess: false,
      }),
    ).rejects.toThrow(SENT_INVOICE_IS_FINAL)
    await expect(
      h.payload.delete({
        collection: 'invoices',
        id: sent.id,
        user: h.userOf('admin'),
        overrideAccess: false,
      }),
    ).rejects.toThrow(SENT_INVOICE_IS_FINAL)
    expect(await rows(sql`SELECT * FROM invoices WHERE id = ${sent.id}`)).toEqual(before)
  })

  it('refuses a second send', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const req = await createLocalReq({}, h.payload)
    await initTransaction(req)
    try {
      await expect(issueInvoice(req, sent.id)).rejects.toThrow('This invoice was sent already.')
    } finally {
      await killTransaction(req)
    }
    expect((await invoice(sent.id)).number).toBe(sent.number)
  })

  it('gives unique, gapless numbers to concurrent senders, a rolled-back one taking none', async () => {
    const drafts = await Promise.all(Array.from({ length: 12 }, () => seedInvoice(h.payload, lead.id)))
    // Each sender in its own transaction on its own connection, as two instances would be;
    // every third gives up after taking its number.
    await Promise.all(
      drafts.map(async (draft, i) => {
        const req = await createLocalReq({}, h.payload)
        await initTransaction(req)
        await issueInvoice(req, draft.id)
        if (i % 3 === 2) await killTransaction(req)
        else await commitTransaction(req)
      }),
    )
    const numbers = (
      await rows<{ number: string }>(sql`SELECT number FROM invoices WHERE number IS NOT NULL`)
    )
      .map((r) => r.number)
      .sort()
    expect(numbers).toEqual(
      Array.from({ length: 8 }, (_, i) => `${year()}-${String(i + 1).padStart(4, '0')}`),
    )
    expect(await rows(sql`SELECT count(*)::int AS n FROM invoices WHERE status = 'draft'`)).toEqual([
      { n: 4 },
    ])
  })
})

describe('a credit note', () => {
  it('corrects a sent invoice: part of it lowers the balance, all of it voids the invoice', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const part = await h.payload.create({
      collection: 'invoices',
      data: {
        lead: lead.id,
        kind: 'credit_note',
        corrects: sent.id,
        lines: [{ description: 'Delivery fee waived', quantity: 1, unitCents: 5_000 }],
      },
      user: staff(),
      overrideAccess: false,
    })
    // A draft credit note changes nothing yet.
    expect((await invoice(sent.id)).balanceCents).toBe(27_500)
    const req = await createLocalReq({}, h.payload)
    await initTransaction(req)
    const issued = await issueInvoice(req, part.id)
    await commitTransaction(req)
    expect(issued.number).toBe(`${year()}-0002`)
    expect(await invoice(sent.id)).toMatchObject({
      status: 'sent',
      creditedCents: 5_000,
      balanceCents: 22_500,
    })

    await seedSentInvoice(h.payload, lead.id, {
      kind: 'credit_note',
      corrects: sent.id,
      lines: [{ description: 'Job cancelled', quantity: 1, unitCents: 22_500 }],
      discountCents: 0,
    })
    expect(await invoice(sent.id)).toMatchObject({ status: 'void', balanceCents: 0 })
  })

  it('takes back at most what the invoice billed, taking no number when refused', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const tooMuch = await h.payload.create({
      collection: 'invoices',
      data: {
        lead: lead.id,
        kind: 'credit_note',
        corrects: sent.id,
        lines: [{ description: 'Everything and more', quantity: 1, unitCents: 27_501 }],
      },
      overrideAccess: true,
    })
    const req = await createLocalReq({}, h.payload)
    await initTransaction(req)
    try {
      await expect(issueInvoice(req, tooMuch.id)).rejects.toThrow(
        `A credit note can take back at most $275.00 of invoice ${sent.number}.`,
      )
    } finally {
      await killTransaction(req)
    }
    expect(await invoice(tooMuch.id)).toMatchObject({ status: 'draft', number: null })
    expect(await invoice(sent.id)).toMatchObject({ status: 'sent', creditedCents: 0 })
  })

  it('refuses to correct a draft', async () => {
    const draft = await seedInvoice(h.payload, lead.id)
    const write = h.payload.create({
      collection: 'invoices',
      data: {
        lead: lead.id,
        kind: 'credit_note',
        corrects: draft.id,
        lines: [{ description: 'x', quantity: 1, unitCents: 100 }],
      },
      user: staff(),
      overrideAccess: false,
    })
    expect(await refusal(write)).toBe('A credit note corrects a sent invoice: choose it.')
  })
})

describe('a payment recorded by hand', () => {
  const pay = (data: Doc) =>
    h.payload.create({
      collection: 'payments',
      data: { method: 'cash', ...data } as never,
      user: staff(),
      overrideAccess: false,
      depth: 0,
    })

  it('settles the invoice, part paid then paid, on the lead timeline', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const first = await pay({ invoice: sent.id, amountCents: 10_000, reference: 'bills', kind: 'refund' })
    expect(first).toMatchObject({ lead: lead.id, kind: 'payment', recordedBy: staff()!.id })
    expect(await invoice(sent.id)).toMatchObject({
      status: 'part_paid',
      paidCents: 10_000,
      balanceCents: 17_500,
    })
    await pay({ invoice: sent.id, amountCents: 17_500, method: 'check', reference: '1042' })
    const paid = await invoice(sent.id)
    expect(paid).toMatchObject({ status: 'paid', paidCents: 27_500, balanceCents: 0 })
    expect(paid.paidAt).toBeTruthy()
    await h.payload.jobs.run({ silent: true })
    await h.payload.jobs.run({ silent: true })
    const receipts = capturedMails(lead.email).filter((m) => m.includes('Subject: Receipt from'))
    expect(receipts.map((m) => m.match(/Amount received: (\S+)/)?.[1]).sort()).toEqual(['$100.00', '$175.00'])
    expect((await events(lead.id)).filter((e) => e.kind === 'payment_received')).toEqual([
      { kind: 'payment_received', text: `$100.00 · Cash · invoice ${sent.number} · ref. bills` },
      { kind: 'payment_received', text: `$175.00 · Check · invoice ${sent.number} · ref. 1042` },
    ])
  })

  it('refuses more than is owed, a draft, a paid invoice and online card payments, recording nothing', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const draft = await seedInvoice(h.payload, lead.id)
    expect(await refusal(pay({ invoice: sent.id, amountCents: 27_501 }))).toBe(
      'The amount is more than the $275.00 still owed.',
    )
    expect(await refusal(pay({ invoice: draft.id, amountCents: 100 }))).toBe(
      'Send the invoice before recording a payment on it.',
    )
    expect(await refusal(pay({ invoice: sent.id, amountCents: 100, method: 'card_online' }))).toBe(
      'Card payments made online are recorded from Stripe; choose how the customer paid.',
    )
    expect(await refusal(pay({ invoice: sent.id, amountCents: 0.5 }))).toMatch(/whole number of cents/)
    await pay({ invoice: sent.id, amountCents: 27_500 })
    expect(await refusal(pay({ invoice: sent.id, amountCents: 1 }))).toBe('This invoice is paid in full.')
    expect(await rows(sql`SELECT amount_cents::int AS cents FROM payments`)).toEqual([{ cents: 27_500 }])
  })

  it('takes the last dollar once when two phones record at once', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const results = await Promise.allSettled([
      pay({ invoice: sent.id, amountCents: 20_000 }),
      pay({ invoice: sent.id, amountCents: 20_000 }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await invoice(sent.id)).toMatchObject({ status: 'part_paid', balanceCents: 7_500 })
  })

  it('is never changed or deleted through the API', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const payment = await pay({ invoice: sent.id, amountCents: 100 })
    await expect(
      h.payload.update({
        collection: 'payments',
        id: payment.id,
        data: { amountCents: 1 },
        user: h.userOf('admin'),
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    await expect(
      h.payload.delete({
        collection: 'payments',
        id: payment.id,
        user: h.userOf('admin'),
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    expect(await rows(sql`SELECT amount_cents::int AS cents FROM payments`)).toEqual([{ cents: 100 }])
  })
})

describe("deleting a lead's data", () => {
  it('is refused while a sent invoice or a payment names its customer, and changes nothing', async () => {
    const sent = await seedSentInvoice(h.payload, lead.id)
    const draft = await seedInvoice(h.payload, lead.id)
    await h.payload.create({
      collection: 'payments',
      data: { invoice: sent.id, method: 'cash', amountCents: 100 } as never,
      user: staff(),
      overrideAccess: false,
    })
    const books = sql`SELECT i.id, i.lead_id, (SELECT count(*)::int FROM payments p WHERE p.lead_id = i.lead_id) AS paid
      FROM invoices i ORDER BY i.id`
    expect(await refusal(h.payload.delete({ collection: 'leads', id: lead.id }))).toBe(
      ERASE_INSTEAD_OF_DELETE,
    )
    expect(await rows(books)).toEqual([
      { id: sent.id, lead_id: lead.id, paid: 1 },
      { id: draft.id, lead_id: lead.id, paid: 1 },
    ])
    expect(await h.payload.count({ collection: 'leads', where: { id: { equals: lead.id } } })).toEqual({
      totalDocs: 1,
    })
  })

  it('drops its draft invoices with it', async () => {
    await seedInvoice(h.payload, lead.id)
    await h.payload.delete({ collection: 'leads', id: lead.id })
    expect(await rows(sql`SELECT id FROM invoices`)).toEqual([])
  })
})
