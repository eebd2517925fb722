import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import type { Payload } from 'payload'

import { publishedOffers } from '@/globals/HomePage/publishedOffers'
import { businessTimeZone } from '@/lib/business-time'
import { dealerUnitPriceCents } from '@/lib/dealer-prices'
import {
  applyCredits,
  type DoneWorkOrder,
  type Period,
  parsePeriod,
  periodBounds,
  periodLabel,
  StatementError,
  statementLines,
  statementNumber,
  statementTotals,
} from '@/lib/statements'
import { dbOf } from '@/server/db'
import { takeYearSequence } from '@/server/year-counters'

import { ISSUING_STATEMENT } from './hooks/keepIssuedStatements'

type Rows<T> = { rows: T[] }
export type IssuedStatement = { id: number; number: string; dealership: number; totalCents: number }
export type IssueResult = { period: Period; issued: IssuedStatement[]; alreadyIssued: number }

/** Some dealerships' statements failed; the others were issued (and are in `result`). */
export class StatementsNotAllIssued extends Error {
  constructor(
    readonly result: IssueResult,
    readonly failedDealerships: number[],
    options: { cause: unknown },
  ) {
    super(`${failedDealerships.length} statement(s) of ${result.period} could not be issued`, options)
  }
}

// Each statement takes the wheels done from where the dealership's last one stopped (its month's
// start for the first): no wheel is on two statements, and none done late is left off.
const sinceLastStatement = (dealership: ReturnType<typeof sql>, periodStart: Date) =>
  sql`coalesce((SELECT max(s.cutoff_at) FROM statements s WHERE s.dealership_id = ${dealership}), ${periodStart.toISOString()}::timestamptz)`

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true
  }
  return false
}

/**
 * The month's statements: one for each dealership with a wheel done in it (business time zone)
 * that has none for that month yet. Safe to run again and on several instances at once: each
 * dealership's statement is issued in a transaction of its own that holds the dealership's row,
 * and the database takes one statement per dealership and month.
 */
export async function issueStatements(
  payload: Payload,
  period: Period,
  // One dealership's only (the development seed's demo dealership); every one's by default.
  options: { dealership?: number } = {},
): Promise<IssueResult> {
  if (!parsePeriod(period)) throw new Error(`Not a month: ${period}`)
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  const timeZone = businessTimeZone(settings.timeZone)
  const bounds = periodBounds(period, timeZone)
  const now = new Date()
  if (bounds.start > now) throw new StatementError(`${periodLabel(period)} has not begun.`)
  // A month issued before its end (an admin's choice) is cut at that moment.
  const end = new Date(Math.min(bounds.end.getTime(), now.getTime()))
  const db = await dbOf(payload)
  const found = (await db.execute(sql`
    SELECT DISTINCT o.dealership_id AS id FROM work_orders o
    JOIN work_orders_vehicles v ON v._parent_id = o.id
    JOIN work_orders_vehicles_wheels w ON w._parent_id = v.id
    WHERE w.status = 'done' AND w.done_at < ${end.toISOString()}
      AND w.done_at >= ${sinceLastStatement(sql`o.dealership_id`, bounds.start)}
      ${options.dealership === undefined ? sql`` : sql`AND o.dealership_id = ${options.dealership}`}
    ORDER BY 1`)) as unknown as Rows<{ id: number | string }>

  const result: IssueResult = { period, issued: [], alreadyIssued: 0 }
  let failure: unknown = null
  const failed: number[] = []
  for (const { id } of found.rows) {
    try {
      const issued = await issueOne(payload, Number(id), period, { start: bounds.start, end }, timeZone)
      if (issued === 'exists') result.alreadyIssued += 1
      else if (issued) result.issued.push(issued)
    } catch (err) {
      // Another runner's statement won the race: already issued. Anything else fails the run
      // (the job retries) once the other dealerships have theirs.
      if (isUniqueViolation(err)) result.alreadyIssued += 1
      else {
        payload.logger.error({ err, dealership: id, period }, 'A statement could not be issued')
        failure ??= err
        failed.push(Number(id))
      }
    }
  }
  // Thrown with what was issued, so the admin is told both (and the job retries the rest).
  if (failure) throw new StatementsNotAllIssued(result, failed, { cause: failure })
  return result
}

