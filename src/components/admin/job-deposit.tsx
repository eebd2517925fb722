import type { DepositState } from '@/payments/deposits'
import { HAND_METHODS, PAYMENT_METHOD_LABELS } from '@/lib/invoices'
import { WAIVE_REASON_MAX, leadFormPath } from '@/lib/lead-forms'
import { formatMoney } from '@/lib/money'

import { PaymentFields } from './payment-fields'
import { PostForm } from './post-form.client'

type Props = {
  leadId: number
  quote: { id: number; totalCents: number; waived: boolean }
  deposit: DepositState
  back: string
  formKey: string
  /** The business's today (YYYY-MM-DD): the day received unless told otherwise. */
  today: string
}

// The quote's deposit on the job: what it asks and has had, and, while it is owed, the two ways
// a customer who does not pay online goes ahead: the deposit received by hand (cash, check,
// Zelle/Venmo, a card reader), or waived by the owner. Plain forms that post before any script
// (src/collections/Leads/endpoints/depositForms.ts).
export function JobDeposit({ leadId, quote, deposit, back, formKey, today }: Props) {
  if (!quote.waived && deposit.dueCents === 0) return null
  return (
    <section className="cbo-stack" aria-labelledby="cbo-deposit-title" data-testid="quote-deposit">
      <h3 id="cbo-deposit-title">Deposit</h3>
      <p className="cbo-meta" data-testid="quote-deposit-state">
        {quote.waived
          ? 'Deposit waived'
          : deposit.outstanding
            ? `Deposit of ${formatMoney(deposit.dueCents)} not paid yet`
            : `Deposit paid: ${formatMoney(deposit.paidCents)}`}
      </p>
      {deposit.outstanding && !quote.waived ? (
        <>
          <details data-testid="record-deposit">
            <summary>Record deposit</summary>
            <PostForm
              action={`/api${leadFormPath(leadId, 'deposit')}`}
              failed="The deposit could not be recorded."
              className="cbo-form"
            >
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name="quote" value={quote.id} />
              <input type="hidden" name="key" value={formKey} />
              <PaymentFields
                methods={HAND_METHODS}
                labels={PAYMENT_METHOD_LABELS}
                defaultMethod="cash"
                amount={formatMoney(Math.max(0, deposit.dueCents - deposit.paidCents), 'sheet')}
                today={today}
              />
              <button type="submit" className="cbo-button cbo-button--primary">
                Record deposit
              </button>
            </PostForm>
          </details>
          <details data-testid="waive-deposit">
            <summary>Waive deposit</summary>
            <PostForm
              action={`/api${leadFormPath(leadId, 'deposit-waive')}`}
              failed="The deposit could not be waived."
              className="cbo-form"
            >
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name="quote" value={quote.id} />
              <label className="cbo-field">
                <span>Why (optional)</span>
                <input name="reason" maxLength={WAIVE_REASON_MAX} autoComplete="off" />
              </label>
              <button type="submit" className="cbo-button cbo-button--secondary">
                Waive deposit
              </button>
            </PostForm>
          </details>
        </>
      ) : null}
    </section>
  )
}
