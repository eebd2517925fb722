import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeAll, describe, expect, it } from 'vitest'

import { QUICKBOOKS_INVOICES_HEADER, QUICKBOOKS_PAYMENTS_HEADER } from '@/lib/quickbooks-csv'

import { conventionalCsv } from '../helpers/csv'
import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

// A month of the books for QuickBooks Online: invoices one row per line, payments one row each,
// in the business's days (Austin), in the columns QuickBooks' import screens take.

const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
let october: Doc
let lateOctober: Doc
let november: Doc

beforeAll(async () => {
  const lead = await seedLead(h.payload, { firstName: 'Lucía', lastName: 'Nguyễn' })
  october = await seedSentInvoice(h.payload, lead.id)
  lateOctober = await seedSentInvoice(h.payload, lead.id, {
    discountCents: 0,
    lines: [{ description: 'Powder coat, "gloss" black', quantity: 4, unitCents: 20_000 }],
  })
  november = await seedSentInvoice(h.payload, lead.id, { discountCents: 0 })
  // Sent on October 15th; 23:30 on October 31st in Austin (November 1st in UTC); November 1st.
  await db().execute(sql`
    UPDATE invoices SET sent_at = CASE id
      WHEN ${october.id} THEN '2026-10-15T18:00:00Z'::timestamptz
      WHEN ${lateOctober.id} THEN '2026-11-01T04:30:00Z'::timestamptz
      ELSE '2026-11-01T06:00:00Z'::timestamptz END
    WHERE id IN (${october.id}, ${lateOctober.id}, ${november.id})`)
  // The visit the work was done at (the 14th), and one cancelled after it.
  await db().execute(sql`
    INSERT INTO visits (lead_id, start, "end", van, cancelled_at)
    VALUES (${lead.id}, '2026-10-14T15:00:00Z', '2026-10-14T17:00:00Z', 1, NULL),
           (${lead.id}, '2026-10-15T15:00:00Z', '2026-10-15T17:00:00Z', 1, now())`)
  // A deposit paid on the quote the first invoice was drafted from, the card payment of its
  // rest, a refund (QuickBooks books it apart), and a payment of November's.
  const quote = await h.payload.create({
    collection: 'quotes',
    data: { lead: lead.id, lines: [{ kind: 'free', description: 'Two rims', amount: 250 }] } as never,
  })
  await db().execute(sql`UPDATE invoices SET quote_id = ${quote.id} WHERE id = ${october.id}`)
  await db().execute(sql`
    INSERT INTO payments (invoice_id, quote_id, lead_id, kind, method, amount_cents, stripe_id, reference, received_at, updated_at, created_at)
    VALUES (NULL, ${quote.id}, ${lead.id}, 'deposit', 'card_online', 5000, 'pi_deposit_q', NULL, '2026-10-02T15:00:00Z', now(), now()),
           (${october.id}, NULL, ${lead.id}, 'payment', 'card_online', 25000, 'pi_rest_q', NULL, '2026-10-16T15:00:00Z', now(), now()),
           (${october.id}, NULL, ${lead.id}, 'refund', 'card_online', 1000, 're_part_q', NULL, '2026-10-20T15:00:00Z', now(), now()),
           (${lateOctober.id}, NULL, ${lead.id}, 'payment', 'check', 80000, NULL, '004417', '2026-11-01T04:45:00Z', now(), now()),
           (${november.id}, NULL, ${lead.id}, 'payment', 'cash', 100, NULL, NULL, '2026-11-02T15:00:00Z', now(), now())`)
})

const get = (path: string, persona: 'staff' | 'unapproved' | 'anonymous' = 'staff') =>
  h.http.get(path, { session: h.sessionOf(persona) })

describe("QuickBooks Online's monthly invoices", () => {
  it('lists each line of each invoice sent in the month, the discount a negative line', async () => {
    const res = await get('/api/payments/quickbooks-invoices.csv?month=2026-10')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="quickbooks-invoices-2026-10.csv"',
    )
    const who = october.customerName as string
    const a = [october.number, who, '10/15/2026', '10/22/2026', 'Services']
    const b = [lateOctober.number, who, '10/31/2026', '11/07/2026', 'Services']
    expect(conventionalCsv(res.bytes)).toEqual([
      QUICKBOOKS_INVOICES_HEADER,
      [...a, 'Rim rash repair', '2', '125.00', '250.00', '10/14/2026'],
      [...a, 'Delivery fee', '1', '50.00', '50.00', '10/14/2026'],
      [...a, 'Discount', '1', '-25.00', '-25.00', '10/14/2026'],
      [...b, 'Powder coat, "gloss" black', '4', '200.00', '800.00', '10/14/2026'],
    ])
  })
})

describe("QuickBooks Online's monthly payments", () => {
  it('lists the money received in the month with its invoice, a deposit under the invoice of its quote', async () => {
    const res = await get('/api/payments/quickbooks-payments.csv?month=2026-10')
    expect(res.status).toBe(200)
    const who = october.customerName as string
    expect(conventionalCsv(res.bytes)).toEqual([
      QUICKBOOKS_PAYMENTS_HEADER,
      ['10/02/2026', 'Lucía Nguyễn', october.number, '50.00', 'Card online (Stripe)', 'pi_deposit_q'],
      ['10/16/2026', who, october.number, '250.00', 'Card online (Stripe)', 'pi_rest_q'],
      ['10/31/2026', who, lateOctober.number, '800.00', 'Check', '004417'],
    ])
    // The check's number keeps its zeros, quoted as text.
    expect(res.text).toContain(',"004417"\r\n')
  })
})

describe('the QuickBooks exports', () => {
  it('are for approved staff only, and ask for a month', async () => {
    for (const kind of ['invoices', 'payments']) {
      for (const persona of ['unapproved', 'anonymous'] as const) {
        expect((await get(`/api/payments/quickbooks-${kind}.csv?month=2026-10`, persona)).status).toBe(403)
      }
      for (const query of ['', '?month=2026-13', '?month=2026-1', '?month=October', '?month=1999-12']) {
        const res = await get(`/api/payments/quickbooks-${kind}.csv${query}`)
        expect(res.status).toBe(400)
        expect(res.body).toEqual({
          errors: [{ message: 'Give the month as month=YYYY-MM, e.g. month=2026-10.' }],
        })
      }
    }
  })
})
