import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { publishedOffers } from '@/globals/HomePage/publishedOffers'
import type { Lead, Quote } from '@/payload-types'
import { QUOTE_STATUS_CONTEXT, type QuoteStatus } from '@/lib/quote-status'
import { type PromoSnapshot, priceQuote, QuotePricingError, type QuoteLineInput } from '@/lib/quote-pricing'

type LineData = NonNullable<Quote['lines']>[number]

const refuse = (message: string, path = 'lines'): never => {
  throw new ValidationError({ collection: 'quotes', errors: [{ message, path }] })
}

function promoOf(lead: Lead): PromoSnapshot | null {
  if (!lead.promoCode || !lead.promoDiscountType) return null
  return {
    code: lead.promoCode,
    discountType: lead.promoDiscountType,
    discountValue: lead.promoDiscountValue ?? 0,
    minimumAmount: lead.promoMinimumAmount ?? 0,
  }
}

// Every save prices the lines again on the server: offer lines at the published price,
// the two-rim minimum, the lead's promo code. What the browser sent as prices or totals is
// never kept (those fields are the server's). A quote the customer accepted stays as it is.
export const priceQuoteLines: CollectionBeforeChangeHook<Quote> = async ({ data, originalDoc, req }) => {
  // The server moving the quote along (sent, accepted...) changes its status only.
  // originalDoc is read after lockQuotes, so it holds an answer the customer just committed.
  const lifecycle = req.context[QUOTE_STATUS_CONTEXT] as QuoteStatus | undefined
  if (originalDoc?.status === 'accepted' && lifecycle !== 'accepted')
    refuse('An accepted quote cannot be changed.', 'status')
  if (lifecycle) return { ...data, status: lifecycle }
  const leadId = typeof data.lead === 'object' && data.lead ? data.lead.id : (data.lead ?? originalDoc?.lead)
  const lead = leadId
    ? await req.payload.findByID({
        collection: 'leads',
        id: leadId as number,
        depth: 0,
        req,
        disableErrors: true,
      })
    : null
  if (!lead) refuse('Choose the lead this quote is for.', 'lead')

  const offers = await publishedOffers(req.payload, req)
  const lines: LineData[] = data.lines ?? originalDoc?.lines ?? []
  const inputs: QuoteLineInput[] = lines.map((line) => {
    if (line.kind === 'free') {
      return {
        kind: 'free',
        description: line.description ?? '',
        amountCents: Math.round((line.amount ?? 0) * 100),
      }
    }
    const offer = offers.find((o) => o.key === line.offer)
    if (!offer)
      return refuse(
        line.offer ? 'One of the offers is no longer on the site.' : 'Choose an offer for each line.',
      )
    return {
      kind: 'offer',
      key: offer.key,
      title: offer.title,
      unitCents: offer.priceCents,
      quantity: line.quantity ?? 1,
    }
  })
  let totals: ReturnType<typeof priceQuote>
  try {
    totals = priceQuote(inputs, promoOf(lead as Lead))
  } catch (error) {
    if (error instanceof QuotePricingError) return refuse(error.message)
    throw error
  }
  return {
    ...data,
    lines: lines.map((line, i) => ({
      ...line,
      title: totals.lines[i].description,
      unitCents: totals.lines[i].unitCents,
      amountCents: totals.lines[i].amountCents,
    })),
    subtotalCents: totals.subtotalCents,
    deliveryFeeCents: totals.deliveryFeeCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    promoCode: (lead as Lead).promoCode ?? null,
    promoNote: totals.promoNote,
    // New, or revised after it was sent: it goes (again) to the customer from "Send quote",
    // and the link sent before opens nothing any more.
    status: 'draft',
    tokenNonce: null,
  }
}
