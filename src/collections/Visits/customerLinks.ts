import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { closedToVisits } from '@/lib/lead-status'
import { serverUrl } from '@/lib/server-url'
import { dbOf } from '@/server/db'
import type { CustomerLinkCheck } from '@/server/customer-link-gate'
import { linkNonceOf, customerLinkToken } from '@/server/customer-link-token'
import { clientAddress, hitCustomerLinkLimit } from '@/server/rate-limit'

// The link of a visit booked for a lead without a quote (a customer who phoned): it opens that
// lead's visit, to see, move or cancel it, or book again once cancelled. Signed like a quote's
// link with a purpose of its own; its nonce names the lead, so a link stays the same through
// moves. It opens nothing once the lead has a quote sent (that quote's link is the place then,
// deposit and all), is closed (lost or completed), or erased.

const NONCE = /^visit(\d{19})$/

const nonceOfLead = (lead: number) => `visit${String(lead).padStart(19, '0')}`

export const visitNonceOf = (payload: Payload, token: unknown) => linkNonceOf(payload.secret, token, 'visit')

/** The token of a lead's visit link. */
export const visitToken = (payload: Payload, lead: number) =>
  customerLinkToken(payload.secret, nonceOfLead(lead), 'visit')

/** The lead a genuinely signed visit link opens, or null when it opens nothing. */
export async function leadForVisitToken(payload: Payload, token: unknown): Promise<number | null> {
  const match = NONCE.exec(visitNonceOf(payload, token) ?? '')
  if (!match) return null
  const lead = Number(match[1])
  if (!Number.isSafeInteger(lead)) return null
  const db = await dbOf(payload)
  const { rows } = (await db.execute(sql`
    SELECT status, lost_reason, erased_at,
      EXISTS (SELECT 1 FROM visits WHERE visits.lead_id = leads.id) AS visited,
      EXISTS (SELECT 1 FROM quotes WHERE quotes.lead_id = leads.id AND quotes.token_nonce IS NOT NULL) AS quoted
    FROM leads WHERE id = ${lead}`)) as unknown as {
    rows: {
      status: string | null
      lost_reason: string | null
      erased_at: string | Date | null
      visited: boolean
      quoted: boolean
    }[]
  }
  const row = rows[0]
  if (!row || row.erased_at || !row.visited || row.quoted) return null
  if (closedToVisits({ status: row.status, lostReason: row.lost_reason })) return null
  return lead
}

// The visit page's check, as src/proxy.ts makes it: counted like the quote and pay links.
export function visitLinkCheck(payload: Payload): CustomerLinkCheck {
  return async (headers, token) => {
    const nonce = visitNonceOf(payload, token)
    if (!nonce) return { verdict: 'missing', retryAfterSeconds: 0 }
    const limit = await hitCustomerLinkLimit(payload, clientAddress(headers), nonce)
    if (!limit.allowed) return { verdict: 'over', retryAfterSeconds: limit.retryAfterSeconds }
    return {
      verdict: (await leadForVisitToken(payload, token)) ? 'allowed' : 'missing',
      retryAfterSeconds: 0,
    }
  }
}

/**
 * Where a visit's e-mails send the customer to move or cancel it: the quote's link when the
 * visit's quote (or another of the lead's) was sent, else the visit's own link.
 */
export async function visitCustomerLink(
  payload: Payload,
  visit: { lead: number; quote: number | null },
): Promise<{ kind: 'quote' | 'visit'; url: string }> {
  const db = await dbOf(payload)
  const { rows } = (await db.execute(sql`
    SELECT token_nonce FROM quotes WHERE lead_id = ${visit.lead} AND token_nonce IS NOT NULL
    ORDER BY (id = ${visit.quote ?? 0}) DESC, id DESC LIMIT 1`)) as unknown as {
    rows: { token_nonce: string }[]
  }
  const nonce = rows[0]?.token_nonce
  if (nonce) return { kind: 'quote', url: `${serverUrl()}/quote/${customerLinkToken(payload.secret, nonce)}` }
  return { kind: 'visit', url: `${serverUrl()}/visit/${visitToken(payload, visit.lead)}` }
}
