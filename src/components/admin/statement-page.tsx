import { Gutter, Pill } from '@payloadcms/ui'
import type { ComponentProps } from 'react'
import type { DocumentViewServerProps } from 'payload'

import { readTimeZone } from '@/data/back-office'
import { readStatementWithPayments } from '@/data/receivables'
import { formatBusinessDate, formatCalendarDate } from '@/lib/business-time'
import { formatMoney } from '@/lib/money'
import {
  STATEMENT_PAYMENT_ERRORS,
  STATEMENT_PAYMENT_METHOD_LABELS,
  STATEMENT_PAYMENT_METHODS,
  STATEMENT_PAYMENT_RECORDED,
  STATEMENT_STATES,
  type StatementState,
  isStatementPaymentError,
  statementBalanceCents,
  statementState,
} from '@/lib/statement-balance'
import { businessDay, periodLabel, statementDueDay } from '@/lib/statements'
import { newFormKey } from '@/server/form-key'

import { FlashNotice } from './lead-form-answers'
import { PaymentFields } from './payment-fields'
import { PayloadForm } from './payload-form'

import './back-office.css'

// Payload's list of statements (its admin pages are not Next's links).
const STATEMENTS_LIST = '/admin/collections/statements'

// A statement's state in Payload's own pill colours.
const STATEMENT_PILLS: Record<StatementState, ComponentProps<typeof Pill>['pillStyle']> = {
  paid: 'success',
  part_paid: 'warning',
  unpaid: 'light-gray',
  overdue: 'error',
}

type Params = DocumentViewServerProps['searchParams']
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

function Notice({ searchParams }: { searchParams: Params }) {
  const error = one(searchParams?.error)
  const done = one(searchParams?.done) === 'payment'
  const notice = isStatementPaymentError(error)
    ? { tone: 'error' as const, title: 'Error', description: STATEMENT_PAYMENT_ERRORS[error] }
    : done
      ? { tone: 'success' as const, title: STATEMENT_PAYMENT_RECORDED, description: null }
      : null
  return <FlashNotice notice={notice} testId="statement-form-notice" forget={notice !== null} />
}

// The statement's document view opens on the bill: its total, what the dealership paid and
// when, its balance and state, and "Record a payment", a plain form that posts before any
// script (src/collections/Statements/endpoints/recordStatementPayment.ts). Payload's form of the
// issued statement is the Details tab.
export async function StatementPage(props: DocumentViewServerProps) {
  const id = props.doc?.id
  if (id == null) return <PayloadForm {...props} />
  const { payload, user } = props.initPageResult.req
  const [timeZone, found] = await Promise.all([
    readTimeZone(payload),
    readStatementWithPayments({ payload, user }, Number(id)).catch(() => null),
  ])
  const back = (
    <a className="cbo-back" href={STATEMENTS_LIST}>
      ← All statements
    </a>
  )
  if (!found) {
    return (
      <Gutter className="cbo">
        <div className="cbo-stack">
          {back}
          <p className="cbo-empty">No such statement.</p>
        </div>
      </Gutter>
    )
  }
  const { statement: s, payments } = found
  const today = businessDay(new Date().toISOString(), timeZone)
  const state = statementState(s, today, timeZone)
  const balance = statementBalanceCents(s)
  return (
    <Gutter className="cbo">
      <article className="cbo-stack" aria-labelledby="cbo-statement-title" data-testid="statement-page">
        <Notice searchParams={props.searchParams} />
        {back}
        <div className="cbo-card__head">
          <h2 id="cbo-statement-title">Statement {s.number}</h2>
          <Pill size="small" pillStyle={STATEMENT_PILLS[state]} className="cbo-statement">
            <span data-testid="statement-state">{STATEMENT_STATES[state]}</span>
          </Pill>
        </div>
        <dl className="cbo-facts">
          <dt>Dealership</dt>
          <dd>{s.dealershipName}</dd>
          <dt>Month</dt>
          <dd>{periodLabel(s.period)}</dd>
          <dt>Issued</dt>
          <dd>{formatBusinessDate(s.issuedAt, timeZone, { time: false })}</dd>
          <dt>Due</dt>
          <dd>
            {formatCalendarDate(statementDueDay(s.issuedAt, s.netTermsDays, timeZone))} (net {s.netTermsDays}{' '}
            days)
          </dd>
          <dt>Total</dt>
          <dd>{formatMoney(s.totalCents)}</dd>
          <dt>Paid</dt>
          <dd data-testid="statement-paid">{formatMoney(s.paidCents ?? 0)}</dd>
          <dt>Balance</dt>
          <dd data-testid="statement-balance">{formatMoney(balance)}</dd>
        </dl>
        <p className="cbo-inline">
          <a href={`/api/statements/${s.id}/pdf`} download>
            Download PDF
          </a>
          <a href={`/api/statements/${s.id}/csv`} download>
            Download CSV
          </a>
          <a href={`/api/statements/${s.id}/xlsx`} download>
            Download Excel
          </a>
        </p>
        <section className="cbo-stack" aria-labelledby="cbo-statement-payments">
          <h3 id="cbo-statement-payments">Payments</h3>
          {payments.length ? (
            <ul className="cbo-invoices" data-testid="statement-payments">
              {payments.map((p) => (
                <li key={p.id}>
                  {formatCalendarDate(businessDay(p.receivedAt, timeZone))} ·{' '}
                  {STATEMENT_PAYMENT_METHOD_LABELS[p.method]}
                  {p.reference ? ` ${p.reference}` : ''} · {formatMoney(p.amountCents)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="cbo-meta">No payments recorded yet.</p>
          )}
          {balance > 0 ? (
            <details data-testid="record-statement-payment">
              <summary>Record a payment</summary>
              <form method="post" action={`/api/statements/${s.id}/payments`} className="cbo-form">
                <input type="hidden" name="key" value={newFormKey()} />
                <PaymentFields
                  methods={STATEMENT_PAYMENT_METHODS}
                  labels={STATEMENT_PAYMENT_METHOD_LABELS}
                  defaultMethod="check"
                  amount={formatMoney(balance, 'sheet')}
                  today={today}
                  reference="Reference (check no.)"
                />
                <button type="submit" className="cbo-button cbo-button--primary">
                  Record payment
                </button>
              </form>
            </details>
          ) : null}
        </section>
      </article>
    </Gutter>
  )
}
