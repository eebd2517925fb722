import { randomUUID } from 'node:crypto'

import { commitTransaction, initTransaction, killTransaction, ValidationError } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import type { Invoice, Lead } from '@/payload-types'
import { type InvoiceDone, type LeadFormError } from '@/lib/lead-forms'
import { parseDollars } from '@/lib/money'
import { relationId } from '@/lib/invoices'
import { CONTROL_CHARACTERS_EXCEPT_LINES } from '@/lib/request-schema'
import { formSubmissionKey } from '@/server/form-key'
import { customerReach } from '@/collections/TextMessages/customerTexts'
import { InvoiceNotIssued, sendDraft } from '@/collections/Invoices/issue'
import { markReminded } from '@/collections/Invoices/remind'

import { type Handler, answer, failed, leadForm, readLead } from './leadForms'

const CREDIT_REASON_MAX = 200

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly error: LeadFormError,
  ) {
    super(error)
  }
}

async function readInvoice(req: PayloadRequest, lead: number, id: unknown): Promise<Invoice> {
  const invoice = Number(id)
  if (!Number.isSafeInteger(invoice) || invoice < 1) throw new Refused(404, 'invoice-missing')
  const found = await req.payload.findByID({
    collection: 'invoices',
    id: invoice,
    depth: 0,
    disableErrors: true,
    overrideAccess: false,
    user: req.user,
    req,
  })
  if (!found || relationId(found.lead) !== lead) throw new Refused(404, 'invoice-missing')
  return found
}

// How a sent invoice reaches the customer: at the address on the invoice, a text with consent.
async function channelsOf(
  req: PayloadRequest,
  lead: Lead,
  invoice: Invoice,
): Promise<Extract<InvoiceDone, `sent-${string}`>> {
  return `sent-${await customerReach(req.payload, lead, invoice.customerEmail)}`
}

// The draft's lines as the form lists them, each row a description, a quantity and a unit price
// in dollars; a row left blank is dropped (the form offers one to add a line).
function linesOf(form: URLSearchParams) {
  const descriptions = form.getAll('description')
  const quantities = form.getAll('quantity')
  const units = form.getAll('unit')
  const lines: { description: string; quantity: number; unitCents: number }[] = []
  for (let i = 0; i < descriptions.length; i++) {
    const description = descriptions[i].trim()
    const unit = (units[i] ?? '').trim()
    if (!description && !unit) continue
    const quantity = Number(quantities[i] || '1')
    const unitCents = parseDollars(unit)
    if (!description || unitCents === null || !Number.isInteger(quantity))
      throw new Refused(400, 'invoice-lines')
    if (CONTROL_CHARACTERS_EXCEPT_LINES.test(description)) throw new Refused(400, 'invoice-lines')
    lines.push({ description, quantity, unitCents })
  }
  if (!lines.length) throw new Refused(400, 'invoice-lines')
  return lines
}

async function inTransaction(req: PayloadRequest, work: () => Promise<void>): Promise<void> {
  const own = await initTransaction(req)
  try {
    await work()
    if (own) await commitTransaction(req)
  } catch (error) {
    if (own) await killTransaction(req)
    throw error
  }
}

function refusalOf(error: unknown): Refused | null {
  if (error instanceof Refused) return error
  if (error instanceof ValidationError) return new Refused(400, 'invoice-lines')
  if (error instanceof InvoiceNotIssued) return new Refused(409, 'invoice-sent')
  return null
}

// The drafted invoice on the job page: its lines saved in dollars and, with "Send invoice",
// numbered and sent to the customer in the same transaction.
const saveOrSendInvoice: Handler = async (req, id, form, back) => {
  try {
    const lead = await readLead(req, id)
    if (!lead) return failed(req, back, 404, 'missing')
    const draft = await readInvoice(req, id, form.get('invoice'))
    if (draft.status !== 'draft') throw new Refused(409, 'invoice-sent')
    const discountCents = parseDollars(form.get('discount') || '0')
    if (discountCents === null) throw new Refused(400, 'invoice-lines')
    const note = (form.get('note') ?? '').trim().slice(0, 1000)
    const send = form.get('do') === 'send'
    let done: InvoiceDone = 'saved'
    await inTransaction(req, async () => {
      const saved = await req.payload.update({
        collection: 'invoices',
        id: draft.id,
        data: { lines: linesOf(form), discountCents, note: note || null },
        depth: 0,
        overrideAccess: false,
        user: req.user,
        req,
      })
      if (!send) return
      done = await channelsOf(req, lead, saved)
      if (done === 'sent-none') throw new Refused(409, 'invoice-no-contact')
      await sendDraft(req, saved)
    })
    return answer(req, back, 200, { kind: 'invoice', what: done }, { message: done })
  } catch (error) {
    const refused = refusalOf(error)
    if (refused) return failed(req, back, refused.status, refused.error)
    throw error
  }
}

