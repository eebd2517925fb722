import { Gutter } from '@payloadcms/ui'
import type { DocumentViewServerProps } from 'payload'
import { Fragment } from 'react'

import { readTimeZone, readWorkOrderForTechnician } from '@/data/back-office'

import { formatBusinessDate, formatCalendarDate } from '@/lib/business-time'
import { WHEEL_POSITIONS, WHEEL_SERVICES } from '@/lib/dealer-prices'
import {
  AFTER_PHOTO_FIELD,
  WHEEL_DONE,
  WHEEL_FIELD,
  WHEEL_FORM_ERRORS,
  wheelDonePath,
  workOrderAdminPath,
  type WheelFormOutcome,
  wheelOutcomeOf,
} from '@/lib/work-order-forms'
import { VEHICLE_STATUSES, workOrderTitle } from '@/lib/work-order-status'
import type { WorkOrder, WorkOrderPhoto } from '@/payload-types'
import { carTitle } from '@/lib/work-order-number'

import { FlashNotice } from './lead-form-answers'
import { LEADS_TAB } from './lead-facts'
import { PayloadForm } from './payload-form'

import './back-office.css'

type Car = NonNullable<WorkOrder['vehicles']>[number]
type Wheel = NonNullable<Car['wheels']>[number]

const statusLabel = (status: string | null | undefined) =>
  VEHICLE_STATUSES.find((s) => s.value === status)?.label ?? status ?? ''
const positionLabel = (position: string) =>
  WHEEL_POSITIONS.find((p) => p.value === position)?.label ?? position

function Photos({ photos, label }: { photos: Wheel['beforePhotos']; label: string }) {
  const shown = (photos ?? []).filter((p): p is WorkOrderPhoto => typeof p === 'object' && p !== null)
  if (!shown.length) return null
  return (
    <div className="cbo-photos" aria-label={`${label} photos`}>
      {shown.map((photo) => (
        <a key={photo.id} href={photo.url ?? '#'} target="_blank" rel="noreferrer">
          {/* eslint-disable-next-line @next/next/no-img-element -- private, access-checked files */}
          <img src={photo.sizes?.thumbnail?.url ?? photo.url ?? ''} alt={`${label} photo`} />
        </a>
      ))}
    </div>
  )
}

function Notice({ outcome }: { outcome: WheelFormOutcome | null }) {
  const notice = !outcome
    ? null
    : outcome.kind === 'error'
      ? { tone: 'error' as const, title: 'Error', description: WHEEL_FORM_ERRORS[outcome.error] }
      : { tone: 'success' as const, title: WHEEL_DONE, description: null }
  return <FlashNotice notice={notice} testId="wheel-form-notice" forget={notice !== null} />
}

// One wheel: done with its time and after photos, or a plain form that posts its after photo
// (src/collections/WorkOrders/endpoints/markWheelDone.ts) before any script has loaded; the
// phone's camera opens from the file input.
function WheelRow({
  order,
  car,
  wheel,
  timeZone,
}: {
  order: number
  car: Car
  wheel: Wheel
  timeZone: string
}) {
  const position = positionLabel(wheel.position)
  const service = WHEEL_SERVICES.find((s) => s.key === wheel.service)?.title ?? wheel.service
  return (
    <li
      className="cbo-stack cbo-wheel"
      aria-label={`${car.stockNumber} ${position}`}
      data-testid="technician-wheel"
    >
      <p>
        <strong>{position}</strong> · {service}
        {' · '}
        {wheel.status === 'done' ? (
          <span data-testid="wheel-done">Done {formatBusinessDate(wheel.doneAt, timeZone)}</span>
        ) : (
          'To do'
        )}
      </p>
      <Photos photos={wheel.beforePhotos} label="Before" />
      <Photos photos={wheel.afterPhotos} label="After" />
      {wheel.status === 'done' ? null : (
        <form
          method="post"
          action={`/api${wheelDonePath(order)}`}
          encType="multipart/form-data"
          className="cbo-stack"
        >
          <input type="hidden" name={WHEEL_FIELD} value={wheel.id ?? ''} />
          <input type="hidden" name="back" value={workOrderAdminPath(order)} />
          <label className="cbo-field">
            <span>After photo</span>
            <input type="file" name={AFTER_PHOTO_FIELD} accept="image/*" capture="environment" required />
          </label>
          <button type="submit" className="cbo-button cbo-button--primary">
            Mark done
          </button>
        </form>
      )}
    </li>
  )
}

