import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction, ValidationError } from 'payload'
import type { Endpoint } from 'payload'

import { HAND_METHODS, MAX_PAYMENT_CENTS, type PaymentMethod } from '@/lib/invoices'
import { type LeadFormError, PAYMENT_RECORDED } from '@/lib/lead-forms'
import { PAYMENT_REFERENCE_MAX, parseDollars } from '@/lib/money'
import { dbOf } from '@/server/db'
import { formSubmissionKey } from '@/server/form-key'

import { sendDraft } from '@/collections/Invoices/issue'

import { type Handler, answer, failed, leadForm, readLead } from './leadForms'

// One line of printable text: PostgreSQL refuses NUL, and a reference has no line breaks.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/

// One payment per rendered form and what it says; without a form key, a payment of its own.
const paymentKey = (formKey: string | null, fields: (string | number)[]): string =>
  formSubmissionKey(formKey, fields) ?? randomUUID()

type Locked = {
  lead_id: number | null
  kind: string
  status: string
  balance_cents: number | null
  total_cents: number | null
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly error: LeadFormError,
  ) {
    super(error)
  }
}

// What the customer handed over at the van (cash, check, Zelle/Venmo, a card reader), typed
// in dollars and cents, recorded on the lead's sent invoice in cents. The invoice is locked
// first, so the form's twin and another phone wait; the Payments collection's own rules
// (recordByHand) settle the invoice, note the timeline and queue the one receipt.
const recordPaymentByHand: Handler = async (req, id, form, back) => {
  const amount = parseDollars(form.get('amount'))
  if (amount === null || amount < 1 || amount > MAX_PAYMENT_CENTS)
    return failed(req, back, 400, 'payment-amount')
  const method = form.get('method') ?? ''
  if (!(HAND_METHODS as readonly string[]).includes(method)) return failed(req, back, 400, 'payment-method')
  const reference = (form.get('reference') ?? '').trim()
  if (reference.length > PAYMENT_REFERENCE_MAX || CONTROL_CHARACTERS.test(reference))
    return failed(req, back, 400, 'payment-reference')
  if (!(await readLead(req, id))) return failed(req, back, 404, 'missing')
  const invoice = Number(form.get('invoice'))
  if (!Number.isSafeInteger(invoice) || invoice < 1) return failed(req, back, 409, 'payment-invoice')

  const own = await initTransaction(req)
  try {
    const db = await dbOf(req.payload, req)
    const { rows } = (await db.execute(sql`
      SELECT lead_id, kind, status, balance_cents, total_cents FROM invoices WHERE id = ${invoice} FOR UPDATE`)) as unknown as {
      rows: Locked[]
    }
    const row = rows[0]
    if (!row || Number(row.lead_id) !== id || row.kind !== 'invoice' || row.status === 'void')
      throw new Refused(409, 'payment-invoice')
    const key = paymentKey(form.get('key'), [invoice, method, amount, reference])
    const twin = (await db.execute(sql`SELECT 1 FROM payments WHERE form_key = ${key}`)) as unknown as {
      rows: unknown[]
    }
    if (twin.rows.length === 0) {
      // Paid at the van before it was sent: numbered now, and the receipt is its one message.
      let owed = Number(row.balance_cents ?? 0)
      if (row.status === 'draft') {
        await sendDraft(
          req,
          { id: invoice, kind: 'invoice', totalCents: Number(row.total_cents ?? 0) },
          { tellCustomer: false },
        )
        const after = (await db.execute(
          sql`SELECT balance_cents FROM invoices WHERE id = ${invoice}`,
        )) as unknown as { rows: { balance_cents: number | null }[] }
        owed = Number(after.rows[0]?.balance_cents ?? 0)
      }
      if (owed <= 0) throw new Refused(409, 'payment-paid')
      if (amount > owed) throw new Refused(409, 'payment-over')
      await req.payload.create({
        collection: 'payments',
        data: {
          invoice,
          lead: id,
          kind: 'payment',
          method: method as PaymentMethod,
          amountCents: amount,
          reference: reference || null,
          formKey: key,
        },
        depth: 0,
        // The caller is approved staff (leadForm); the form key is the server's to write.
        overrideAccess: true,
        req,
      })
    }
    if (own) await commitTransaction(req)
  } catch (error) {
    if (own) await killTransaction(req)
    if (error instanceof Refused) return failed(req, back, error.status, error.error)
    // The collection's rules said no (a race the lock did not cover): nothing was recorded.
    if (error instanceof ValidationError) return failed(req, back, 409, 'payment-over')
    throw error
  }
  return answer(req, back, 201, { kind: 'payment' }, { message: PAYMENT_RECORDED })
}

export const leadPaymentForm: Endpoint = {
  path: '/:id/payment',
  method: 'post',
  handler: leadForm('lead payment form', recordPaymentByHand),
}
