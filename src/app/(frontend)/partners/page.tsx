import type { Metadata } from 'next'
import Link from 'next/link'

import { formatDays, VehicleStatusBadge } from '@/components/partners/vehicle-status'
import { PortalFrame } from '@/components/partners/portal-frame'
import { readRecentlyDoneCars, readWorkOrders, requirePartner } from '@/data/partner-portal'
import { formatBusinessDate } from '@/lib/business-time'
import { workOrderLabel } from '@/lib/work-order-number'
import { averageDaysInRecon, daysInRecon, type VehicleStatus } from '@/lib/work-order-status'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Partner portal',
  robots: { index: false, follow: false },
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export default async function PartnerPortalPage({ searchParams }: Props) {
  const reader = await requirePartner()
  const now = new Date()
  const asked = (await searchParams).page
  const page = Number.parseInt(Array.isArray(asked) ? asked[0] : (asked ?? '1'), 10)
  const [list, recent] = await Promise.all([readWorkOrders(reader, page), readRecentlyDoneCars(reader, now)])
  const orders = list.docs
  const average = averageDaysInRecon(recent, now)
  return (
    <PortalFrame dealershipName={reader.dealership.name}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Work orders</h1>
          <p className="text-ink/70 text-sm" data-testid="average-days">
            Average days in recon, last 30 days: <strong>{formatDays(average)}</strong>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/partners/statements" className="border-ink rounded-md border px-4 py-3 font-semibold">
            Statements
          </Link>
          <Link
            href="/partners/work-orders/new"
            className="bg-ink rounded-md px-4 py-3 font-semibold text-white"
          >
            New work order
          </Link>
        </div>
      </div>
      {orders.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-center">
          {list.totalDocs ? 'No work orders on this page.' : 'No work orders yet.'}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order.id} className="rounded-lg bg-white p-4 shadow-sm">
              <Link
                href={`/partners/work-orders/${order.id}`}
                className="font-semibold underline-offset-4 hover:underline"
              >
                {[
                  workOrderLabel(order),
                  order.poNumber && `PO ${order.poNumber}`,
                  order.roNumber && `RO ${order.roNumber}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Link>
              <span className="text-ink/60 ml-2 text-sm">
                {formatBusinessDate(order.createdAt, reader.timeZone)}
              </span>
              <ul className="mt-2 divide-y">
                {(order.vehicles ?? []).map((car) => (
                  <li key={car.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      <strong>{car.stockNumber}</strong>{' '}
                      <span className="text-ink/60 font-mono">{car.vin}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <VehicleStatusBadge status={car.status as VehicleStatus} />
                      <span className="text-ink/70">
                        {formatDays(daysInRecon(car.receivedAt, car.doneAt, now))}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {list.totalPages > 1 ? (
        <nav aria-label="Work order pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
          {list.page > 1 ? (
            <Link href={pageHref(list.page - 1)} className="font-semibold underline underline-offset-4">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-ink/70">
            Page {list.page} of {list.totalPages} ({list.totalDocs} work orders)
          </span>
          {list.page < list.totalPages ? (
            <Link href={pageHref(list.page + 1)} className="font-semibold underline underline-offset-4">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </PortalFrame>
  )
}

const pageHref = (page: number) => (page > 1 ? `/partners?page=${page}` : '/partners')
