// Apart from the zod schema so the browser gets these without loading zod.

export const MAX_PHOTOS = 10
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
export const UPLOAD_TOO_LARGE = `At most ${MAX_PHOTOS} photos of up to 15 MB each.`
// The browser downscales to this first. sharp decodes a JPEG at half size only for a 3x reduction, which
// would lose the detail of the damage the owner prices the repair from.
export const PHOTO_MAX_SIDE = 2048

// The street address the van drives to ("1234 S Congress Ave, Austin"), as the customer types it.
export const ADDRESS_MAX = 200
// Longest accepted text per field: the schema's limits and the inputs' maxlength.
export const FIELD_MAX = {
  firstName: 100,
  lastName: 100,
  phone: 40,
  email: 254,
  description: 5000,
  address: ADDRESS_MAX,
  zip: 5,
  vehicle: 100,
  wheelSize: 20,
} as const

export const HONEYPOT_FIELD = 'website'
// Header carrying the browser's submission key: a retry with the same key is the same request.
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/

// The path keeps its first name for compatibility: pages already in browsers post to it.
export const REQUEST_PATH = '/quote-requests'
export const REQUEST_ENDPOINT = `/api${REQUEST_PATH}`
// The page a form posted without script comes back to: what was sent, or what to correct.
export const REQUEST_PAGE = '/request'
// The form's one-time key (src/server/form-key.ts), rendered with the page: the same form posted
// twice makes one lead.
export const FORM_KEY_FIELD = 'key'
// The sent-back form's record of what was typed, removed once the request goes through.
export const DRAFT_FIELD = 'draft'
// The request page's offer: /request?service=rim_rash
export const SERVICE_PARAM = 'service'

// What the form says under the photos when they could not be stored (disk full, file store down).
export const PHOTOS_NOT_STORED =
  'Your photos could not be saved just now. Remove them to send your request without them, or try again later.'

// The spec's words when a request could not be taken (the forms, the endpoint).
export const REQUEST_FAILED = 'There was a problem submitting your request. Please try again.'
