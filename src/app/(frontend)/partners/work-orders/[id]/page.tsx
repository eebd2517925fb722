import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'

import { CarForms, CarNotice } from '@/components/partners/car-forms'
import { formatDays, VehicleStatusBadge } from '@/components/partners/vehicle-status'
import { PortalFrame } from '@/components/partners/portal-frame'
import { readWheelPrices, readWorkOrder, requirePartner } from '@/data/partner-portal'
import { formatBusinessDate, formatCalendarDate } from '@/lib/business-time'
import { carOutcomeOf } from '@/lib/car-forms'
import { formatMoney } from '@/lib/money'
import { carTitle, workOrderLabel } from '@/lib/work-order-number'
import { WHEEL_POSITIONS, WHEEL_SERVICES } from '@/lib/dealer-prices'
import { daysInRecon, VEHICLE_STATUSES, type VehicleStatus } from '@/lib/work-order-status'
import type { WorkOrderPhoto } from '@/payload-types'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Work order',
  robots: { index: false, follow: false },
}

type Props = {
  params: Promise<{ id: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

// Files go through Payload's access-checked file route: the partner's own dealership's only.
function Photos({
  photos,
  label,
}: {
  photos: (number | WorkOrderPhoto)[] | null | undefined
  label: string
}) {
  const shown = (photos ?? []).filter((p): p is WorkOrderPhoto => typeof p === 'object')
  if (shown.length === 0) return null
  return (
    <div className="mt-2">
      <p className="text-ink/60 text-xs font-semibold uppercase">{label}</p>
      <div className="mt-1 flex flex-wrap gap-2">
        {shown.map((photo) => (
          <a key={photo.id} href={photo.url ?? undefined}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a private file, not optimisable */}
            <img
              src={photo.sizes?.thumbnail?.url ?? photo.url ?? ''}
              alt={label}
              width={96}
              height={96}
              className="size-24 rounded-md object-cover"
            />
          </a>
        ))}
      </div>
    </div>
  )
}

export default async function WorkOrderPage({ params, searchParams }: Props) {
  const reader = await requirePartner()
  const order = await readWorkOrder(reader, Number((await params).id))
  if (!order) notFound()
  const outcome = carOutcomeOf(await searchParams)
  const prices = await readWheelPrices(reader, order)
  const price = (wheelId: string | null | undefined) => {
    const cents = wheelId ? prices[wheelId] : null
    return cents == null ? null : formatMoney(cents)
  }
  const now = new Date()
  const tz = reader.timeZone
  return (
    <PortalFrame dealershipName={reader.dealership.name}>
      <Link href="/partners" className="text-sm font-medium underline underline-offset-4">
        ← All work orders
      </Link>
      <h1 className="mt-2 text-2xl font-bold">
        {[
          workOrderLabel(order),
          order.poNumber && `PO ${order.poNumber}`,
          order.roNumber && `RO ${order.roNumber}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </h1>
      <p className="text-ink/70 text-sm">
        Sent {formatBusinessDate(order.createdAt, tz)}
        {order.dueDate ? ` · due ${formatCalendarDate(order.dueDate)}` : ''}
      </p>
      {order.notes ? <p className="mt-2 whitespace-pre-line">{order.notes}</p> : null}
      {/* A refusal shows by its car; one about a car no longer there, at the top. */}
      {outcome && (outcome.kind === 'done' || !order.vehicles?.some((c) => c.id === outcome.car)) ? (
        <CarNotice outcome={outcome} />
      ) : null}
      <ul className="mt-6 space-y-4">
        {(order.vehicles ?? []).map((car) => (
          <li
            key={car.id}
            id={`car-${car.id}`}
            className="rounded-lg bg-white p-4 shadow-sm"
            data-testid="vehicle"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">{carTitle(car, car.colour)}</h2>
              <VehicleStatusBadge status={car.status as VehicleStatus} />
            </div>
            <p className="text-ink/60 font-mono text-sm">{car.vin}</p>
            {car.roNumber ? <p className="text-sm">RO {car.roNumber}</p> : null}
            {car.lotLocation ? <p className="text-sm">Lot: {car.lotLocation}</p> : null}
            <p className="mt-1 text-sm">
              Days in recon: <strong>{formatDays(daysInRecon(car.receivedAt, car.doneAt, now))}</strong>
            </p>
            <ol className="text-ink/70 mt-1 text-xs">
              {VEHICLE_STATUSES.filter((s) => car[s.time]).map((s) => (
                <li key={s.value}>
                  {s.label}: {formatBusinessDate(car[s.time], tz)}
                </li>
              ))}
            </ol>
            <ul className="mt-3 space-y-3">
              {(car.wheels ?? []).map((wheel) => (
                <li key={wheel.id} className="border-ink/10 rounded-md border p-3">
                  <p className="text-sm font-medium">
                    {WHEEL_POSITIONS.find((p) => p.value === wheel.position)?.label} ·{' '}
                    {WHEEL_SERVICES.find((s) => s.key === wheel.service)?.title} ·{' '}
                    {wheel.status === 'done' ? `Done ${formatBusinessDate(wheel.doneAt, tz)}` : 'To do'}
                    {price(wheel.id) ? (
                      <>
                        {' · '}
                        <span className="font-semibold" data-testid="wheel-price">
                          {price(wheel.id)}
                        </span>
                      </>
                    ) : null}
                  </p>
                  <Photos photos={wheel.beforePhotos} label="Before" />
                  <Photos photos={wheel.afterPhotos} label="After" />
                </li>
              ))}
            </ul>
            {outcome?.kind === 'error' && outcome.car === car.id ? <CarNotice outcome={outcome} /> : null}
            <CarForms order={order.id} car={car} open={outcome?.kind === 'error' && outcome.car === car.id} />
          </li>
        ))}
      </ul>
    </PortalFrame>
  )
}
