import config from '@payload-config'
import { unstable_cache } from 'next/cache'
import { getPayload } from 'payload'

import { BUSINESS_DEFAULTS, type BusinessHours } from './business'
import { CACHE_TAGS } from './cache-tags'

export type PublicSiteSettings = {
  businessName: string
  phone: string
  email: string
  serviceArea: string
  hours: BusinessHours
  reviewLink: string
}

export const DEFAULT_SITE_SETTINGS: PublicSiteSettings = {
  businessName: BUSINESS_DEFAULTS.businessName,
  phone: BUSINESS_DEFAULTS.phone,
  email: BUSINESS_DEFAULTS.email,
  serviceArea: BUSINESS_DEFAULTS.serviceArea,
  hours: {
    weekdays: BUSINESS_DEFAULTS.hoursWeekdays,
    saturday: BUSINESS_DEFAULTS.hoursSaturday,
    sunday: BUSINESS_DEFAULTS.hoursSunday,
  },
  reviewLink: BUSINESS_DEFAULTS.reviewLink,
}

// The business facts the public pages show, read as an anonymous visitor. Empty
// values fall back to the spec's constants.
export async function readSiteSettings(): Promise<PublicSiteSettings> {
  const payload = await getPayload({ config })
  const s = await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, depth: 0 })
  const d = DEFAULT_SITE_SETTINGS
  return {
    businessName: s.businessName || d.businessName,
    phone: s.phone || d.phone,
    email: s.email || d.email,
    serviceArea: s.serviceArea || d.serviceArea,
    hours: {
      weekdays: s.hours?.weekdays || d.hours.weekdays,
      saturday: s.hours?.saturday || d.hours.saturday,
      sunday: s.hours?.sunday || d.hours.sunday,
    },
    reviewLink: s.reviewLink || d.reviewLink,
  }
}

const cachedSiteSettings = unstable_cache(readSiteSettings, ['site-settings'], { tags: [CACHE_TAGS.siteSettings] })

// A database hiccup must not take the site down: the constants stand in (and, since the
// error escapes the cached function, nothing wrong is cached).
export async function getSiteSettings(): Promise<PublicSiteSettings> {
  try {
    return await cachedSiteSettings()
  } catch (err) {
    console.error('site settings unavailable, using defaults:', err)
    return DEFAULT_SITE_SETTINGS
  }
}