// The work order's document view opens on the technician's page; Payload's form is its Details
// tab, and a new work order is typed there.
export async function TechnicianPage(props: DocumentViewServerProps) {
  const id = props.doc?.id
  if (id == null) return <PayloadForm {...props} />
  const { payload, user } = props.initPageResult.req
  const [timeZone, order] = await Promise.all([
    readTimeZone(payload),
    readWorkOrderForTechnician({ payload, user }, String(id)).catch(() => null),
  ])
  return (
    <Gutter className="cbo">
      <TechnicianWorkOrder order={order} timeZone={timeZone} outcome={wheelOutcomeOf(props.searchParams)} />
    </Gutter>
  )
}

// A work order on the technician's phone: each car, where it is on the lot, and its wheels,
// each marked done with an after photo. Read with the signed-in staff member's own access.
function TechnicianWorkOrder({
  order,
  timeZone,
  outcome,
}: {
  order: WorkOrder | null
  timeZone: string
  outcome: WheelFormOutcome | null
}) {
  const back = (
    <a className="cbo-back" href={LEADS_TAB}>
      ← Back office
    </a>
  )
  if (!order) {
    return (
      <div className="cbo-stack">
        <Notice outcome={outcome} />
        {back}
        <p className="cbo-empty">This work order no longer exists.</p>
      </div>
    )
  }
  const dealership = typeof order.dealership === 'object' ? order.dealership?.name : null
  return (
    <article className="cbo-stack" aria-labelledby="cbo-work-order-title" data-testid="technician-work-order">
      <Notice outcome={outcome} />
      {back}
      <div className="cbo-card__head">
        <h2 id="cbo-work-order-title">{workOrderTitle(order)}</h2>
        <span className="cbo-meta" data-testid="work-order-status">
          {statusLabel(order.status)}
        </span>
      </div>
      <p className="cbo-meta">
        {dealership}
        {/* A due date is a calendar day, stored as its UTC midnight. */}
        {order.dueDate ? ` · due ${formatCalendarDate(order.dueDate)}` : ''}
      </p>
      {order.notes ? <p className="cbo-description">{order.notes}</p> : null}
      <ul className="cbo-list" aria-label="Cars">
        {(order.vehicles ?? []).map((car) => (
          <li key={car.id} className="cbo-card cbo-stack" data-testid="technician-car">
            <div className="cbo-card__head">
              <h3>{carTitle(car)}</h3>
              <span className="cbo-meta" data-testid="car-status">
                {statusLabel(car.status)}
              </span>
            </div>
            <dl className="cbo-facts">
              <dt>VIN</dt>
              <dd className="cbo-vin">{car.vin}</dd>
              {car.roNumber ? (
                <>
                  <dt>RO</dt>
                  <dd>{car.roNumber}</dd>
                </>
              ) : null}
              {car.colour ? (
                <>
                  <dt>Colour</dt>
                  <dd>{car.colour}</dd>
                </>
              ) : null}
              <dt>Lot</dt>
              <dd>{car.lotLocation || 'Not given'}</dd>
              {VEHICLE_STATUSES.filter((s) => car[s.time]).map((s) => (
                <Fragment key={s.value}>
                  <dt>{s.label}</dt>
                  <dd>{formatBusinessDate(car[s.time], timeZone)}</dd>
                </Fragment>
              ))}
            </dl>
            <ul className="cbo-list" aria-label={`Wheels of ${car.stockNumber}`}>
              {(car.wheels ?? []).map((wheel) => (
                <WheelRow key={wheel.id} order={order.id} car={car} wheel={wheel} timeZone={timeZone} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </article>
  )
}
