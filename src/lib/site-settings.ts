import config from '@payload-config'
import { getPayload } from 'payload'

import { BUSINESS_DEFAULTS } from './business'

export type PublicSiteSettings = {
  businessName: string
  phone: string
  email: string
}

// The business facts the public pages show, read as an anonymous visitor. A database
// hiccup must not take the site down: the spec's constants stand in.
export async function getSiteSettings(): Promise<PublicSiteSettings> {
  try {
    const payload = await getPayload({ config })
    const s = await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, depth: 0 })
    return {
      businessName: s.businessName || BUSINESS_DEFAULTS.businessName,
      phone: s.phone || BUSINESS_DEFAULTS.phone,
      email: s.email || BUSINESS_DEFAULTS.email,
    }
  } catch (err) {
    console.error('site settings unavailable, using defaults:', err)
    return { businessName: BUSINESS_DEFAULTS.businessName, phone: BUSINESS_DEFAULTS.phone, email: BUSINESS_DEFAULTS.email }
  }
}
