// Business constants of the spec (section 9); the site-settings global starts from
// these and the owner edits them in the admin. Opening hours: src/lib/business-hours.ts.
export const BUSINESS_DEFAULTS = {
  businessName: 'Curbside Rim Co.',
  phone: '(512) 555-0142',
  email: 'service@curbsiderim.co',
  serviceArea: 'Central Austin, TX and surrounding areas',
  reviewLink: 'https://www.google.com/maps/search/?api=1&query=Curbside+Rim+Co+Austin',
  notificationRecipients: 'service@curbsiderim.co',
} as const

export const REPLY_PROMISE_HOURS = 24
