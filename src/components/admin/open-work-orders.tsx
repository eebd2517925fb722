import type { OpenWorkOrders as Open, ScheduledWorkOrder } from '@/data/back-office'
import { formatCalendarDate } from '@/lib/business-time'
import { workOrderAdminPath } from '@/lib/work-order-forms'
import { VEHICLE_STATUSES, workOrderTitle } from '@/lib/work-order-status'

import { LoadFailed } from './load-failed'

// Payload's list of the open ones, for when more are open than the tab draws.
const ALL_OPEN = '/admin/collections/work-orders?where[status][not_equals]=done&sort=dueDate'

function OrderRow({ order, dealership }: { order: ScheduledWorkOrder; dealership?: boolean }) {
  return (
    <li data-testid="open-work-order">
      <a href={workOrderAdminPath(order.id)}>{workOrderTitle(order)}</a>
      <span className="cbo-meta">
        {' · '}
        {dealership ? `${order.dealership} · ` : null}
        {/* A due date is a calendar day, stored as its UTC midnight. */}
        {order.dueDate ? `due ${formatCalendarDate(order.dueDate)}` : 'no due date'}
        {` · ${order.carsDone} of ${order.cars} ${order.cars === 1 ? 'car' : 'cars'} done · `}
        {VEHICLE_STATUSES.find((s) => s.value === order.status)?.label}
      </span>
    </li>
  )
}

// The dealerships' work on the owner's screen: today's open work orders (and the late or
// undated ones) by dealership, then every open one due later by due date, so none is hidden
// until its day; each opens the technician's page.
export function OpenWorkOrders({ open }: { open: Open | null }) {
  if (!open) return <LoadFailed message="Failed to fetch the work orders" />
  return (
    <div className="cbo-stack">
      <section className="cbo-stack" aria-labelledby="cbo-todays-work-orders-title">
        <h2 id="cbo-todays-work-orders-title">Today&apos;s work orders</h2>
        {open.today.length === 0 ? <p className="cbo-meta">No open work orders for today.</p> : null}
        {open.today.map(({ dealership, workOrders }) => (
          <div key={dealership} className="cbo-stack" data-testid="todays-dealership">
            <h3>{dealership}</h3>
            <ul className="cbo-visits" aria-label={`Work orders of ${dealership}`}>
              {workOrders.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
          </div>
        ))}
      </section>
      {open.later.length > 0 ? (
        <section className="cbo-stack" aria-labelledby="cbo-later-work-orders-title">
          <h2 id="cbo-later-work-orders-title">Work orders due later</h2>
          <ul className="cbo-visits">
            {open.later.map((order) => (
              <OrderRow key={order.id} order={order} dealership />
            ))}
          </ul>
        </section>
      ) : null}
      {open.more ? (
        <p>
          <a href={ALL_OPEN}>All open work orders</a>
        </p>
      ) : null}
    </div>
  )
}
