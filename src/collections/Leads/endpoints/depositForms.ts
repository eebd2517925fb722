import { randomUUID } from 'node:crypto'

import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint } from 'payload'

import { HAND_METHODS, MAX_PAYMENT_CENTS, type PaymentMethod } from '@/lib/invoices'
import { DEPOSIT_RECORDED, DEPOSIT_WAIVED, type LeadFormError, WAIVE_REASON_MAX } from '@/lib/lead-forms'
import { parseDollars } from '@/lib/money'
import { CONTROL_CHARACTERS_EXCEPT_LINES } from '@/lib/request-schema'
import { formSubmissionKey } from '@/server/form-key'
import { handPaymentReceivedAt } from '@/collections/Payments/hooks/recordByHand'
import {
  type HandDepositOutcome,
  type WaiveOutcome,
  recordDepositByHand,
  waiveDeposit,
} from '@/payments/deposits'

import { type Handler, answer, failed, readLead } from './leadForms'
import { leadForm } from './leadForms'

const REFUSALS = {
  'not-open': [409, 'deposit-quote'],
  'not-owed': [409, 'deposit-settled'],
  'too-small': [400, 'deposit-small'],
  'too-large': [400, 'deposit-large'],
} as const satisfies Record<
  Exclude<HandDepositOutcome | WaiveOutcome, 'recorded' | 'waived'>,
  [number, LeadFormError]
>

const quoteOf = (form: URLSearchParams) => {
  const quote = Number(form.get('quote'))
  return Number.isSafeInteger(quote) && quote > 0 ? quote : null
}

// A deposit the customer paid other than online (on the phone, at the door: cash, check,
// Zelle/Venmo, a card reader), typed in dollars on the job's quote: it counts as Stripe's do,
// for the books, the quote's acceptance and the invoice drafted from it.
const recordDeposit: Handler = async (req, id, form, back) => {
  const amount = parseDollars(form.get('amount'))
  if (amount === null || amount < 1 || amount > MAX_PAYMENT_CENTS)
    return failed(req, back, 400, 'deposit-amount')
  const method = form.get('method') ?? ''
  if (!(HAND_METHODS as readonly string[]).includes(method)) return failed(req, back, 400, 'payment-method')
  const receivedAt = await handPaymentReceivedAt(req, (form.get('date') ?? '').trim())
  if (!receivedAt) return failed(req, back, 400, 'deposit-date')
  const quote = quoteOf(form)
  if (quote === null) return failed(req, back, 409, 'deposit-quote')
  if (!(await readLead(req, id))) return failed(req, back, 404, 'missing')
  // One deposit per rendered form and what it says; without a form key, one of its own.
  const formKey = formSubmissionKey(form.get('key'), ['deposit', quote, method, amount]) ?? randomUUID()

  const own = await initTransaction(req)
  let outcome: HandDepositOutcome
  try {
    outcome = await recordDepositByHand(req, {
      quote,
      lead: id,
      amountCents: amount,
      method: method as PaymentMethod,
      receivedAt,
      formKey,
      by: req.user?.collection === 'users' ? { id: Number(req.user.id) } : null,
    })
    if (own) {
      if (outcome === 'recorded') await commitTransaction(req)
      else await killTransaction(req)
    }
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
  if (outcome !== 'recorded') {
    const [status, error] = REFUSALS[outcome]
    return failed(req, back, status, error)
  }
  return answer(req, back, 201, { kind: 'deposit' }, { message: DEPOSIT_RECORDED })
}

// The owner lets the quote go ahead without its deposit, for this customer only.
const waive: Handler = async (req, id, form, back) => {
  const reason = (form.get('reason') ?? '').trim()
  if (reason.length > WAIVE_REASON_MAX || CONTROL_CHARACTERS_EXCEPT_LINES.test(reason))
    return failed(req, back, 400, 'waive-reason')
  const quote = quoteOf(form)
  if (quote === null) return failed(req, back, 409, 'deposit-quote')
  if (!(await readLead(req, id))) return failed(req, back, 404, 'missing')
  const own = await initTransaction(req)
  let outcome: WaiveOutcome
  try {
    outcome = await waiveDeposit(req, {
      quote,
      lead: id,
      reason: reason || null,
      by: req.user?.collection === 'users' ? { id: Number(req.user.id) } : null,
    })
    if (own) {
      if (outcome === 'waived') await commitTransaction(req)
      else await killTransaction(req)
    }
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
  if (outcome !== 'waived') {
    const [status, error] = REFUSALS[outcome]
    return failed(req, back, status, error)
  }
  return answer(req, back, 200, { kind: 'deposit-waived' }, { message: DEPOSIT_WAIVED })
}

export const leadDepositForm: Endpoint = {
  path: '/:id/deposit',
  method: 'post',
  handler: leadForm('lead deposit form', recordDeposit),
}
export const leadDepositWaiveForm: Endpoint = {
  path: '/:id/deposit-waive',
  method: 'post',
  handler: leadForm('lead deposit waiver form', waive),
}
