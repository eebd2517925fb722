import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook } from 'payload'
import { APIError, ValidationError } from 'payload'

import type { Invoice, Lead } from '@/payload-types'
import { InvoicePricingError, priceInvoice as price, relationId } from '@/lib/invoices'
import { depositPaidCents } from '@/payments/depositPaid'
import { ERASED_BILL_TO } from '@/lib/erase-request'

export const SENT_INVOICE_IS_FINAL = 'A sent invoice cannot be changed: issue a credit note to correct it.'

// What a customer's erasure sets on its request's context (src/collections/Leads/eraseLeads.ts);
// REST and GraphQL callers cannot set a request's context, so no other write passes as one.
export const ERASING_CUSTOMER = 'erasingCustomer'

const refuse = (message: string, path: string): never => {
  throw new ValidationError({ collection: 'invoices', errors: [{ message, path }] })
}

// Every save of a draft prices it again on the server; what the browser sent as amounts or
// totals is never kept. Once sent (numbered, e-mailed), an invoice is final: its money moves
// only through payments and credit notes, which the server writes straight to the table.
export const priceInvoice: CollectionBeforeChangeHook<Invoice> = async ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  // The erasure's write takes the customer off and changes nothing else, whatever it sent: the
  // number, dates, lines and money stay as sent, for the books.
  if (operation === 'update' && originalDoc && req.context?.[ERASING_CUSTOMER] === true)
    return { ...originalDoc, ...ERASED_BILL_TO }
  if (operation === 'update' && originalDoc && originalDoc.status !== 'draft')
    throw new APIError(SENT_INVOICE_IS_FINAL, 400, null, true)

  const leadId = relationId(data.lead ?? originalDoc?.lead)
  const lead = leadId
    ? ((await req.payload.findByID({
        collection: 'leads',
        id: leadId,
        depth: 0,
        req,
        disableErrors: true,
        overrideAccess: true,
      })) as Lead | null)
    : null
  if (!lead) refuse('Choose the lead this invoice is for.', 'lead')

  const kind = data.kind ?? originalDoc?.kind ?? 'invoice'
  let corrects: number | null = null
  if (kind === 'credit_note') {
    corrects = relationId(data.corrects ?? originalDoc?.corrects)
    const original = corrects
      ? await req.payload.findByID({
          collection: 'invoices',
          id: corrects,
          depth: 0,
          req,
          disableErrors: true,
          overrideAccess: true,
        })
      : null
    if (!original || original.kind !== 'invoice' || original.status === 'draft')
      refuse('A credit note corrects a sent invoice: choose it.', 'corrects')
    if (relationId(original!.lead) !== leadId)
      refuse('A credit note is for the lead of its invoice.', 'corrects')
  }

  const lines = data.lines ?? originalDoc?.lines ?? []
  let priced: ReturnType<typeof price>
  try {
    priced = price(
      lines.map((line) => ({
        description: line.description ?? '',
        quantity: line.quantity ?? 1,
        unitCents: line.unitCents ?? 0,
      })),
      data.discountCents ?? originalDoc?.discountCents ?? 0,
    )
  } catch (error) {
    if (error instanceof InvoicePricingError) return refuse(error.message, 'lines')
    throw error
  }
  // The deposit paid on the quote it was drafted from, read again at every save of the draft
  // (a deposit refunded meanwhile is owed again); never what the browser sent. A draft whose
  // quote was deleted since keeps the figure the server last stored (settle.ts).
  const quote = kind === 'invoice' ? relationId(data.quote ?? originalDoc?.quote) : null
  const deposit = quote
    ? await depositPaidCents(req.payload, req, quote)
    : kind === 'invoice'
      ? (originalDoc?.depositCents ?? 0)
      : 0
  const billTo =
    operation === 'create'
      ? {
          customerName: data.customerName ?? `${lead!.firstName} ${lead!.lastName ?? ''}`.trim(),
          customerEmail: data.customerEmail ?? lead!.email,
          customerAddress: data.customerAddress ?? lead!.address ?? null,
        }
      : {}
  return {
    ...data,
    ...billTo,
    kind,
    corrects,
    lines: lines.map((line, i) => ({
      ...line,
      description: priced.lines[i].description,
      amountCents: priced.lines[i].amountCents,
    })),
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    depositCents: deposit,
    creditedCents: 0,
    paidCents: 0,
    balanceCents: priced.totalCents - deposit,
  }
}

export const keepSentInvoices: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const invoice = await req.payload.findByID({
    collection: 'invoices',
    id,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })
  if (invoice && invoice.status !== 'draft') throw new APIError(SENT_INVOICE_IS_FINAL, 400, null, true)
}
