import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { Quote } from '@/payload-types'
import { dbOf } from '@/server/db'
import { copyQuoteToLead } from '@/collections/Leads/copyQuoteToLead'
import { recordLeadEvent } from '@/collections/LeadEvents/timeline'
import type { CustomerLinkCheck } from '@/server/customer-link-gate'
import { linkNonceOf, customerLinkToken } from '@/server/customer-link-token'
import { clientAddress, hitCustomerLinkLimit } from '@/server/rate-limit'

// What a customer's link can do: read its own quote, accept it, or ask for changes. The token is
// the only key; every answer is decided by one conditional UPDATE, so a second click, a race
// of several, or a click after expiry changes nothing.

export type QuoteLinkState =
  | 'invalid'
  | 'revoked'
  | 'expired'
  | 'open'
  | 'accepted'
  | 'changes_requested'
  // The job is completed: the quote takes no answer, and the page points to the invoice.
  | 'done'

export type QuoteForCustomer = { quote: Quote; state: QuoteLinkState }

export async function quoteForToken(payload: Payload, token: unknown): Promise<QuoteForCustomer | null> {
  const nonce = linkNonceOf(payload.secret, token)
  if (!nonce) return null
  const { docs } = await payload.find({
    collection: 'quotes',
    where: { tokenNonce: { equals: nonce } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const quote = docs[0]
  if (!quote) return null
  const lead = await payload.findByID({
    collection: 'leads',
    id: typeof quote.lead === 'object' ? quote.lead.id : quote.lead,
    depth: 0,
    select: { status: true },
    overrideAccess: true,
    disableErrors: true,
  })
  if (lead?.status === 'completed') return { quote, state: 'done' }
  if (quote.status === 'accepted' || quote.status === 'changes_requested')
    return { quote, state: quote.status }
  if (new Date(quote.validUntil).getTime() < Date.now()) return { quote, state: 'expired' }
  return { quote, state: 'open' }
}

// The quote page's check, as src/proxy.ts makes it (src/server/customer-link-gate.ts): counted
// like the page's forms, and only for links whose signature holds.
export function quoteLinkCheck(payload: Payload): CustomerLinkCheck {
  return async (headers, token) => {
    const nonce = linkNonceOf(payload.secret, token)
    if (!nonce) return { verdict: 'missing', retryAfterSeconds: 0 }
    const limit = await hitCustomerLinkLimit(payload, clientAddress(headers), nonce)
    if (!limit.allowed) return { verdict: 'over', retryAfterSeconds: limit.retryAfterSeconds }
    return { verdict: (await quoteForToken(payload, token)) ? 'allowed' : 'missing', retryAfterSeconds: 0 }
  }
}

// The first view is noted for the lead's timeline; later ones change nothing.
export async function noteViewed(payload: Payload, id: number): Promise<void> {
  const db = await dbOf(payload)
  const result = (await db.execute(sql`
    UPDATE quotes SET viewed_at = now() WHERE id = ${id} AND viewed_at IS NULL
    RETURNING lead_id`)) as unknown as { rows: { lead_id: number | string }[] }
  const lead = result.rows[0]?.lead_id
  if (lead != null) await recordLeadEvent(payload, undefined, { lead: Number(lead), kind: 'quote_viewed' })
}

type Answer = { kind: 'accept'; from: string } | { kind: 'changes'; message: string }

/** The quote's id when this answer was the one recorded; null when it changed nothing. */
export async function answerQuote(
  req: PayloadRequest,
  nonce: string,
  answer: Answer,
): Promise<number | null> {
  const db = await dbOf(req.payload, req)
  const set =
    answer.kind === 'accept'
      ? sql`status = 'accepted', accepted_at = now(), accepted_from = ${answer.from}`
      : sql`status = 'changes_requested', change_request = ${answer.message}, change_requested_at = now()`
  const result = (await db.execute(sql`
    UPDATE quotes SET ${set}, updated_at = now()
    WHERE token_nonce = ${nonce} AND status = 'sent' AND valid_until >= now()
      AND NOT EXISTS (SELECT 1 FROM leads WHERE leads.id = quotes.lead_id AND leads.status = 'completed')
    RETURNING id, lead_id`)) as unknown as { rows: { id: number | string; lead_id: number | string }[] }
  const row = result.rows[0]
  if (!row) return null
  const lead = Number(row.lead_id)
  await copyQuoteToLead(req.payload, req, lead)
  await recordLeadEvent(
    req.payload,
    req,
    answer.kind === 'accept'
      ? { lead, kind: 'quote_accepted', text: 'By the customer' }
      : { lead, kind: 'quote_changes', text: answer.message },
  )
  return Number(row.id)
}

/** The pay link of a completed job's invoice still owed, for its quote's page; null when none. */
export async function owedInvoiceLink(payload: Payload, lead: number): Promise<string | null> {
  const { docs } = await payload.find({
    collection: 'invoices',
    where: {
      and: [
        { lead: { equals: lead } },
        { kind: { equals: 'invoice' } },
        { status: { in: ['sent', 'part_paid'] } },
      ],
    },
    sort: '-sentAt',
    depth: 0,
    limit: 1,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const nonce = docs[0]?.tokenNonce
  return nonce ? `/pay/${customerLinkToken(payload.secret, nonce, 'pay')}` : null
}
