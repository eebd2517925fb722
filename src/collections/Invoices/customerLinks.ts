import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { Invoice } from '@/payload-types'
import { PAY_LINK_VALID_DAYS } from '@/lib/invoices'
import { dbOf } from '@/server/db'
import type { CustomerLinkCheck } from '@/server/customer-link-gate'
import { linkNonceOf } from '@/server/customer-link-token'
import { clientAddress, hitCustomerLinkLimit } from '@/server/rate-limit'

// What an invoice's pay link can do: read its own invoice, and start a card payment of what it
// still owes. The token is the only key, as for a quote's link (src/collections/Quotes/customerLinks.ts).

export type PayLinkState = 'open' | 'settled' | 'expired'
export type InvoiceForCustomer = { invoice: Invoice; state: PayLinkState }

export const payNonceOf = (payload: Payload, token: unknown) => linkNonceOf(payload.secret, token, 'pay')

export async function invoiceForToken(payload: Payload, token: unknown): Promise<InvoiceForCustomer | null> {
  const nonce = payNonceOf(payload, token)
  if (!nonce) return null
  const { docs } = await payload.find({
    collection: 'invoices',
    where: { and: [{ tokenNonce: { equals: nonce } }, { kind: { equals: 'invoice' } }] },
    depth: 0,
    limit: 1,
    overrideAccess: true,
  })
  const invoice = docs[0]
  if (!invoice || invoice.status === 'draft') return null
  if (invoice.status === 'paid' || invoice.status === 'void') return { invoice, state: 'settled' }
  const sent = invoice.sentAt ? new Date(invoice.sentAt).getTime() : 0
  if (sent + PAY_LINK_VALID_DAYS * 24 * 60 * 60 * 1000 < Date.now()) return { invoice, state: 'expired' }
  return { invoice, state: 'open' }
}

// The pay page's check, as src/proxy.ts makes it: counted like the quote links.
export function payLinkCheck(payload: Payload): CustomerLinkCheck {
  return async (headers, token) => {
    const nonce = payNonceOf(payload, token)
    if (!nonce) return { verdict: 'missing', retryAfterSeconds: 0 }
    const limit = await hitCustomerLinkLimit(payload, clientAddress(headers), nonce)
    if (!limit.allowed) return { verdict: 'over', retryAfterSeconds: limit.retryAfterSeconds }
    return { verdict: (await invoiceForToken(payload, token)) ? 'allowed' : 'missing', retryAfterSeconds: 0 }
  }
}

/** The first view is kept on the invoice; later ones change nothing. */
export async function noteInvoiceViewed(payload: Payload, id: number): Promise<void> {
  const db = await dbOf(payload)
  await db.execute(sql`UPDATE invoices SET viewed_at = now() WHERE id = ${id} AND viewed_at IS NULL`)
}
