import type { CollectionBeforeChangeHook } from 'payload'

import type { Lead } from '@/payload-types'
import { outsideServiceArea, zipList } from '@/lib/service-area'

// Whether the lead's ZIP code is outside the service area in the settings when it is given:
// never refused, only noted for the owner (and the visitor's confirmation).
export const markServiceArea: CollectionBeforeChangeHook<Lead> = async ({ data, originalDoc, req }) => {
  if (!('zip' in data) || data.zip === originalDoc?.zip) return data
  const settings = await req.payload.findGlobal({
    slug: 'site-settings',
    depth: 0,
    select: { booking: { serviceZips: true } },
    overrideAccess: true,
    req,
  })
  return { ...data, outsideServiceArea: outsideServiceArea(data.zip, zipList(settings.booking?.serviceZips)) }
}
