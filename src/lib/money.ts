// Money as the owner reads it: a payment typed in dollars at the van, an invoice's state in
// words, and the periods the back office sums. Pure rules, shared by the endpoint, the back
// office and the tests.

import { zonedTime, wallTime } from './business-time'
import type { InvoiceStatus } from './invoices'

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/

/** "85", "85.5", "$1,234.50" as whole cents; null for anything else (a sign, 3 decimals, words). */
export function parseDollars(input: string | null | undefined): number | null {
  const match = DOLLARS.exec((input ?? '').trim())
  if (!match) return null
  const dollars = Number(match[1].replace(/,/g, ''))
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  const total = dollars * 100 + cents
  return Number.isSafeInteger(total) ? total : null
}

/**
 * Money from whole cents, the one way each reader reads it:
 * - `bill` "$1,234.50", "-$12.00": invoices, statements, receipts, alerts, the back office;
 * - `price` "$125", "$99.50": the site's and a quote's prices, cents only when there are some;
 * - `sheet` "1234.50", "-12.00": a spreadsheet's number, and a money field's value as typed.
 */
export function formatMoney(cents: number, style: 'bill' | 'price' | 'sheet' = 'bill'): string {
  if (style === 'price') {
    const dollars = cents / 100
    return Number.isInteger(dollars)
      ? `$${dollars.toLocaleString('en-US')}`
      : `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  }
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100)
  const rest = String(abs % 100).padStart(2, '0')
  return style === 'sheet' ? `${sign}${whole}.${rest}` : `${sign}$${whole.toLocaleString('en-US')}.${rest}`
}

/**
 * What a money field stores for what was typed in it: cents for dollars ("$1,234.50", "1234.5"),
 * null when cleared, and the text itself otherwise, which the number field's check refuses, so
 * a typo is never saved as some other amount.
 */
export function centsFromInput(input: string): number | string | null {
  if (input.trim() === '') return null
  return parseDollars(input) ?? input
}

/**
 * Why a money field's value cannot be saved, in dollars; null when it can (an empty one is the
 * required check's to judge). Cents in whole numbers, from `min` to `max`.
 */
export function moneyProblem(value: unknown, range: { min?: number; max?: number }): string | null {
  if (value == null || value === '') return null
  if (typeof value !== 'number') return 'Enter dollars and cents, like 125.50.'
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range
  if (Number.isInteger(value) && value >= min && value <= max) return null
  return max === Number.MAX_SAFE_INTEGER
    ? `Enter an amount of ${formatMoney(min)} or more.`
    : `Enter an amount from ${formatMoney(min)} to ${formatMoney(max)}.`
}

export const MONEY_STATES = { paid: 'Paid', part_paid: 'Part paid', owing: 'Owing' } as const
export type MoneyState = keyof typeof MONEY_STATES

/** Paid, part paid or owing: a sent invoice's state for the owner; null for a draft or a void one. */
export function moneyState(invoice: { status?: InvoiceStatus | null }): MoneyState | null {
  if (invoice.status === 'paid') return 'paid'
  if (invoice.status === 'part_paid') return 'part_paid'
  if (invoice.status === 'sent') return 'owing'
  return null
}

// The due rule. The terms say payment is due when the work is completed, and an invoice goes
// out then; the owner calls a customer who has not paid a week later. So an unpaid invoice is
// overdue from the 8th day after the day it was sent (the business's days).
export const INVOICE_DUE_DAYS = 7

type Day = { year: number; month: number; day: number }
const isoDay = ({ year, month, day }: Day) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/** The business day (YYYY-MM-DD) an invoice sent at `sentAt` is due by. */
export function dueDay(sentAt: Date, timeZone: string): string {
  const sent = wallTime(sentAt, timeZone)
  const due = new Date(Date.UTC(sent.year, sent.month - 1, sent.day + INVOICE_DUE_DAYS))
  return due.toISOString().slice(0, 10)
}

export type MoneyPeriods = {
  /** Today in the business's zone, YYYY-MM-DD. */
  today: string
  /** The first of this month, YYYY-MM-DD: the payments CSV's first day. */
  monthFirstDay: string
  /** Monday 00:00 of this week, the first of this month 00:00, and tomorrow 00:00 (the end). */
  weekStart: Date
  monthStart: Date
  end: Date
}

// Weeks start on Monday, as the leads chart's (recentWeeks); all in the business's zone.
export function moneyPeriods(now: Date, timeZone: string): MoneyPeriods {
  const today = wallTime(now, timeZone)
  const back = (today.weekday + 6) % 7
  return {
    today: isoDay(today),
    monthFirstDay: isoDay({ ...today, day: 1 }),
    weekStart: zonedTime(timeZone, today.year, today.month, today.day - back),
    monthStart: zonedTime(timeZone, today.year, today.month, 1),
    end: zonedTime(timeZone, today.year, today.month, today.day + 1),
  }
}

/** A check number, a Zelle note: one short line. */
export const PAYMENT_REFERENCE_MAX = 100
