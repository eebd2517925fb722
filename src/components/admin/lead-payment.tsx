import { HAND_METHODS, PAYMENT_METHOD_LABELS } from '@/lib/invoices'
import { leadFormPath } from '@/lib/lead-forms'

import { PaymentFields } from './payment-fields'
import { PostForm } from './post-form.client'

type OpenInvoice = { id: number; number: string; balance: string; balanceDollars: string }

type Props = {
  leadId: number
  back: string
  // Names this rendering of the form: the same form posted twice records one payment.
  formKey: string
  invoices: OpenInvoice[]
}

// What the customer handed over at the van, on the lead's sent invoice
// (src/collections/Leads/endpoints/paymentForm.ts).
export function LeadPaymentForm({ leadId, back, formKey, invoices }: Props) {
  const first = invoices[0]
  return (
    <PostForm
      action={`/api${leadFormPath(leadId, 'payment')}`}
      failed="The payment could not be recorded."
      className="cbo-form"
      aria-labelledby="cbo-payment-title"
      data-testid="lead-payment-form"
    >
      <h3 id="cbo-payment-title">Take payment</h3>
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="key" value={formKey} />
      {invoices.length === 1 ? (
        <input type="hidden" name="invoice" value={first.id} />
      ) : (
        <label className="cbo-field">
          <span>Invoice</span>
          <select name="invoice" defaultValue={first.id}>
            {invoices.map((invoice) => (
              <option key={invoice.id} value={invoice.id}>
                {invoice.number}: {invoice.balance} owing
              </option>
            ))}
          </select>
        </label>
      )}
      <PaymentFields
        methods={HAND_METHODS}
        labels={PAYMENT_METHOD_LABELS}
        defaultMethod="cash"
        amount={invoices.length === 1 ? first.balanceDollars : undefined}
        reference="Reference (check number, Zelle note...)"
      />
      <div className="cbo-inline">
        <button type="submit" className="cbo-button cbo-button--primary">
          Record payment
        </button>
      </div>
    </PostForm>
  )
}
