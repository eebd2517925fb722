export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (digits.startsWith('+')) return `tel:${digits}`
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`
}

export function smsHref(phone: string): string {
  return telHref(phone).replace(/^tel:/, 'sms:')
}

export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`
}
