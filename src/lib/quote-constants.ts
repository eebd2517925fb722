// The quote request's limits and wire names, shared by the forms, the endpoint and the
// photo pipeline. Kept apart from the zod schema (quote-schema.ts) so the browser gets
// them without loading zod with the page.

export const MAX_PHOTOS = 10
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
// Longest side a stored photo keeps; the browser downscales to the same size first.
// 2048 px is more than a laptop screen shows of one photo. A 12 MP phone photo (4032 px) is
// still decoded at full size on the server: sharp decodes a JPEG at half size only when it
// is to be reduced three times or more (1344 px here), which would lose the detail of the
// damage the owner quotes from (measured: docs/BENCHMARKS.md, quote photos).
export const PHOTO_MAX_SIDE = 2048

// The field a person never sees (visually hidden, not focusable); bots fill it in.
export const HONEYPOT_FIELD = 'website'
// Header carrying the browser's submission key: a retry with the same key is the same request.
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/

export const QUOTE_ENDPOINT = '/api/quote-requests'
