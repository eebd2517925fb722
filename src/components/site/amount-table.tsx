import type { ReactNode } from 'react'

import { cn } from '@/lib/utils'

/** One row of a bill: what it is and its amount, already written ("−$20.00"). */
export type AmountRow = { label: ReactNode; amount: string; key: string; heading?: boolean }

const ROW = 'border-ink/10 border-b'

// The customer's quote and invoice pages: the work and its amounts, then the figure they act
// on (the quote's total, the invoice's balance due) in the table's foot.
export function AmountTable({
  caption,
  rows,
  total,
}: {
  caption: string
  rows: AmountRow[]
  total: { label: string; amount: string; testId: string }
}) {
  return (
    <table className="mt-6 w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-ink/15 border-b text-sm">
          <th scope="col" className="py-2">
            Work
          </th>
          <th scope="col" className="py-2 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={cn(ROW, row.heading && 'font-semibold')}>
            {row.heading ? (
              <th scope="row" className="py-2">
                {row.label}
              </th>
            ) : (
              <td className="py-2">{row.label}</td>
            )}
            <td className="py-2 text-right">{row.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="text-lg font-bold">
          <th scope="row" className="py-3">
            {total.label}
          </th>
          <td className="py-3 text-right" data-testid={total.testId}>
            {total.amount}
          </td>
        </tr>
      </tfoot>
    </table>
  )
}
