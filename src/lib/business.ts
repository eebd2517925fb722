// Business constants of the spec (section 9); the site-settings global starts from
// these and the owner edits them in the admin.
export const BUSINESS_DEFAULTS = {
  businessName: 'Curbside Rim Co.',
  phone: '(512) 555-0142',
  email: 'service@curbsiderim.co',
  serviceArea: 'Central Austin, TX and surrounding areas',
  hoursWeekdays: 'Mon-Fri 8AM-6PM',
  hoursSaturday: 'Sat 9AM-4PM',
  hoursSunday: 'Sun closed',
  reviewLink: 'https://www.google.com/maps/search/?api=1&query=Curbside+Rim+Co+Austin',
  notificationRecipients: 'service@curbsiderim.co',
} as const

export const REPLY_PROMISE_HOURS = 24

export type BusinessHours = { weekdays: string; saturday: string; sunday: string }

// The footer's own reading of Saturday (spec section 9: the contact card opens at 9AM,
// the footer at 8AM, and both are shown). The settings hold one Saturday, so while it
// is still the spec's default the footer keeps its own line; once the owner edits it,
// both places show the owner's hours (a second field would change the schema).
export const FOOTER_SATURDAY_DEFAULT = 'Sat: 8AM - 4PM'

const TIME = String.raw`\d{1,2}(?::\d{2})?\s*[AP]M`

// "Mon-Fri 8AM-6PM" → "Mon-Fri: 8AM - 6PM", "Sun closed" → "Sun: Closed": the footer's
// way of writing the hours the settings hold (spec section 2). Other text is kept as is.
export function footerHoursLine(text: string): string {
  const line = text.trim()
  const m = /^([A-Za-z]{3}(?:\s*-\s*[A-Za-z]{3})?):?\s+(.+)$/.exec(line)
  if (!m) return line
  const range = new RegExp(`^(${TIME})\\s*-\\s*(${TIME})$`, 'i').exec(m[2])
  const hours = range ? `${range[1]} - ${range[2]}` : m[2].charAt(0).toUpperCase() + m[2].slice(1)
  return `${m[1]}: ${hours}`
}

export function footerHours(hours: BusinessHours): string[] {
  const saturday =
    hours.saturday.trim() === BUSINESS_DEFAULTS.hoursSaturday
      ? FOOTER_SATURDAY_DEFAULT
      : footerHoursLine(hours.saturday)
  return [footerHoursLine(hours.weekdays), saturday, footerHoursLine(hours.sunday)]
}
