import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Reader } from '@/data/back-office'
import { businessDay } from '@/lib/statements'
import { type StatementState, statementBalanceCents, statementState } from '@/lib/statement-balance'
import { dbOf } from '@/server/db'

// What dealerships owe on their statements, read with the signed-in user's own access: the
// statement's page, the back office's money panel and the partner portal.

/** A statement with its payments, or null when it is not the reader's to see. */
export async function readStatementWithPayments({ payload, user }: Reader, id: number) {
  const statement = await payload.findByID({
    collection: 'statements',
    id,
    depth: 0,
    overrideAccess: false,
    user,
    disableErrors: true,
  })
  if (!statement) return null
  const { docs: payments } = await payload.find({
    collection: 'statement-payments',
    where: { statement: { equals: id } },
    sort: 'receivedAt',
    depth: 0,
    pagination: false,
    overrideAccess: false,
    user,
  })
  return { statement, payments }
}

export type OpenStatement = {
  id: number
  number: string
  period: string
  balanceCents: number
  state: StatementState
}
export type DealershipBalance = {
  dealership: number
  name: string
  balanceCents: number
  overdueCents: number
  statements: OpenStatement[]
}

/**
 * Each dealership that owes on its statements, the largest balance first, with its statements
 * still open and their states (business days in `timeZone`). Access to statements is asked
 * through Payload first.
 */
export async function readDealershipBalances(
  { payload, user }: Reader,
  timeZone: string,
  now = new Date(),
): Promise<DealershipBalance[]> {
  await payload.count({ collection: 'statements', overrideAccess: false, user })
  const db = await dbOf(payload)
  const { rows } = (await db.execute(sql`
    SELECT s.id, s.number, s.period, s.total_cents, s.paid_cents, s.issued_at, s.net_terms_days,
      s.dealership_id, coalesce(d.name, s.dealership_name) AS name
    FROM statements s LEFT JOIN dealerships d ON d.id = s.dealership_id
    WHERE s.paid_cents < s.total_cents
    ORDER BY s.period, s.id`)) as unknown as {
    rows: {
      id: number | string
      number: string
      period: string
      total_cents: number | string
      paid_cents: number | string
      issued_at: string | Date
      net_terms_days: number | string
      dealership_id: number | string
      name: string
    }[]
  }
  const today = businessDay(now.toISOString(), timeZone)
  const byDealership = new Map<number, DealershipBalance>()
  for (const r of rows) {
    const s = {
      totalCents: Number(r.total_cents),
      paidCents: Number(r.paid_cents),
      issuedAt: new Date(r.issued_at).toISOString(),
      netTermsDays: Number(r.net_terms_days),
    }
    const dealership = Number(r.dealership_id)
    const entry = byDealership.get(dealership) ?? {
      dealership,
      name: r.name,
      balanceCents: 0,
      overdueCents: 0,
      statements: [],
    }
    const balanceCents = statementBalanceCents(s)
    const state = statementState(s, today, timeZone)
    entry.balanceCents += balanceCents
    if (state === 'overdue') entry.overdueCents += balanceCents
    entry.statements.push({ id: Number(r.id), number: r.number, period: r.period, balanceCents, state })
    byDealership.set(dealership, entry)
  }
  return [...byDealership.values()].sort(
    (a, b) => b.balanceCents - a.balanceCents || a.dealership - b.dealership,
  )
}
