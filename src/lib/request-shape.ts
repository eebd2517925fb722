import { APIError, ValidationError } from 'payload'

// Payload turns some malformed bodies (a number for an enum, a non-object, NUL) into 500s deep inside its
// operations: refuse them as 400s first. null and missing values are left to the fields' own rules.

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
