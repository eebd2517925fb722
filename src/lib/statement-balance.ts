import { statementDueDay } from './statements'

// A statement as a bill the dealership owes: what it has paid against it, what is left, and its
// state for the owner and the partner. Pure: the collection, the portal and the back office bring
// the statement and today's business day.

/** How a dealership pays a statement. */
export const STATEMENT_PAYMENT_METHODS = ['check', 'ach', 'card'] as const
export type StatementPaymentMethod = (typeof STATEMENT_PAYMENT_METHODS)[number]
export const STATEMENT_PAYMENT_METHOD_LABELS: Record<StatementPaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH',
  card: 'Card',
}
export const isStatementPaymentMethod = (value: unknown): value is StatementPaymentMethod =>
  (STATEMENT_PAYMENT_METHODS as readonly unknown[]).includes(value)

export const STATEMENT_STATES = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
} as const
export type StatementState = keyof typeof STATEMENT_STATES

export type ReceivableStatement = {
  totalCents: number
  paidCents?: number | null
  issuedAt: string
  netTermsDays: number
}

export const statementBalanceCents = (s: Pick<ReceivableStatement, 'totalCents' | 'paidCents'>) =>
  Math.max(0, s.totalCents - (s.paidCents ?? 0))

/**
 * Paid once nothing is left; overdue while anything is left after its due day (the business
 * day its net terms after the day it was issued, as its PDF says); else unpaid or part paid.
 * `today` is the business's day, YYYY-MM-DD.
 */
export function statementState(s: ReceivableStatement, today: string, timeZone: string): StatementState {
  if (statementBalanceCents(s) === 0) return 'paid'
  if (today > statementDueDay(s.issuedAt, s.netTermsDays, timeZone)) return 'overdue'
  return (s.paidCents ?? 0) > 0 ? 'part_paid' : 'unpaid'
}

export const STATEMENT_PAYMENT_RECORDED = 'Payment recorded'

// The form's refusals, by the code its answer's address carries, in the owner's words.
export const STATEMENT_PAYMENT_ERRORS = {
  amount: 'Enter the amount received in dollars and cents, more than zero, like 413.00.',
  method: 'Choose how the dealership paid: check, ACH or card.',
  date: 'The payment date is today or a day in the last 90 days.',
  reference: 'The reference is one line of up to 100 characters.',
  over: 'That is more than the statement’s balance.',
  paid: 'This statement is paid in full.',
  missing: 'No such statement.',
} as const
export type StatementPaymentError = keyof typeof STATEMENT_PAYMENT_ERRORS
export const isStatementPaymentError = (value: unknown): value is StatementPaymentError =>
  typeof value === 'string' && Object.hasOwn(STATEMENT_PAYMENT_ERRORS, value)

/** The statement's page in the back office, where its payments are recorded. */
export const statementAdminPath = (id: number | string) => `/admin/collections/statements/${id}`

/** "Record a payment" posts here: a plain form whose body its endpoint reads itself. */
export const isStatementPaymentPath = (pathname: string) =>
  /^\/api\/statements\/\d{1,15}\/payments$/.test(pathname)
