import { headers } from 'next/headers'
import type { Payload } from 'payload'

import { type CustomerLinkKind, type QuoteLinkVerdict, quoteLinkVerdict } from '@/server/quote-link-gate'
import { clientAddress, withinCustomerLinkLimit } from '@/server/rate-limit'

/**
 * What src/proxy.ts found for a customer link's page (checked and counted there, so it could
 * answer 429 or 404), or the page's own count when the proxy could not check.
 */
export async function customerLinkGate(
  payload: Payload,
  kind: CustomerLinkKind,
  nonce: string | null,
): Promise<{ allowed: boolean; verdict: QuoteLinkVerdict | null }> {
  const request = await headers()
  const verdict = quoteLinkVerdict(request, kind)
  const allowed = verdict
    ? verdict !== 'over'
    : nonce
      ? await withinCustomerLinkLimit(payload, clientAddress(request), nonce)
      : true
  return { allowed, verdict }
}
