// What an erased lead keeps in place of the customer's details: valid values, so the lead can
// still be moved along its statuses.
export const ERASED_LEAD = {
  firstName: 'Erased',
  lastName: 'Customer',
  email: 'erased@example.com',
  phone: '000-000-0000',
  description: 'Erased at the customer’s request.',
} as const

type Body = { email?: unknown; phone?: unknown; confirm?: unknown; leads?: unknown }

export function parseEraseRequest(body: unknown): { email: string | null; phoneDigits: string | null } {
  const b = (body ?? {}) as Body
  const email = typeof b.email === 'string' && b.email.trim() ? b.email.trim().toLowerCase() : null
  const digits = typeof b.phone === 'string' ? b.phone.replace(/\D/g, '') : ''
  return { email, phoneDigits: digits.length >= 7 ? digits : null }
}

export function eraseRequestError(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return 'Send the e-mail address or phone number to erase.'
  const { email, phoneDigits } = parseEraseRequest(body)
  if (!email && !phoneDigits) return 'Give the customer’s e-mail address or phone number (at least 7 digits).'
  if ((body as Body).confirm !== true) return 'Confirm the erasure: it cannot be undone.'
  return null
}

/** The distinct lead ids the request lists, or null when it lists none or anything else. */
export function listedLeadIds(body: unknown): number[] | null {
  const leads = (body as Body | null)?.leads
  if (!Array.isArray(leads) || !leads.length || leads.length > 1000) return null
  if (!leads.every((id) => Number.isSafeInteger(id) && id > 0)) return null
  return [...new Set(leads as number[])]
}

// Requests that led to no job are erased this long after they came in (the privacy policy).
export const RETENTION_MONTHS = 12
