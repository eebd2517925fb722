import { createHash, randomBytes } from 'node:crypto'

// A form's one-time key, rendered by the server into a hidden input: what it sends twice (a
// second tap on a slow phone, the browser's resend, the same post reaching two instances) is
// recorded once, under a UNIQUE column.
export const FORM_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export const newFormKey = (): string => randomBytes(16).toString('base64url')

/**
 * The record's key: the form's key and what the form says, or null without a well-formed form
 * key. With the words in it, other words typed into a stale form (or one form shared by a
 * cached page) are a record of their own.
 */
export function formSubmissionKey(
  formKey: string | null | undefined,
  fields: readonly (string | number)[],
): string | null {
  if (!formKey || !FORM_KEY_PATTERN.test(formKey)) return null
  const words = createHash('sha256').update(fields.join('\n')).digest('base64url').slice(0, 22)
  return `${formKey}:${words}`
}
