import type { MoneyAtAGlance } from '@/data/back-office'
import type { DealershipBalance } from '@/data/receivables'
import { STATEMENT_STATES, statementAdminPath } from '@/lib/statement-balance'
import { periodLabel } from '@/lib/statements'
import { formatBusinessDate } from '@/lib/business-time'
import { leadAdminPath } from '@/lib/server-url'
import { INVOICE_DUE_DAYS } from '@/lib/money'

import { LoadFailed } from './load-failed'
import { formatMoney } from '@/lib/money'

// "2026-10" for "2026-11-01": the month before the one a day falls in.
function monthBefore(day: string): string {
  const [year, month] = day.split('-').map(Number)
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`
}

// The owner's money on top of the leads, a few lines on a phone so the list still comes first:
// what is owed, what is late, what came in, and the month's payments for the bookkeeper.
export function MoneyPanel({
  money,
  dealers = [],
  timeZone,
}: {
  money: MoneyAtAGlance | null
  /** Dealerships owing on their statements; null when they could not be read. */
  dealers?: DealershipBalance[] | null
  timeZone: string
}) {
  if (!money) return <LoadFailed message="Failed to fetch the money figures" />
  const csv = `/api/payments/export.csv?${new URLSearchParams(money.csv)}`
  return (
    <section className="cbo-money-panel" aria-labelledby="cbo-money-panel-title" data-testid="money-panel">
      <h2 id="cbo-money-panel-title" className="cbo-sr-only">
        Money
      </h2>
      <dl>
        <div>
          <dt>Unpaid ({money.unpaid.count})</dt>
          <dd data-testid="money-unpaid">{formatMoney(money.unpaid.cents)}</dd>
        </div>
        <div>
          <dt>Overdue ({money.overdue.count})</dt>
          <dd data-testid="money-overdue">{formatMoney(money.overdue.cents)}</dd>
        </div>
        <div>
          <dt>Paid this week</dt>
          <dd data-testid="money-week">{formatMoney(money.paidThisWeekCents)}</dd>
        </div>
        <div>
          <dt>Paid this month</dt>
          <dd data-testid="money-month">{formatMoney(money.paidThisMonthCents)}</dd>
        </div>
      </dl>
      <p className="cbo-meta">
        <a href={csv}>Payments CSV</a> (this month so far) · Overdue: not paid in full {INVOICE_DUE_DAYS} days
        after it was sent.
      </p>
      {/* Any other month or range for the bookkeeper: a plain GET form, so it downloads before any
          script loads; the endpoint answers 400 to a range it cannot read. */}
      <form
        className="cbo-row cbo-csv-range"
        method="get"
        action="/api/payments/export.csv"
        aria-label="Payments CSV for any dates"
      >
        <label className="cbo-field">
          <span>From</span>
          <input type="date" name="from" required defaultValue={money.csv.from} />
        </label>
        <label className="cbo-field">
          <span>To</span>
          <input type="date" name="to" required defaultValue={money.csv.to} />
        </label>
        <button type="submit" className="cbo-button cbo-button--secondary">
          Download payments CSV
        </button>
      </form>
      {/* A finished month for QuickBooks Online's import screens: last month unless picked. */}
      <form
        className="cbo-row cbo-csv-range"
        method="get"
        action="/api/payments/quickbooks-invoices.csv"
        aria-label="QuickBooks Online exports"
      >
        <label className="cbo-field">
          <span>Month</span>
          <input type="month" name="month" required defaultValue={monthBefore(money.csv.from)} />
        </label>
        <button type="submit" className="cbo-button cbo-button--secondary">
          QuickBooks invoices
        </button>
        <button
          type="submit"
          formAction="/api/payments/quickbooks-payments.csv"
          className="cbo-button cbo-button--secondary"
        >
          QuickBooks payments
        </button>
      </form>
      {money.overdue.oldest.length ? (
        <details>
          <summary>Oldest overdue invoices</summary>
          <ul className="cbo-visits" aria-label="Overdue invoices" data-testid="money-overdue-list">
            {money.overdue.oldest.map((invoice) => (
              <li key={invoice.id}>
                {invoice.lead ? (
                  <a href={leadAdminPath(invoice.lead)}>{invoice.customer ?? `Invoice ${invoice.number}`}</a>
                ) : (
                  (invoice.customer ?? `Invoice ${invoice.number}`)
                )}
                <span className="cbo-meta">
                  {' · '}
                  {invoice.number} · {formatMoney(invoice.balanceCents)} owing · sent{' '}
                  {formatBusinessDate(invoice.sentAt, timeZone, { time: false })}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {dealers === null ? (
        <LoadFailed message="Failed to fetch the dealerships' balances" />
      ) : dealers.length ? (
        <DealershipBalances dealers={dealers} />
      ) : null}
    </section>
  )
}

// Each dealership's open balance on its statements, and the statements still open with their
// state: a tap opens one, where its payment is recorded.
function DealershipBalances({ dealers }: { dealers: DealershipBalance[] }) {
  const total = dealers.reduce((sum, d) => sum + d.balanceCents, 0)
  return (
    <details data-testid="dealer-balances">
      <summary>Dealerships owe {formatMoney(total)} on statements</summary>
      <ul className="cbo-visits" aria-label="Dealership balances">
        {dealers.map((d) => (
          <li key={d.dealership} data-testid="dealer-balance">
            <strong>{d.name}</strong>: {formatMoney(d.balanceCents)} open
            {d.overdueCents ? `, ${formatMoney(d.overdueCents)} overdue` : ''}
            <ul>
              {d.statements.map((s) => (
                <li key={s.id}>
                  <a href={statementAdminPath(s.id)}>Statement {s.number}</a>
                  <span className="cbo-meta">
                    {' · '}
                    {periodLabel(s.period)} · {STATEMENT_STATES[s.state]} · {formatMoney(s.balanceCents)} due
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  )
}
