import { PAYMENT_REFERENCE_MAX } from '@/lib/money'

type Props<M extends string> = {
  methods: readonly M[]
  labels: Record<M, string>
  defaultMethod: M
  /** The amount filled in, in dollars ("198.00"), when there is one to suggest. */
  amount?: string
  /** The business's today (YYYY-MM-DD): asks the day received, today unless told otherwise. */
  today?: string
  /** The reference field's label, when the form takes one. */
  reference?: string
}

// The fields of money received by hand, the same in every plain form that records it (a job's
// payment at the van, a deposit, a dealership's statement); each form adds its own hidden fields.
export function PaymentFields<M extends string>({
  methods,
  labels,
  defaultMethod,
  amount,
  today,
  reference,
}: Props<M>) {
  return (
    <>
      <div className="cbo-row">
        <label className="cbo-field">
          <span>Paid by</span>
          <select name="method" defaultValue={defaultMethod} required>
            {methods.map((method) => (
              <option key={method} value={method}>
                {labels[method]}
              </option>
            ))}
          </select>
        </label>
        <label className="cbo-field">
          <span>Amount received ($)</span>
          <input name="amount" inputMode="decimal" autoComplete="off" required defaultValue={amount} />
        </label>
      </div>
      {today ? (
        <label className="cbo-field">
          <span>Received on</span>
          <input name="date" type="date" required max={today} defaultValue={today} />
        </label>
      ) : null}
      {reference ? (
        <label className="cbo-field">
          <span>{reference}</span>
          <input name="reference" maxLength={PAYMENT_REFERENCE_MAX} autoComplete="off" />
        </label>
      ) : null}
    </>
  )
}
