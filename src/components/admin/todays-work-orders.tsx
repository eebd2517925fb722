import type { ScheduledWorkOrder } from '@/data/back-office'
import { formatCalendarDate } from '@/lib/business-time'
import { workOrderAdminPath } from '@/lib/work-order-forms'
import { VEHICLE_STATUSES, workOrderTitle } from '@/lib/work-order-status'

import { LoadFailed } from './load-failed'

type Schedule = { dealership: string; workOrders: ScheduledWorkOrder[] }[]

// The van's day for dealerships, beside the retail visits: today's open work orders (and the
// late or undated ones), by dealership, each opening the technician's page.
export function TodaysWorkOrders({ schedule }: { schedule: Schedule | null }) {
  if (!schedule) return <LoadFailed message="Failed to fetch today's work orders" />
  return (
    <section className="cbo-stack" aria-labelledby="cbo-todays-work-orders-title">
      <h2 id="cbo-todays-work-orders-title">Today&apos;s work orders</h2>
      {schedule.length === 0 ? <p className="cbo-meta">No open work orders for today.</p> : null}
      {schedule.map(({ dealership, workOrders }) => (
        <div key={dealership} className="cbo-stack" data-testid="todays-dealership">
          <h3>{dealership}</h3>
          <ul className="cbo-visits" aria-label={`Work orders of ${dealership}`}>
            {workOrders.map((order) => (
              <li key={order.id} data-testid="todays-work-order">
                <a href={workOrderAdminPath(order.id)}>{workOrderTitle(order)}</a>
                <span className="cbo-meta">
                  {' · '}
                  {/* A due date is a calendar day, stored as its UTC midnight. */}
                  {order.dueDate ? `due ${formatCalendarDate(order.dueDate)}` : 'no due date'}
                  {` · ${order.carsDone} of ${order.cars} ${order.cars === 1 ? 'car' : 'cars'} done · `}
                  {VEHICLE_STATUSES.find((s) => s.value === order.status)?.label}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
