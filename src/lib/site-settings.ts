import { BUSINESS_DEFAULTS } from '@/lib/business'
import {
  type BusinessHours,
  businessHours,
  DEFAULT_HOURS,
  type StoredBusinessHours,
} from '@/lib/business-hours'

export type PublicSiteSettings = {
  businessName: string
  phone: string
  /** The number "text us" links go to: the texting provider's, else the phone. */
  textPhone: string
  email: string
  serviceArea: string
  hours: BusinessHours
  reviewLink: string
}

export const DEFAULT_SITE_SETTINGS: PublicSiteSettings = {
  businessName: BUSINESS_DEFAULTS.businessName,
  phone: BUSINESS_DEFAULTS.phone,
  textPhone: BUSINESS_DEFAULTS.phone,
  email: BUSINESS_DEFAULTS.email,
  serviceArea: BUSINESS_DEFAULTS.serviceArea,
  hours: DEFAULT_HOURS,
  reviewLink: BUSINESS_DEFAULTS.reviewLink,
}

type Stored<T> = { [K in keyof T]?: T[K] | null }
type StoredSiteSettings = Stored<Omit<PublicSiteSettings, 'hours'>> & { hours?: StoredBusinessHours | null }

export function publicSiteSettings(s: StoredSiteSettings): PublicSiteSettings {
  const d = DEFAULT_SITE_SETTINGS
  const phone = s.phone || d.phone
  return {
    businessName: s.businessName || d.businessName,
    phone,
    textPhone: s.textPhone?.trim() || phone,
    email: s.email || d.email,
    serviceArea: s.serviceArea || d.serviceArea,
    hours: businessHours(s.hours),
    reviewLink: s.reviewLink || d.reviewLink,
  }
}
