'use client'

import { toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'

import { HAND_METHODS, PAYMENT_METHOD_LABELS } from '@/lib/invoices'
import { leadFormPath, PAYMENT_RECEIPT_NOTE, PAYMENT_RECORDED } from '@/lib/lead-forms'

import { ApiError, formInit, useApi } from './admin-fetch'
import { ActionButton } from './action-button.client'
import { PaymentFields } from './payment-fields'

export type OpenInvoice = { id: number; number: string; balance: string; balanceDollars: string }

type Props = {
  leadId: number
  back: string
  // Names this rendering of the form: the same form posted twice records one payment.
  formKey: string
  invoices: OpenInvoice[]
}

// What the customer handed over at the van, on the lead's sent invoice. A plain form
// (src/collections/Leads/endpoints/paymentForm.ts): one sent before the script has loaded is
// posted by the browser and the server answers with this view and its notice.
export function LeadPaymentForm({ leadId, back, formKey, invoices }: Props) {
  const { api } = useApi()
  const router = useRouter()
  const form = useRef<HTMLFormElement>(null)
  const [busy, setBusy] = useState(false)

  async function record() {
    if (!form.current) return
    setBusy(true)
    const fields = Object.fromEntries(
      [...new FormData(form.current).entries()].map(([k, v]) => [k, String(v)]),
    )
    try {
      await api(leadFormPath(leadId, 'payment'), formInit(fields))
      toast.success(PAYMENT_RECORDED, { description: PAYMENT_RECEIPT_NOTE })
      // A new rendering, with a new form key and the new balance.
      router.refresh()
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.message : null
      toast.error('Error', { description: message ?? 'The payment could not be recorded.' })
    }
    setBusy(false)
  }

  const first = invoices[0]
  return (
    <form
      ref={form}
      method="post"
      action={`/api${leadFormPath(leadId, 'payment')}`}
      className="cbo-form"
      aria-labelledby="cbo-payment-title"
      data-testid="lead-payment-form"
      onSubmit={(e) => {
        e.preventDefault()
        void record()
      }}
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
        <ActionButton type="submit" submitsWithoutScript disabled={busy}>
          Record payment
        </ActionButton>
      </div>
    </form>
  )
}
