import { APIError, ValidationError } from 'payload'

// Payload turns some malformed request bodies into 500s deep inside its operations (a
// number where an enum is stored, a body that is not an object, NUL in a login e-mail).
// Collections check the shape of what they are sent first and refuse it as a 400:
// `textFields` must be text when given; null and missing values are left to the fields'
// own rules (required, ...).

// Only these characters make PostgreSQL refuse a text value outright.
const NUL = /\u0000/

export function assertRequestShape(collection: string, data: unknown, textFields: readonly string[]): void {
  if (data === undefined) return
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new APIError('The request body must be a JSON object.', 400, undefined, true)
  }
  const errors: { path: string; message: string }[] = []
  for (const path of textFields) {
    const value = (data as Record<string, unknown>)[path]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string') errors.push({ path, message: 'This field must be text.' })
    else if (NUL.test(value))
      errors.push({ path, message: 'This field contains characters that are not allowed.' })
  }
  if (errors.length) throw new ValidationError({ collection, errors })
}
