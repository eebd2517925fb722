import { isTextLeadEmail } from './text-messages'

type Named = {
  firstName?: string | null
  lastName?: string | null
  phone?: string | null
  email?: string | null
}

/**
 * How a lead is named wherever Payload lists or picks it: the person's name, and for a texted
 * lead (which names nobody) the number it texted from, never its placeholder e-mail.
 */
export function leadName({ firstName, lastName, phone, email }: Named): string {
  const name = [firstName, lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')
  const number = (phone ?? '').trim()
  // A lead typed in by staff may name nobody either: its phone, else its e-mail.
  if (!name) return number || (isTextLeadEmail(email) ? '' : (email ?? '').trim())
  return isTextLeadEmail(email) && number ? `${name} · ${number}` : name
}