async function issueOne(
  payload: Payload,
  dealershipId: number,
  period: Period,
  bounds: { start: Date; end: Date },
  timeZone: string,
): Promise<IssuedStatement | 'exists' | null> {
  const req = await createLocalReq({ context: { [ISSUING_STATEMENT]: true } }, payload)
  await initTransaction(req)
  try {
    const db = await dbOf(payload, req)
    // A wheel being marked done holds its work order's row and is stamped under that lock
    // (markWheelDone): waiting for those marks means none stamped before the cut-off commits
    // after this statement read the month, to be on no statement. Work orders before the
    // dealership, in the order a mark takes them (its photo's row names the dealership).
    await db.execute(
      sql`SELECT id FROM work_orders WHERE dealership_id = ${dealershipId} ORDER BY id FOR SHARE`,
    )
    // Held to the end: a second runner waits here, then finds the statement made.
    const locked = (await db.execute(
      sql`SELECT id FROM dealerships WHERE id = ${dealershipId} FOR UPDATE`,
    )) as unknown as Rows<unknown>
    const existing = (await db.execute(
      sql`SELECT id FROM statements WHERE dealership_id = ${dealershipId} AND period = ${period}`,
    )) as unknown as Rows<unknown>
    if (!locked.rows.length || existing.rows.length) {
      await commitTransaction(req)
      return locked.rows.length ? 'exists' : null
    }

    const since = (await db.execute(
      sql`SELECT ${sinceLastStatement(sql`${dealershipId}`, bounds.start)} AS since`,
    )) as unknown as Rows<{ since: string | Date }>
    const range = { start: new Date(since.rows[0].since), end: bounds.end }
    const dealership = await payload.findByID({ collection: 'dealerships', id: dealershipId, depth: 0, req })
    const { docs: orders } = await payload.find({
      collection: 'work-orders',
      where: {
        dealership: { equals: dealershipId },
        'vehicles.wheels.doneAt': {
          greater_than_equal: range.start.toISOString(),
          less_than: range.end.toISOString(),
        },
      },
      depth: 0,
      pagination: false,
      req,
    })
    const billed = (await db.execute(sql`
      SELECT l.wheel_id FROM statements_lines l JOIN statements s ON s.id = l._parent_id
      WHERE s.dealership_id = ${dealershipId}`)) as unknown as Rows<{ wheel_id: string }>
    const offers = await publishedOffers(payload, req)
    const lines = statementLines(
      orders as DoneWorkOrder[],
      range,
      timeZone,
      (service) => dealerUnitPriceCents(dealership.priceList, service, offers),
      new Set(billed.rows.map((r) => r.wheel_id)),
    )
    if (!lines.length) {
      await commitTransaction(req)
      return null
    }
    // The dealership's pending credits and what is left of each (a credit worth more than a
    // statement's wheels is carried in parts), taken by this statement only (its row lock above).
    const pending = (await db.execute(sql`
      SELECT c.id, c.description, c.amount_cents - coalesce(
        (SELECT sum(l.amount_cents) FROM statements_credit_lines l WHERE l.credit_id = c.id), 0) AS left_cents
      FROM statement_credits c
      WHERE c.dealership_id = ${dealershipId} AND c.statement_id IS NULL ORDER BY c.id FOR UPDATE OF c`)) as unknown as Rows<{
      id: number | string
      description: string
      left_cents: number | string
    }>
    const left = new Map(pending.rows.map((r) => [Number(r.id), Number(r.left_cents)]))
    const subtotal = statementTotals(lines, []).subtotalCents
    const creditLines = applyCredits(
      subtotal,
      pending.rows.map((r) => ({
        creditId: Number(r.id),
        description: r.description,
        amountCents: Number(r.left_cents),
      })),
    )
    const totals = statementTotals(lines, creditLines)
    const year = parsePeriod(period)!.year
    const number = statementNumber(year, await takeYearSequence(db, 'statement_counters', year))
    const statement = await payload.create({
      collection: 'statements',
      data: {
        dealership: dealershipId,
        number,
        period,
        issuedAt: new Date().toISOString(),
        cutoffAt: range.end.toISOString(),
        dealershipName: dealership.name,
        billingEmail: dealership.billingEmail,
        billingAddress: dealership.address ?? '',
        netTermsDays: dealership.netTermsDays,
        lines,
        creditLines,
        ...totals,
        paidCents: 0,
      },
      depth: 0,
      req,
      context: { [ISSUING_STATEMENT]: true },
    })
    // A credit this statement carries to its end is done; one carried in part stays pending.
    const finished = creditLines.filter((c) => c.amountCents === left.get(c.creditId)).map((c) => c.creditId)
    if (finished.length) {
      await db.execute(sql`
        UPDATE statement_credits SET statement_id = ${statement.id}, updated_at = now()
        WHERE id IN (${sql.join(
          finished.map((i) => sql`${i}`),
          sql`, `,
        )})`)
    }
    await payload.jobs.queue({ task: 'sendStatement', input: { statementId: statement.id }, req })
    await commitTransaction(req)
    return { id: statement.id, number, dealership: dealershipId, totalCents: totals.totalCents }
  } catch (err) {
    await killTransaction(req)
    throw err
  }
}
