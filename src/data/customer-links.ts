import 'server-only'

import config from '@payload-config'
import { headers } from 'next/headers'
import { getPayload, type Payload } from 'payload'

import { businessTimeZone } from '@/lib/business-time'
import type { Quote } from '@/payload-types'
import { invoiceForToken, noteInvoiceViewed, payNonceOf } from '@/collections/Invoices/customerLinks'
import { noteViewed, owedInvoiceLink, quoteForToken } from '@/collections/Quotes/customerLinks'
import { depositStateOf } from '@/payments/deposits'
import { addressOfLead, liveVisitOfLead, openSlots, reachOfLead } from '@/collections/Visits/bookings'
import { leadForVisitToken, visitNonceOf } from '@/collections/Visits/customerLinks'
import { type CustomerLinkKind, customerLinkVerdict } from '@/server/customer-link-gate'
import { linkNonceOf } from '@/server/customer-link-token'
import { clientAddress, withinCustomerLinkLimit } from '@/server/rate-limit'

// What a customer's own link opens (their quote, their invoice to pay, their visit), read per
// request. Each link passes the gate first: what src/proxy.ts found for it (checked and counted
// there, so it could answer 429 or 404), or the page's own count when the proxy could not check.

/**
 * A link's opening: `allowed` false when this connection opened too many links; `missing` when
 * the proxy already answered 404 (the page draws that 404 itself); `found` what the link opens.
 */
export type LinkOpening<T> = { allowed: boolean; missing: boolean; found: T | null; timeZone: string }

async function openLink<T>(
  kind: CustomerLinkKind,
  nonceOf: (payload: Payload) => string | null,
  find: (payload: Payload) => Promise<T | null>,
): Promise<LinkOpening<T>> {
  const payload = await getPayload({ config })
  const request = await headers()
  const verdict = customerLinkVerdict(request, kind)
  const nonce = nonceOf(payload)
  const allowed = verdict
    ? verdict !== 'over'
    : nonce
      ? await withinCustomerLinkLimit(payload, clientAddress(request), nonce)
      : true
  const missing = verdict === 'missing'
  const found = allowed && !missing ? await find(payload) : null
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { timeZone: true } })
  return { allowed, missing, found, timeZone: businessTimeZone(settings.timeZone) }
}

/** A quote link: the quote and its state; an open quote is noted as viewed. */
export function openQuoteLink(token: string) {
  return openLink(
    'quote',
    (payload) => linkNonceOf(payload.secret, token),
    async (payload) => {
      const found = await quoteForToken(payload, token)
      if (found?.state === 'open') await noteViewed(payload, found.quote.id)
      return found
    },
  )
}

/** A pay link: the invoice and its state, noted as viewed. */
export function openPayLink(token: string) {
  return openLink(
    'pay',
    (payload) => payNonceOf(payload, token),
    async (payload) => {
      const found = await invoiceForToken(payload, token)
      if (found) await noteInvoiceViewed(payload, found.invoice.id)
      return found
    },
  )
}

/** A visit link: the lead whose visit it opens. */
export function openVisitLink(token: string) {
  return openLink(
    'visit',
    (payload) => visitNonceOf(payload, token),
    (payload) => leadForVisitToken(payload, token),
  )
}

/** What a quote's deposit asks and has received. */
export async function readDeposit(quote: Quote) {
  return depositStateOf(await getPayload({ config }), undefined, quote)
}

/** The pay link of what a lead still owes on a sent invoice, if anything. */
export async function readOwedInvoiceLink(lead: number) {
  return owedInvoiceLink(await getPayload({ config }), lead)
}

/**
 * A lead's visit and what booking or moving it offers: the open slots and the address on file,
 * and, after a booking, how its details reached the customer.
 */
export async function readVisitBooking(lead: number, booked: boolean) {
  const payload = await getPayload({ config })
  return {
    visit: await liveVisitOfLead(payload, lead),
    slots: await openSlots(payload),
    address: await addressOfLead(payload, lead),
    reach: booked ? await reachOfLead(payload, lead) : undefined,
  }
}
