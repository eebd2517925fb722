// The deposit a quote asks for when the customer accepts it, in whole cents, from the owner's
// settings (SiteSettings `deposit`). Pure: the quote page, its endpoints and the tests share it.

export const DEPOSIT_MODES = ['none', 'percent', 'fixed'] as const
export type DepositMode = (typeof DEPOSIT_MODES)[number]
export const DEPOSIT_MODE_LABELS: Record<DepositMode, string> = {
  none: 'No deposit',
  percent: 'A percentage of the quote',
  fixed: 'A fixed amount',
}

// Stripe's smallest card charge in USD: a smaller deposit is not asked for at all.
export const MIN_DEPOSIT_CENTS = 50

export type DepositRule = {
  mode: DepositMode
  /** Whole percent, 1 to 100 (mode percent). */
  percent: number | null
  /** Whole cents (mode fixed). */
  fixedCents: number | null
  /** Only quotes whose total is above this many cents ask for one; 0 for every quote. */
  aboveCents: number
  /** A visit can be booked only once the deposit is paid. */
  beforeBooking: boolean
}

export const NO_DEPOSIT: DepositRule = {
  mode: 'none',
  percent: null,
  fixedCents: null,
  aboveCents: 0,
  beforeBooking: false,
}

type StoredDeposit = {
  mode?: string | null
  percent?: number | null
  fixedCents?: number | null
  aboveCents?: number | null
  beforeBooking?: boolean | null
}

/** The rule from the stored settings; anything unset or unknown reads as no deposit. */
export function depositRule(stored: StoredDeposit | null | undefined): DepositRule {
  const mode = (DEPOSIT_MODES as readonly string[]).includes(stored?.mode ?? '')
    ? (stored!.mode as DepositMode)
    : 'none'
  return {
    mode,
    percent: stored?.percent ?? null,
    fixedCents: stored?.fixedCents ?? null,
    aboveCents: Math.max(0, stored?.aboveCents ?? 0),
    beforeBooking: Boolean(stored?.beforeBooking),
  }
}

/**
 * The deposit due on a quote of this total: a percentage rounded to the nearest cent (half a
 * cent up), or the fixed amount but never more than the quote; 0 when none is due.
 */
export function depositDueCents(totalCents: number, rule: DepositRule): number {
  if (!Number.isInteger(totalCents) || totalCents <= 0 || totalCents <= rule.aboveCents) return 0
  let due = 0
  if (rule.mode === 'percent' && rule.percent && rule.percent > 0)
    due = Math.round((totalCents * Math.min(rule.percent, 100)) / 100)
  else if (rule.mode === 'fixed' && rule.fixedCents && rule.fixedCents > 0)
    due = Math.min(Math.round(rule.fixedCents), totalCents)
  return due >= MIN_DEPOSIT_CENTS ? due : 0
}

// The quote page's mark of Stripe's return after a deposit was paid.
export const DEPOSIT_RETURN_PARAM = { name: 'deposit', value: 'paid' } as const
