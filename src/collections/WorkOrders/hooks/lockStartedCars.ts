import { APIError, type CollectionBeforeChangeHook } from 'payload'

import { partnerDealership } from '@/access/isPartner'
import { workStarted } from '@/lib/work-order-status'

type Row = Record<string, unknown> & { id?: string | null }

// What the partner wrote about a car and its wheels: prices and statements are made from it.
const CAR_FIELDS = [
  'stockNumber',
  'vin',
  'roNumber',
  'year',
  'make',
  'model',
  'colour',
  'lotLocation',
] as const
const WHEEL_FIELDS = ['position', 'service'] as const

const same = (a: unknown, b: unknown) => (a === '' ? null : (a ?? null)) === (b === '' ? null : (b ?? null))
const photoIds = (photos: unknown) =>
  (Array.isArray(photos) ? photos : [])
    .map((p) => String(typeof p === 'object' && p !== null ? (p as { id: unknown }).id : p))
    .join(',')

function sameWheels(sent: unknown, stored: unknown): boolean {
  const a = (Array.isArray(sent) ? sent : []) as Row[]
  const b = (Array.isArray(stored) ? stored : []) as Row[]
  if (a.length !== b.length) return false
  return b.every((old) => {
    const wheel = a.find((w) => w.id === old.id)
    return Boolean(
      wheel &&
      WHEEL_FIELDS.every((f) => same(wheel[f], old[f])) &&
      photoIds(wheel.beforePhotos) === photoIds(old.beforePhotos),
    )
  })
}

export const carLockedMessage = (stockNumber: unknown) =>
  `Work has started on car ${String(stockNumber)}: its details and wheels can no longer be changed.`

// Once work has started on a car, a partner can no longer change it, its wheels or remove it;
// the rest of the work order (notes, other cars) stays theirs. Progress fields are the shop's
// and are ignored here (keepProgressForStaff keeps them). Staff and server code may correct one.
export const lockStartedCars: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || partnerDealership(req.user) === null || !Array.isArray(data.vehicles))
    return data
  const sent = data.vehicles as Row[]
  for (const old of (originalDoc?.vehicles ?? []) as Row[]) {
    if (!workStarted(old.status as string)) continue
    const car = sent.find((v) => v?.id === old.id)
    const unchanged =
      car && CAR_FIELDS.every((f) => same(car[f], old[f])) && sameWheels(car.wheels, old.wheels)
    if (!unchanged) throw new APIError(carLockedMessage(old.stockNumber), 409, null, true)
  }
  return data
}
