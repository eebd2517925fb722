import type { PublicSiteSettings } from '@/lib/site-settings'

// The site settings as seeded (the spec's constants), without loading the Payload config.
export const DEFAULT_SITE_SETTINGS_FOR_TESTS: PublicSiteSettings = {
  businessName: 'Curbside Rim Co.',
  phone: '(512) 555-0142',
  email: 'service@curbsiderim.co',
  serviceArea: 'Central Austin, TX and surrounding areas',
  hours: { weekdays: 'Mon-Fri 8AM-6PM', saturday: 'Sat 9AM-4PM', sunday: 'Sun closed' },
  reviewLink: 'https://www.google.com/maps/search/?api=1&query=Curbside+Rim+Co+Austin',
}
