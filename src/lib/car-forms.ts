// The partner's forms on a work order's page, one per car: change it, or cancel it. Plain forms
// (they post before any script loads); the answer is a redirect back to the page, whose address
// names the outcome with a code, never words of its own (as the technician's form answers).

import type { VinProblem } from './vin'

/** The partner's page of a work order, in the portal. */
export const partnerWorkOrderPath = (workOrder: number | string) => `/partners/work-orders/${workOrder}`

export type CarAction = 'edit' | 'cancel'

/** Under Payload's API route (`/api`). */
export const carFormPath = (workOrder: number, car: string, action: CarAction) =>
  `/work-orders/${workOrder}/cars/${car}/${action}`

export const isCarFormPath = (pathname: string) =>
  /^\/api\/work-orders\/\d{1,15}\/cars\/[^/]{1,64}\/(edit|cancel)$/.test(pathname)

/** The edit form's fields; each wheel position's field names its service, or none to leave it. */
export const CAR_FIELDS = { stockNumber: 'stockNumber', vin: 'vin', roNumber: 'roNumber' } as const
export const wheelField = (position: string) => `wheel-${position}`

export const CAR_FORM_DONE = {
  'car-saved': 'The car’s changes are saved.',
  'car-cancelled': 'The car is cancelled and off the work order.',
} as const
export type CarFormDone = keyof typeof CAR_FORM_DONE

export const CAR_FORM_ERRORS = {
  'car-started':
    'Work has started on this car: its details and wheels can no longer be changed, and it can no longer be cancelled.',
  'car-missing': 'This car is no longer on the work order.',
  'last-car':
    'This is the work order’s only car: a work order keeps at least one. Call us to cancel the whole work order.',
  'stock-missing': 'Enter the stock number, up to 40 characters.',
  'ro-long': 'An RO number has at most 60 characters.',
  'wheels-missing': 'Choose a service for at least one wheel.',
  'vin-empty': 'Enter the VIN.',
  'vin-length': 'A VIN has 17 characters.',
  'vin-characters': 'A VIN has only letters and digits, never I, O or Q.',
  'vin-check-digit': 'This VIN’s check digit (9th character) does not match: check it for a typo.',
  invalid: 'The car could not be saved: check its details.',
  missing: 'This work order no longer exists.',
} as const satisfies Record<string, string> & Record<`vin-${VinProblem}`, string>
export type CarFormError = keyof typeof CAR_FORM_ERRORS

export type CarFormOutcome = { kind: 'done'; done: CarFormDone } | { kind: 'error'; error: CarFormError }

type Params = Record<string, string | string[] | undefined> | undefined
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** The outcome a page's address names, and the car it is about (an error shows by its car). */
export function carOutcomeOf(params: Params): (CarFormOutcome & { car: string | null }) | null {
  const car = one(params?.car) ?? null
  const error = one(params?.error)
  if (typeof error === 'string' && Object.hasOwn(CAR_FORM_ERRORS, error))
    return { kind: 'error', error: error as CarFormError, car }
  const done = one(params?.done)
  if (typeof done === 'string' && Object.hasOwn(CAR_FORM_DONE, done))
    return { kind: 'done', done: done as CarFormDone, car }
  return null
}

/** The work order's page with this outcome, at the car it is about. */
export function withCarOutcome(workOrder: number, car: string, outcome: CarFormOutcome) {
  const query = new URLSearchParams(
    outcome.kind === 'done' ? { done: outcome.done } : { error: outcome.error, car },
  )
  const anchor = outcome.kind === 'done' && outcome.done === 'car-cancelled' ? '' : `#car-${car}`
  return `${partnerWorkOrderPath(workOrder)}?${query}${anchor}`
}