// The sent invoice's e-mail and text again, with the same pay link; one per rendered form.
const resendInvoice: Handler = async (req, id, form, back) => {
  try {
    const lead = await readLead(req, id)
    if (!lead) return failed(req, back, 404, 'missing')
    const invoice = await readInvoice(req, id, form.get('invoice'))
    if (invoice.kind !== 'invoice' || invoice.status === 'draft') throw new Refused(409, 'invoice-unsent')
    if ((invoice.balanceCents ?? 0) <= 0) throw new Refused(409, 'invoice-not-owed')
    const done = await channelsOf(req, lead, invoice)
    if (done === 'sent-none') throw new Refused(409, 'invoice-no-contact')
    const nonce = await invoiceNonce(req, invoice.id)
    const again = formSubmissionKey(form.get('key'), ['resend', invoice.id]) ?? randomUUID()
    await req.payload.jobs.queue({
      task: 'sendInvoiceLink',
      input: { invoiceId: invoice.id, nonce, again },
      req,
    })
    return answer(req, back, 200, { kind: 'invoice', what: done }, { message: done })
  } catch (error) {
    const refused = refusalOf(error)
    if (refused) return failed(req, back, refused.status, refused.error)
    throw error
  }
}

const REMINDED = {
  'sent-email': 'reminded-email',
  'sent-text': 'reminded-text',
  'sent-both': 'reminded-both',
} as const

// A reminder of a sent invoice still owing, by hand: worded as one, on the timeline once sent,
// and counted as the invoice's one reminder; one per rendered form.
const remindInvoice: Handler = async (req, id, form, back) => {
  try {
    const lead = await readLead(req, id)
    if (!lead) return failed(req, back, 404, 'missing')
    const invoice = await readInvoice(req, id, form.get('invoice'))
    if (invoice.kind !== 'invoice' || invoice.status === 'draft') throw new Refused(409, 'invoice-unsent')
    if ((invoice.balanceCents ?? 0) <= 0 || invoice.status === 'paid' || invoice.status === 'void')
      throw new Refused(409, 'invoice-not-owed')
    const channels = await channelsOf(req, lead, invoice)
    if (channels === 'sent-none') throw new Refused(409, 'invoice-no-contact')
    const nonce = await invoiceNonce(req, invoice.id)
    const again = `reminder:${formSubmissionKey(form.get('key'), ['remind', invoice.id]) ?? randomUUID()}`
    await inTransaction(req, async () => {
      await markReminded(req, invoice.id)
      await req.payload.jobs.queue({
        task: 'sendInvoiceLink',
        input: { invoiceId: invoice.id, nonce, again, reminder: true },
        req,
      })
    })
    const done = REMINDED[channels]
    return answer(req, back, 200, { kind: 'invoice', what: done }, { message: done })
  } catch (error) {
    const refused = refusalOf(error)
    if (refused) return failed(req, back, refused.status, refused.error)
    throw error
  }
}

// The link's nonce is hidden from every reader but the server.
async function invoiceNonce(req: PayloadRequest, id: number): Promise<string> {
  const found = await req.payload.findByID({
    collection: 'invoices',
    id,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    req,
  })
  if (!found.tokenNonce) throw new Refused(409, 'invoice-unsent')
  return found.tokenNonce
}

// A credit note on a sent invoice: an amount and why, issued and sent to the customer at once.
const issueCreditNote: Handler = async (req, id, form, back) => {
  try {
    if (!(await readLead(req, id))) return failed(req, back, 404, 'missing')
    const invoice = await readInvoice(req, id, form.get('invoice'))
    if (invoice.kind !== 'invoice' || invoice.status === 'draft') throw new Refused(409, 'invoice-unsent')
    const amount = parseDollars(form.get('amount'))
    if (amount === null || amount < 1) throw new Refused(400, 'credit-amount')
    const reason = (form.get('reason') ?? '').trim()
    if (!reason || reason.length > CREDIT_REASON_MAX || CONTROL_CHARACTERS_EXCEPT_LINES.test(reason))
      throw new Refused(400, 'credit-reason')
    await inTransaction(req, async () => {
      const note = await req.payload.create({
        collection: 'invoices',
        data: {
          lead: id,
          kind: 'credit_note',
          corrects: invoice.id,
          lines: [{ description: reason, quantity: 1, unitCents: amount }],
        },
        depth: 0,
        overrideAccess: false,
        user: req.user,
        req,
      })
      await sendDraft(req, note)
    })
    return answer(req, back, 201, { kind: 'invoice', what: 'credit-sent' }, { message: 'credit-sent' })
  } catch (error) {
    // More than the invoice still owes (the issue's own limit), or past what a line may say.
    if (error instanceof InvoiceNotIssued) return failed(req, back, 409, 'credit-amount')
    if (error instanceof ValidationError) return failed(req, back, 400, 'credit-amount')
    const refused = refusalOf(error)
    if (refused) return failed(req, back, refused.status, refused.error)
    throw error
  }
}

export const leadInvoiceForm: Endpoint = {
  path: '/:id/invoice',
  method: 'post',
  handler: leadForm('lead invoice form', saveOrSendInvoice),
}
export const leadInvoiceResendForm: Endpoint = {
  path: '/:id/invoice-resend',
  method: 'post',
  handler: leadForm('lead invoice resend form', resendInvoice),
}
export const leadInvoiceRemindForm: Endpoint = {
  path: '/:id/invoice-remind',
  method: 'post',
  handler: leadForm('lead invoice reminder form', remindInvoice),
}
export const leadCreditNoteForm: Endpoint = {
  path: '/:id/credit-note',
  method: 'post',
  handler: leadForm('lead credit note form', issueCreditNote),
}
