// Defaults of the site-settings global; the owner edits them in the admin.
export const BUSINESS_DEFAULTS = {
  businessName: 'Curbside Rim Co.',
  phone: '(512) 555-0142',
  email: 'service@curbsiderim.co',
  serviceArea: 'Central Austin, TX and surrounding areas',
  reviewLink: 'https://www.google.com/maps/search/?api=1&query=Curbside+Rim+Co+Austin',
  notificationRecipients: 'service@curbsiderim.co',
} as const

export const REPLY_PROMISE_HOURS = 24

// Hours after a job is completed until its customer is asked for a review.
export const REVIEW_REQUEST_DELAY_HOURS = 24

/** The business's notification addresses, from Site Settings' comma-separated list. */
export const notificationAddresses = (recipients: string): string[] =>
  recipients
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
