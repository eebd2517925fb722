import type { AfterErrorHook } from 'payload'

// Payload's REST error formatter keeps an error's `data` (a ValidationError's field errors,
// each with its own message) only when `instanceof ValidationError` or `APIError` holds.
// The production bundle holds Payload's error classes in more than one chunk, so an error
// made by one copy fails that check in another: the answer kept the summary ("The
// following field is invalid: ...") and lost every field's message, and the admin marked
// no field. Errors Payload made public keep their data here, recognised by their fields.
export const keepPublicErrorData: AfterErrorHook = ({ error, result }) => {
  const { data, isPublic } = error as Error & { data?: Record<string, unknown>; isPublic?: boolean }
  if (!isPublic || !data || typeof data !== 'object' || !result) return
  const [first, ...rest] = result.errors ?? []
  if (!first || 'data' in first) return
  return { response: { ...result, errors: [{ ...first, name: error.name, data }, ...rest] } }
}
