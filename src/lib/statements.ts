import { wallTime, zonedTime } from './business-time'
import { type CsvValue, csvAmount, csvFile, csvIdentifier } from './csv'
import { WHEEL_POSITIONS, WHEEL_SERVICES, type WheelPosition, type WheelService } from './dealer-prices'

// A dealership's monthly statement: every wheel done in the month (in the business's time
// zone), each at the dealership's unit price when the statement is issued, less the credits
// it carries. Pure: the collection and the job bring the work orders and prices.

export class StatementError extends Error {}

/** "2026-11": the month a statement covers. */
export type Period = string
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/

export function parsePeriod(value: unknown): { year: number; month: number } | null {
  const m = typeof value === 'string' ? PERIOD.exec(value.trim()) : null
  if (!m) return null
  const year = Number(m[1])
  return year >= 2000 && year <= 2100 ? { year, month: Number(m[2]) } : null
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The month before the one `now` falls in, in the business's time zone. */
export function previousPeriod(now: Date, timeZone: string): Period {
  const w = wallTime(now, timeZone)
  return w.month === 1 ? `${w.year - 1}-12` : `${w.year}-${pad(w.month - 1)}`
}

/** The month's first instant and the next month's, in the business's time zone. */
export function periodBounds(period: Period, timeZone: string): { start: Date; end: Date } {
  const p = parsePeriod(period)
  if (!p) throw new StatementError(`A month is written YYYY-MM, e.g. 2026-11, not "${period}".`)
  return { start: zonedTime(timeZone, p.year, p.month, 1), end: zonedTime(timeZone, p.year, p.month + 1, 1) }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "November 2026". */
export function periodLabel(period: Period): string {
  const p = parsePeriod(period)
  return p ? `${MONTHS[p.month - 1]} ${p.year}` : period
}

/** "S2026-0007": the statement's year (its month's), then its place in that year. */
export const statementNumber = (year: number, sequence: number) => `S${year}-${pad(sequence, 4)}`

/** "2026-11-30": the business's calendar day of an instant. */
export function businessDay(iso: string, timeZone: string): string {
  const w = wallTime(new Date(iso), timeZone)
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`
}

/** "2026-12-01": the day a statement is due, its net terms after the business day it was issued. */
export function statementDueDay(issuedAt: string, netTermsDays: number, timeZone: string): string {
  const w = wallTime(new Date(issuedAt), timeZone)
  return new Date(Date.UTC(w.year, w.month - 1, w.day + netTermsDays)).toISOString().slice(0, 10)
}

// What the job reads of a work order (a WorkOrder document fits).
export type DoneWorkOrder = {
  id: number
  poNumber?: string | null
  roNumber?: string | null
  vehicles?:
    | {
        stockNumber: string
        vin: string
        roNumber?: string | null
        wheels?:
          | {
              id?: string | null
              position: WheelPosition
              service: WheelService
              status?: string | null
              doneAt?: string | null
            }[]
          | null
      }[]
    | null
}

export type StatementLine = {
  wheelId: string
  workOrderId: number
  doneOn: string
  stockNumber: string
  vin: string
  poNumber: string | null
  roNumber: string | null
  position: WheelPosition
  service: WheelService
  unitPriceCents: number
}

export type CreditLine = { creditId: number; description: string; amountCents: number }

/**
 * The statement's lines: each wheel marked done within the month and on no statement yet,
 * priced by `unitPrice` (the dealership's list), in the order the wheels were done.
 */
export function statementLines(
  orders: readonly DoneWorkOrder[],
  bounds: { start: Date; end: Date },
  timeZone: string,
  unitPrice: (service: string) => number | null,
  billedWheelIds: ReadonlySet<string> = new Set(),
): StatementLine[] {
  const found: (StatementLine & { at: number })[] = []
  for (const order of orders) {
    for (const car of order.vehicles ?? []) {
      for (const wheel of car.wheels ?? []) {
        if (wheel.status !== 'done' || !wheel.doneAt || !wheel.id || billedWheelIds.has(wheel.id)) continue
        const at = Date.parse(wheel.doneAt)
        if (!(at >= bounds.start.getTime() && at < bounds.end.getTime())) continue
        const price = unitPrice(wheel.service)
        if (price == null) throw new StatementError(`No unit price for the service "${wheel.service}".`)
        found.push({
          at,
          wheelId: wheel.id,
          workOrderId: order.id,
          doneOn: businessDay(wheel.doneAt, timeZone),
          stockNumber: car.stockNumber,
          vin: car.vin,
          poNumber: order.poNumber || null,
          // A car's own RO, else the work order's.
          roNumber: car.roNumber || order.roNumber || null,
          position: wheel.position,
          service: wheel.service,
          unitPriceCents: price,
        })
      }
    }
  }
  const positionOrder = (p: string) => WHEEL_POSITIONS.findIndex((w) => w.value === p)
  found.sort(
    (a, b) =>
      a.at - b.at ||
      a.stockNumber.localeCompare(b.stockNumber) ||
      positionOrder(a.position) - positionOrder(b.position),
  )
  return found.map(({ at: _at, ...line }) => line)
}

export type StatementTotals = { subtotalCents: number; creditCents: number; totalCents: number }

/**
 * The part of each pending credit a statement carries: oldest first, each up to what the
 * wheels leave, so no statement says the dealership is owed money. What is left of a credit
 * stays pending for the next statement. `amountCents` of a pending credit is what is left of it.
 */
export function applyCredits(subtotalCents: number, pending: readonly CreditLine[]): CreditLine[] {
  let room = Math.max(0, subtotalCents)
  const applied: CreditLine[] = []
  for (const credit of pending) {
    const amountCents = Math.min(credit.amountCents, room)
    if (amountCents <= 0) continue
    applied.push({ ...credit, amountCents })
    room -= amountCents
  }
  return applied
}

/** The wheels' sum less the credits applied (see `applyCredits`); never below zero. */
export function statementTotals(
  lines: readonly Pick<StatementLine, 'unitPriceCents'>[],
  credits: readonly Pick<CreditLine, 'amountCents'>[],
): StatementTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents, 0)
  const creditCents = credits.reduce((sum, c) => sum + c.amountCents, 0)
  if (creditCents > subtotalCents)
    throw new StatementError('A statement carries no more credit than its wheels are worth.')
  return { subtotalCents, creditCents, totalCents: subtotalCents - creditCents }
}

export const positionLabel = (value: string) => WHEEL_POSITIONS.find((p) => p.value === value)?.label ?? value
export const serviceLabel = (key: string) => WHEEL_SERVICES.find((s) => s.key === key)?.title ?? key

export type StatementDocument = StatementTotals & {
  number: string
  period: Period
  lines: readonly Omit<StatementLine, 'wheelId' | 'workOrderId'>[]
  creditLines: readonly Omit<CreditLine, 'creditId'>[]
}

export const STATEMENT_CSV_HEADER = [
  'Statement',
  'Dealership',
  'Period',
  'Date',
  'Stock number',
  'VIN',
  'PO',
  'RO',
  'Position',
  'Service',
  'Unit price',
]

/**
 * The statement as a spreadsheet's rows: one per wheel, then one per credit (negative), each
 * with the statement's number, dealership and month, so rows pasted or filtered elsewhere still
 * say whose they are. No total row: a sum among the data is counted again; the PDF has it.
 */
export function statementRows(s: StatementDocument, dealershipName: string): CsvValue[][] {
  const identity = [csvIdentifier(s.number), dealershipName, csvIdentifier(s.period)]
  const lines = s.lines.map((l) => [
    ...identity,
    l.doneOn,
    csvIdentifier(l.stockNumber),
    csvIdentifier(l.vin),
    csvIdentifier(l.poNumber),
    csvIdentifier(l.roNumber),
    positionLabel(l.position),
    serviceLabel(l.service),
    csvAmount(l.unitPriceCents),
  ])
  const credits = s.creditLines.map((c) => [
    ...identity,
    '',
    null,
    null,
    null,
    null,
    '',
    `Credit: ${c.description}`,
    csvAmount(-c.amountCents),
  ])
  return [...lines, ...credits]
}

export const statementCsv = (s: StatementDocument, dealershipName: string): string =>
  csvFile(STATEMENT_CSV_HEADER, statementRows(s, dealershipName))
