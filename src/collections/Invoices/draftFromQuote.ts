import type { CollectionAfterChangeHook } from 'payload'

import type { Lead, Quote } from '@/payload-types'

// A lead's job marked completed drafts its invoice from the accepted quote, in the lead's
// transaction (the lead's row is locked, so two completions draft one invoice). The owner
// adjusts it and sends it; a lead without an accepted quote, or with an invoice already, gets
// nothing.
export const draftInvoiceOnCompletion: CollectionAfterChangeHook<Lead> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || req.context.demoContent) return doc
  if (doc.status !== 'completed' || previousDoc?.status === 'completed') return doc
  const { payload } = req
  const existing = await payload.count({
    collection: 'invoices',
    where: { and: [{ lead: { equals: doc.id } }, { kind: { equals: 'invoice' } }] },
    overrideAccess: true,
    req,
  })
  if (existing.totalDocs > 0) return doc
  const { docs } = await payload.find({
    collection: 'quotes',
    where: { and: [{ lead: { equals: doc.id } }, { status: { equals: 'accepted' } }] },
    sort: '-acceptedAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const quote = docs[0]
  if (!quote) return doc
  await payload.create({
    collection: 'invoices',
    data: { lead: doc.id, kind: 'invoice', quote: quote.id, ...invoiceLinesOf(quote) },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return doc
}

/** The quote's priced lines as invoice lines: what the customer accepted, to the cent. */
export function invoiceLinesOf(quote: Quote) {
  const lines = (quote.lines ?? []).map((line) =>
    line.kind === 'free'
      ? {
          description: line.title || line.description || 'Other work',
          quantity: 1,
          unitCents: line.amountCents ?? 0,
        }
      : { description: line.title ?? '', quantity: line.quantity ?? 1, unitCents: line.unitCents ?? 0 },
  )
  if (quote.deliveryFeeCents) {
    lines.push({
      description: 'Delivery fee (fewer than two rims)',
      quantity: 1,
      unitCents: quote.deliveryFeeCents,
    })
  }
  return {
    lines,
    discountCents: quote.discountCents ?? 0,
    note: quote.promoCode ? `Promo code ${quote.promoCode}` : null,
  }
}
