import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { beforeAll, describe, expect, it } from 'vitest'

import { seedInvoice, seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

import { readMoneyAtAGlance } from '@/data/back-office'
import { emptyCollections } from '../helpers/payload'

// The back office's money at a glance, in the business's days (Chicago here): unpaid and
// overdue invoices by the due rule (overdue from the 8th day after the day it was sent), and
// payments less refunds received this week (from Monday) and this month, at their edges.

const h = setupHarness()
const CHICAGO = 'America/Chicago'
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const staff = () => ({ payload: h.payload, user: h.userOf('staff')! })

// Tuesday 31 March 2026, 22:00 in Chicago (CDT): already 1 April in UTC.
const NOW = new Date('2026-04-01T03:00:00Z')

let overdueA: Doc
let oldest: Doc

async function sentAt(invoice: Doc, at: string) {
  await db().execute(sql`UPDATE invoices SET sent_at = ${at}::timestamptz WHERE id = ${invoice.id}`)
}

async function received(invoice: Doc, cents: number, at: string, kind = 'payment') {
  await db().execute(sql`
    INSERT INTO payments (invoice_id, kind, method, amount_cents, received_at, created_at, updated_at)
    VALUES (${invoice.id}, ${kind}, 'cash', ${cents}, ${at}::timestamptz, now(), now())`)
}

beforeAll(async () => {
  await emptyCollections(h.payload, ['payments', 'invoices', 'lead-events', 'leads', 'payload-jobs'])
  await db().execute(sql`DELETE FROM invoice_counters`)
  const lead = await seedLead(h.payload)
  // $275.00 each. Sent 23:30 on 23 March, Chicago: due by the 30th, overdue on the 31st.
  overdueA = await seedSentInvoice(h.payload, lead.id)
  await sentAt(overdueA, '2026-03-24T04:30:00Z')
  // Sent 00:30 on 24 March: due by the 31st, today, so not overdue yet.
  const dueToday = await seedSentInvoice(h.payload, lead.id)
  await sentAt(dueToday, '2026-03-24T05:30:00Z')
  // Part paid, long overdue: $200.00 still owed.
  oldest = await seedSentInvoice(h.payload, lead.id)
  await h.payload.create({
    collection: 'payments',
    data: { invoice: oldest.id, method: 'check', amountCents: 7_500 } as never,
    user: h.userOf('staff'),
    overrideAccess: false,
  })
  await sentAt(oldest, '2026-02-02T18:00:00Z')
  // Paid in full, and a draft: neither is owed.
  const paid = await seedSentInvoice(h.payload, lead.id)
  await h.payload.create({
    collection: 'payments',
    data: { invoice: paid.id, method: 'cash', amountCents: 27_500 } as never,
    user: h.userOf('staff'),
    overrideAccess: false,
  })
  await sentAt(paid, '2026-01-05T18:00:00Z')
  await seedInvoice(h.payload, lead.id)

  // Payments at the edges of the week (Monday 30 March, 00:00 CDT = 05:00Z) and the month
  // (1 March, 00:00 CST = 06:00Z; 1 April, 00:00 CDT = 05:00Z).
  await received(overdueA, 1_000, '2026-03-30T05:30:00Z') // Monday 00:30: this week
  await received(overdueA, 2_000, '2026-03-30T04:30:00Z') // Sunday 23:30: last week, this month
  await received(overdueA, 4_000, '2026-03-01T05:30:00Z') // 28 February, 23:30: last month
  await received(overdueA, 8_000, '2026-03-01T06:30:00Z') // 1 March, 00:30: this month
  await received(overdueA, 500, '2026-03-31T12:00:00Z', 'refund') // this week, given back
  await received(overdueA, 16_000, '2026-04-01T05:30:00Z') // 1 April, 00:30: next month
})

describe('money at a glance', () => {
  it('sums what is owed and what is overdue by the due rule, oldest first', async () => {
    const money = await readMoneyAtAGlance(staff(), CHICAGO, NOW)
    expect(money.unpaid).toEqual({ count: 3, cents: 27_500 + 27_500 + 20_000 })
    expect(money.overdue).toMatchObject({ count: 2, cents: 27_500 + 20_000 })
    expect(money.overdue.oldest.map((i) => [i.id, i.balanceCents])).toEqual([
      [oldest.id, 20_000],
      [overdueA.id, 27_500],
    ])
  })

  it("sums payments less refunds this week and this month, in the business's days", async () => {
    const money = await readMoneyAtAGlance(staff(), CHICAGO, NOW)
    expect(money.paidThisWeekCents).toBe(1_000 - 500)
    expect(money.paidThisMonthCents).toBe(1_000 + 2_000 + 8_000 - 500)
    expect(money.csv).toEqual({ from: '2026-03-01', to: '2026-03-31' })
  })

  it('counts a week that began last month in full, and the new month from its first day', async () => {
    // Thursday 2 April 2026, noon in Chicago.
    const money = await readMoneyAtAGlance(staff(), CHICAGO, new Date('2026-04-02T17:00:00Z'))
    expect(money.paidThisWeekCents).toBe(1_000 - 500 + 16_000)
    expect(money.paidThisMonthCents).toBe(16_000)
    expect(money.csv).toEqual({ from: '2026-04-01', to: '2026-04-02' })
    // A week and a day after the 24th: both March invoices are overdue now.
    expect(money.overdue.count).toBe(3)
  })

  it('is refused to an account not approved', async () => {
    await expect(
      readMoneyAtAGlance({ payload: h.payload, user: h.userOf('unapproved')! }, CHICAGO, NOW),
    ).rejects.toThrow()
  })
})
