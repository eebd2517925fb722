import { Pill } from '@payloadcms/ui'

import type { Invoice } from '@/payload-types'
import { formatCents } from '@/lib/invoices'
import { MONEY_STATES, centsAsDollars, moneyState } from '@/lib/money'

import { LeadPaymentForm } from './lead-payment.client'

export type LeadInvoice = Pick<Invoice, 'id' | 'number' | 'status' | 'totalCents' | 'balanceCents'>

// The lead's sent invoices, each paid, part paid or owing with its balance, and the form that
// records what the customer hands over at the van while one is still owed.
export function LeadMoney(props: { leadId: number; invoices: LeadInvoice[]; back: string; formKey: string }) {
  const { invoices } = props
  if (!invoices.length) return null
  const open = invoices
    .filter((i) => moneyState(i) === 'owing' || moneyState(i) === 'part_paid')
    .map((i) => ({
      id: i.id,
      number: i.number ?? '',
      balance: formatCents(i.balanceCents ?? 0),
      balanceDollars: centsAsDollars(Math.max(0, i.balanceCents ?? 0)),
    }))
  return (
    <section className="cbo-stack" aria-labelledby="cbo-money-title" data-testid="lead-money">
      <h3 id="cbo-money-title">Invoices</h3>
      <ul className="cbo-stack cbo-invoices">
        {invoices.map((invoice) => {
          const state = moneyState(invoice)
          return (
            <li key={invoice.id} className="cbo-card__head" data-testid="lead-invoice">
              <span>
                Invoice {invoice.number} · {formatCents(invoice.totalCents ?? 0)}
                <span className="cbo-meta" data-testid="lead-invoice-balance">
                  {' · '}Balance {formatCents(Math.max(0, invoice.balanceCents ?? 0))}
                </span>
              </span>
              <Pill size="small" className={`cbo-money cbo-money--${state ?? 'void'}`}>
                {state ? MONEY_STATES[state] : 'Credited'}
              </Pill>
            </li>
          )
        })}
      </ul>
      {open.length ? (
        <LeadPaymentForm
          key={props.formKey}
          leadId={props.leadId}
          back={props.back}
          formKey={props.formKey}
          invoices={open}
        />
      ) : null}
    </section>
  )
}
