import type { Payload, PayloadRequest } from 'payload'

import { MAIN_FORM_SERVICE } from '@/lib/catalog'
import { homeContent, type HomeOffer } from '@/lib/home-content'

// The offers as the published home page shows them: what a new lead records and what a quote
// is priced at. Read from the database (not the page cache), inside the caller's transaction.

export type OfferSnapshot = {
  offeredTitle: string
  offeredPriceCents: number | null
  offeredUnit: string | null
}

/** The offers as the published home page shows them now. */
export async function publishedOffers(payload: Payload, req?: Partial<PayloadRequest>): Promise<HomeOffer[]> {
  const doc = await payload.findGlobal({ slug: 'home-page', depth: 0, draft: false, req })
  // A global saved only as a draft so far has published nothing: the defaults are live.
  return homeContent(doc._status === 'draft' ? {} : doc).pricing.offers
}

/**
 * The offer as the published home page shows it now, or null when the site no longer
 * offers that service. The main form's Wheel Restoration has no price of its own.
 */
export async function publishedOffer(
  payload: Payload,
  serviceType: string,
  req?: Partial<PayloadRequest>,
): Promise<OfferSnapshot | null> {
  if (serviceType === MAIN_FORM_SERVICE.key) {
    return { offeredTitle: MAIN_FORM_SERVICE.title, offeredPriceCents: null, offeredUnit: null }
  }
  const offer = (await publishedOffers(payload, req)).find((o) => o.key === serviceType)
  if (!offer) return null
  return { offeredTitle: offer.title, offeredPriceCents: offer.priceCents, offeredUnit: offer.unit || null }
}
