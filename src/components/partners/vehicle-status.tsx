import { cn } from '@/lib/utils'
import { VEHICLE_STATUSES, type VehicleStatus } from '@/lib/work-order-status'

const TONES: Record<VehicleStatus, string> = {
  received: 'bg-slate-100 text-slate-800',
  scheduled: 'bg-blue-100 text-blue-900',
  in_progress: 'bg-amber-100 text-amber-900',
  done: 'bg-green-100 text-green-900',
}

export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  const label = VEHICLE_STATUSES.find((s) => s.value === status)?.label ?? status
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TONES[status])}>{label}</span>
}

export const formatDays = (days: number | null) =>
  days === null
    ? '–'
    : `${days.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${days === 1 ? 'day' : 'days'}`
