// Link targets built from the business's contact details.

// tel: target of a display phone number, e.g. '(512) 555-0142' → 'tel:+15125550142'.
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (digits.startsWith('+')) return `tel:${digits}`
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`
}

// sms: target for the "text us a photo" instructions.
export function smsHref(phone: string): string {
  return telHref(phone).replace(/^tel:/, 'sms:')
}

export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`
}
