import { randomUUID } from 'node:crypto'

import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { isAdmin } from '@/access/isApprovedStaff'
import { handPaymentReceivedAt } from '@/collections/Payments/hooks/recordByHand'
import { MAX_PAYMENT_CENTS } from '@/lib/invoices'
import { PAYMENT_REFERENCE_MAX, parseDollars } from '@/lib/money'
import { rowId } from '@/lib/row-id'
import {
  STATEMENT_PAYMENT_ERRORS,
  STATEMENT_PAYMENT_RECORDED,
  type StatementPaymentError,
  isStatementPaymentMethod,
  statementAdminPath,
} from '@/lib/statement-balance'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { formSubmissionKey } from '@/server/form-key'
import { readFormOrRefusal } from '@/server/read-capped-body'

import { recordStatementPayment } from '../recordPayment'

const MAX_BODY_BYTES = 16 * 1024
const noStore = { 'Cache-Control': 'no-store, private' }
// One line of printable text: PostgreSQL refuses NUL, and a reference has no line breaks.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/

const wantsJson = (req: PayloadRequest) => Boolean(req.headers.get('accept')?.includes('application/json'))
const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: noStore })

// The statement's page posts this form without any script: the answer is a 303 back to it,
// naming the outcome (`done=payment` or `error=<code>`), which the page shows. A script asking
// for JSON gets the same words.
function answer(req: PayloadRequest, statement: number, status: number, error?: StatementPaymentError) {
  if (wantsJson(req)) {
    return error
      ? json(status, { errors: [{ message: STATEMENT_PAYMENT_ERRORS[error] }] })
      : json(status, { message: STATEMENT_PAYMENT_RECORDED })
  }
  const to = `${statementAdminPath(statement)}?${new URLSearchParams(error ? { error } : { done: 'payment' })}`
  return new Response(null, { status: 303, headers: { ...noStore, Location: to } })
}

// POST /api/statements/:id/payments (URL-encoded: amount in dollars, method, date, reference,
// key): the dealership's check, ACH transfer or card payment against the statement, recorded
// by an admin; never more than the balance, and nothing stored when anything is refused.
export const recordStatementPaymentForm: Endpoint = {
  path: '/:id/payments',
  method: 'post',
  handler: answeredWhenFailing('statement payment form', async (req) => {
    if (!isAdmin(req.user))
      return json(403, { errors: [{ message: 'You are not allowed to perform this action.' }] })
    const id = rowId(req.routeParams?.id)
    if (id === null) return json(404, { errors: [{ message: STATEMENT_PAYMENT_ERRORS.missing }] })
    const form = await readFormOrRefusal(req as unknown as Request, MAX_BODY_BYTES, noStore)
    if (form instanceof Response) return form

    const amount = parseDollars(form.get('amount'))
    if (amount === null || amount < 1 || amount > MAX_PAYMENT_CENTS) return answer(req, id, 400, 'amount')
    const method = form.get('method')
    if (!isStatementPaymentMethod(method)) return answer(req, id, 400, 'method')
    const day = (form.get('date') ?? '').trim()
    const receivedAt = await handPaymentReceivedAt(req, day)
    if (!receivedAt) return answer(req, id, 400, 'date')
    const reference = (form.get('reference') ?? '').trim()
    if (reference.length > PAYMENT_REFERENCE_MAX || CONTROL_CHARACTERS.test(reference))
      return answer(req, id, 400, 'reference')
    // One payment per rendered form and what it says; without a form key, one of its own.
    const formKey =
      formSubmissionKey(form.get('key'), ['statement', id, method, amount, day, reference]) ?? randomUUID()

    const own = await initTransaction(req)
    try {
      const outcome = await recordStatementPayment(req, {
        statement: id,
        method,
        amountCents: amount,
        receivedAt,
        reference: reference || null,
        formKey,
      })
      if (!outcome.recorded) {
        if (own) await killTransaction(req)
        return answer(req, id, outcome.refused === 'missing' ? 404 : 409, outcome.refused)
      }
      if (own) await commitTransaction(req)
    } catch (error) {
      if (own) await killTransaction(req)
      throw error
    }
    return answer(req, id, 201)
  }),
}
