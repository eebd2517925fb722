import type { CollectionBeforeChangeHook } from 'payload'

import { workOrderStatus } from '@/lib/work-order-status'

// The work order's status is its cars' (workOrderStatus), whoever writes: never sent, always
// derived, so the day's schedule can ask for the open ones in one query.
export const followCarsStatus: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const cars = Array.isArray(data.vehicles) ? data.vehicles : (originalDoc?.vehicles ?? [])
  return { ...data, status: workOrderStatus(cars as { status?: string | null }[]) }
}
