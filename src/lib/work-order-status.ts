// The most cars one work order holds: a whole lot sweep.
export const MAX_WORK_ORDER_VEHICLES = 200

// A car's way through reconditioning, each step stamped with its time.
export const VEHICLE_STATUSES = [
  { value: 'received', label: 'Received', time: 'receivedAt' },
  { value: 'scheduled', label: 'Scheduled', time: 'scheduledAt' },
  { value: 'in_progress', label: 'In progress', time: 'startedAt' },
  { value: 'done', label: 'Done', time: 'doneAt' },
] as const
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number]['value']
export type VehicleTimeField = (typeof VEHICLE_STATUSES)[number]['time']

export const WHEEL_STATUSES = [
  { value: 'to_do', label: 'To do' },
  { value: 'done', label: 'Done' },
] as const

type Times = Partial<Record<VehicleTimeField, string | null>>

/**
 * The times after a status is set: each step up to it keeps its time or gets `now` (a car
 * marked done at once was received, scheduled and started then too); later steps have none.
 */
export function stampVehicleTimes(
  status: VehicleStatus,
  times: Times,
  now: string,
): Record<VehicleTimeField, string | null> {
  const reached = VEHICLE_STATUSES.findIndex((s) => s.value === status)
  const out = {} as Record<VehicleTimeField, string | null>
  VEHICLE_STATUSES.forEach((s, i) => {
    out[s.time] = i <= reached ? (times[s.time] ?? now) : null
  })
  return out
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Days in recon: from received to done, or to now while not done, in tenths of a day. */
export function daysInRecon(
  receivedAt: string | null | undefined,
  doneAt: string | null | undefined,
  now: Date,
): number | null {
  if (!receivedAt) return null
  const start = Date.parse(receivedAt)
  const end = doneAt ? Date.parse(doneAt) : now.getTime()
  if (Number.isNaN(start) || Number.isNaN(end)) return null
  return Math.round((Math.max(0, end - start) / DAY_MS) * 10) / 10
}

/** The average days in recon of the cars done in the 30 days before `now`, or null with none. */
export function averageDaysInRecon(
  cars: readonly { receivedAt?: string | null; doneAt?: string | null }[],
  now: Date,
): number | null {
  const since = now.getTime() - 30 * DAY_MS
  const days = cars.flatMap((car) => {
    if (!car.doneAt || Date.parse(car.doneAt) < since) return []
    const d = daysInRecon(car.receivedAt, car.doneAt, now)
    return d === null ? [] : [d]
  })
  if (days.length === 0) return null
  return Math.round((days.reduce((a, b) => a + b, 0) / days.length) * 10) / 10
}

/**
 * A work order's status follows its cars: done when every car is, received while none has
 * moved, in progress once work started on any car, else scheduled.
 */
export function workOrderStatus(cars: readonly { status?: string | null }[]): VehicleStatus {
  const statuses = cars.map((car) => car.status ?? 'received')
  if (statuses.length > 0 && statuses.every((s) => s === 'done')) return 'done'
  if (statuses.some((s) => s === 'in_progress' || s === 'done')) return 'in_progress'
  if (statuses.some((s) => s === 'scheduled')) return 'scheduled'
  return 'received'
}

/** Work has started on a car: its details and wheels are what prices and statements use. */
export const workStarted = (status: string | null | undefined) =>
  status === 'in_progress' || status === 'done'

/** After the first wheel is done the car is in progress; after the last, done. */
export function statusAfterWheels(wheels: readonly { status?: string | null }[]): VehicleStatus {
  return wheels.length > 0 && wheels.every((w) => w.status === 'done') ? 'done' : 'in_progress'
}

/** A work order as the dealership names it: its PO and RO numbers, else its number. */
export const workOrderTitle = (order: { id: number; poNumber?: string | null; roNumber?: string | null }) =>
  [order.poNumber && `PO ${order.poNumber}`, order.roNumber && `RO ${order.roNumber}`]
    .filter(Boolean)
    .join(' · ') || `Work order ${order.id}`
