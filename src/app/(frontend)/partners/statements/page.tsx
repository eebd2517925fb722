import type { Metadata } from 'next'

import { PortalFrame } from '@/components/partners/portal-frame'
import { readStatements, requirePartner } from '@/data/partner-portal'
import { formatBusinessDate, formatCalendarDate } from '@/lib/business-time'
import { businessDay, periodLabel, statementDueDay } from '@/lib/statements'
import { STATEMENT_STATES, statementBalanceCents, statementState } from '@/lib/statement-balance'
import { formatMoney } from '@/lib/money'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Statements · Partner portal',
  robots: { index: false, follow: false },
}

// The dealership's monthly statements; the files come from the access-checked API routes.
export default async function PartnerStatementsPage() {
  const reader = await requirePartner()
  const statements = await readStatements(reader)
  const today = businessDay(new Date().toISOString(), reader.timeZone)
  const open = statements.reduce((sum, s) => sum + statementBalanceCents(s), 0)
  return (
    <PortalFrame dealershipName={reader.dealership.name}>
      <h1 className="text-2xl font-bold">Statements</h1>
      <p className="text-ink/70 text-sm">One statement a month, for the wheels done that month.</p>
      {statements.length ? (
        <p className="mt-4 text-lg font-semibold" data-testid="open-balance">
          Open balance: {formatMoney(open)}
        </p>
      ) : null}
      {statements.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-center">No statements yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {statements.map((s) => {
            const state = statementState(s, today, reader.timeZone)
            return (
              <li
                key={s.id}
                data-testid="partner-statement"
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-4 shadow-sm"
              >
                <div>
                  <p className="font-semibold">
                    {periodLabel(s.period)} · Statement {s.number}
                  </p>
                  <p className="text-ink/70 text-sm">
                    {s.lines?.length ?? 0} {s.lines?.length === 1 ? 'wheel' : 'wheels'} · Total{' '}
                    {formatMoney(s.totalCents)} · Issued{' '}
                    {formatBusinessDate(s.issuedAt, reader.timeZone, { time: false })} · Due{' '}
                    {formatCalendarDate(statementDueDay(s.issuedAt, s.netTermsDays, reader.timeZone))}
                  </p>
                  <p className="text-sm">
                    <span
                      data-testid="statement-state"
                      className={
                        state === 'paid'
                          ? 'font-semibold text-green-800'
                          : state === 'overdue'
                            ? 'font-semibold text-red-800'
                            : 'font-semibold'
                      }
                    >
                      {STATEMENT_STATES[state]}
                    </span>{' '}
                    · Balance{' '}
                    <span data-testid="statement-balance">{formatMoney(statementBalanceCents(s))}</span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <a
                    href={`/api/statements/${s.id}/pdf`}
                    download
                    className="bg-ink rounded-md px-4 py-3 text-sm font-semibold text-white"
                  >
                    Download PDF
                  </a>
                  <a
                    href={`/api/statements/${s.id}/csv`}
                    download
                    className="border-ink rounded-md border px-4 py-3 text-sm font-semibold"
                  >
                    Download CSV
                  </a>
                  <a
                    href={`/api/statements/${s.id}/xlsx`}
                    download
                    className="border-ink rounded-md border px-4 py-3 text-sm font-semibold"
                  >
                    Download Excel
                  </a>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </PortalFrame>
  )
}
