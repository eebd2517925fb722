// The quote request's limits and wire names, shared by the forms, the endpoint and the
// photo pipeline. Kept apart from the zod schema (quote-schema.ts) so the browser gets
// them without loading zod with the page.

export const MAX_PHOTOS = 10
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
// Longest side a stored photo keeps; the browser downscales to the same size first.
// 2048 px is more than a laptop screen shows of one photo, and half a 12 MP phone photo's
// side or less: the JPEG decoder then decodes at half size (shrink-on-load), which nearly
// halves the time and quarters the memory of cleaning each photo (docs/BENCHMARKS.md).
export const PHOTO_MAX_SIDE = 2048

// The field a person never sees (visually hidden, not focusable); bots fill it in.
export const HONEYPOT_FIELD = 'website'
// Header carrying the browser's submission key: a retry with the same key is the same request.
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/

export const QUOTE_ENDPOINT = '/api/quote-requests'
