import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { stampVehicleTimes, type VehicleStatus } from '@/lib/work-order-status'

type Wheel = { id?: string | null; status?: string | null; doneAt?: string | null; afterPhotos?: unknown }
type Vehicle = { id?: string | null; status?: string | null; wheels?: Wheel[] | null } & Record<
  string,
  unknown
>

const sameRow = <T extends { id?: string | null }>(rows: T[] | null | undefined, id?: string | null) =>
  id ? rows?.find((r) => r.id === id) : undefined

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// This hook runs before Payload's field checks, so a car or its wheels sent as something
// else (a string, a number) is refused here with the field's path rather than thrown on.
function refuseMalformedRows(vehicles: unknown[]) {
  const errors: { path: string; message: string }[] = []
  vehicles.forEach((vehicle, i) => {
    if (!isRecord(vehicle))
      return errors.push({ path: `vehicles.${i}`, message: 'Each car is a row of fields.' })
    const wheels = vehicle.wheels
    if (wheels != null && (!Array.isArray(wheels) || !wheels.every(isRecord)))
      errors.push({ path: `vehicles.${i}.wheels`, message: 'List the wheels as rows: position and service.' })
  })
  if (errors.length) throw new ValidationError({ collection: 'work-orders', errors })
}

// The progress of each car and wheel (status, times, after photos) is the shop's to record: a
// partner's request keeps what was there, and its new cars start as received, now. Staff move
// cars and wheels, and each step gets its time.
export const keepProgressForStaff: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  if (!Array.isArray(data.vehicles)) return data
  refuseMalformedRows(data.vehicles)
  const now = new Date().toISOString()
  const staff = isApprovedStaff(req.user)
  const before = (originalDoc?.vehicles ?? []) as Vehicle[]
  const vehicles = (data.vehicles as Vehicle[]).map((vehicle) => {
    const old = sameRow(before, vehicle.id)
    const status = ((staff ? vehicle.status : old?.status) ?? 'received') as VehicleStatus
    const times = staff ? vehicle : (old ?? {})
    const wheels = (vehicle.wheels ?? []).map((wheel) => {
      const oldWheel = sameRow(old?.wheels, wheel.id)
      const source = staff ? wheel : (oldWheel ?? {})
      const done = source.status === 'done'
      return {
        ...wheel,
        status: done ? 'done' : 'to_do',
        doneAt: done ? (source.doneAt ?? oldWheel?.doneAt ?? now) : null,
        afterPhotos: source.afterPhotos ?? [],
      }
    })
    return { ...vehicle, status, ...stampVehicleTimes(status, times as Record<string, string>, now), wheels }
  })
  return { ...data, vehicles }
}
