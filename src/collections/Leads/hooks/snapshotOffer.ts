import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

import { SERVICE_TYPES } from '@/lib/catalog'
import { publishedOffer } from '@/globals/HomePage/publishedOffers'

export const OFFER_WITHDRAWN = 'This service is no longer offered. Please reload the page and choose another.'

// A new lead keeps the title and price its visitor was shown, whatever the owner changes later.
export const snapshotOffer: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  // An unknown value is the select field's to refuse, with its own message.
  if (operation !== 'create' || !SERVICE_TYPES.includes(data.serviceType)) return data
  const offer = await publishedOffer(req.payload, data.serviceType, req)
  if (!offer) {
    throw new ValidationError({
      collection: 'leads',
      errors: [{ message: OFFER_WITHDRAWN, path: 'serviceType' }],
    })
  }
  return { ...data, ...offer }
}
