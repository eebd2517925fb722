// The technician's phone action, as a plain form (the lead page's pattern, src/lib/lead-forms.ts):
// a tap posts the after photo before any script has loaded, and the answer is a redirect back to
// the work order's page, whose address names the outcome with a code, never words of its own.

/** The technician's page of a work order, in the back office. */
export const workOrderAdminPath = (workOrder: number | string) =>
  `/admin/collections/work-orders/${workOrder}`

/** Under Payload's API route (`/api`). */
export const wheelDonePath = (workOrder: number) => `/work-orders/${workOrder}/wheel-done`

export const isWheelDonePath = (pathname: string) =>
  /^\/api\/work-orders\/\d{1,15}\/wheel-done$/.test(pathname)

/** The form's fields: the wheel's row id, the photo, and the page to go back to. */
export const WHEEL_FIELD = 'wheel'
export const AFTER_PHOTO_FIELD = 'photo'

export const WHEEL_DONE = 'Wheel marked done'

export const WHEEL_FORM_ERRORS = {
  'photo-missing': 'Add the after photo first: a wheel is marked done with its after photo.',
  'photo-large': 'The after photo is larger than 15 MB.',
  'photo-unreadable':
    'The after photo could not be read: send a JPEG, PNG, WebP, GIF, HEIC or AVIF photo of at most 50 megapixels.',
  'wheel-missing': 'This wheel is no longer on the work order.',
  'wheel-done': 'This wheel was already marked done; nothing was changed.',
  missing: 'This work order no longer exists.',
} as const
export type WheelFormError = keyof typeof WHEEL_FORM_ERRORS

export type WheelFormOutcome = { kind: 'done' } | { kind: 'error'; error: WheelFormError }

type Params = Record<string, string | string[] | undefined> | undefined
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

export function wheelOutcomeOf(params: Params): WheelFormOutcome | null {
  const error = one(params?.error)
  if (typeof error === 'string' && Object.hasOwn(WHEEL_FORM_ERRORS, error))
    return { kind: 'error', error: error as WheelFormError }
  return one(params?.done) === 'wheel' ? { kind: 'done' } : null
}

/** `back` with this outcome's code in place of any earlier one. */
export function withWheelOutcome(back: string, outcome: WheelFormOutcome) {
  const url = new URL(back, 'http://site.invalid')
  for (const key of ['done', 'error', 'confirm']) url.searchParams.delete(key)
  if (outcome.kind === 'done') url.searchParams.set('done', 'wheel')
  else url.searchParams.set('error', outcome.error)
  return `${url.pathname}${url.search}`
}
