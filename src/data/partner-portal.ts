import 'server-only'

import config from '@payload-config'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getPayload, type Payload, type TypedUser } from 'payload'
import { cache } from 'react'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { partnerDealership } from '@/access/isPartner'
import { invitationFor } from '@/collections/Users/invitation'
import { publishedOffers } from '@/globals/HomePage/publishedOffers'
import { businessTimeZone } from '@/lib/business-time'
import { dealerUnitPriceCents } from '@/lib/dealer-prices'
import type { Dealership, WorkOrder } from '@/payload-types'
import { rowId } from '@/lib/row-id'

// The portal reads with the partner's own access (overrideAccess: false): whatever a page asks,
// Payload answers with its own dealership's documents only.

export type PartnerReader = { payload: Payload; user: TypedUser; dealership: Dealership; timeZone: string }

/** The signed-in partner, or a redirect: strangers to /login, staff to the back office. */
export const requirePartner = cache(async (): Promise<PartnerReader> => {
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: await headers() })
  if (isApprovedStaff(user)) redirect('/admin')
  const id = partnerDealership(user)
  if (!user || id === null) redirect('/login')
  const dealership = await payload.findByID({
    collection: 'dealerships',
    id,
    depth: 0,
    overrideAccess: false,
    user,
  })
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { timeZone: true } })
  return { payload, user, dealership, timeZone: businessTimeZone(settings?.timeZone) }
})

export const WORK_ORDERS_PAGE_SIZE = 25

export type WorkOrderPage = { docs: WorkOrder[]; page: number; totalPages: number; totalDocs: number }

/** One page of the dealership's work orders, newest first (a page past the last is empty). */
export async function readWorkOrders({ payload, user }: PartnerReader, page = 1): Promise<WorkOrderPage> {
  const result = await payload.find({
    collection: 'work-orders',
    depth: 0,
    // The id breaks ties between orders made in the same millisecond, so no page repeats one.
    sort: ['-createdAt', '-id'],
    limit: WORK_ORDERS_PAGE_SIZE,
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 100_000) : 1,
    overrideAccess: false,
    user,
  })
  return {
    docs: result.docs,
    page: result.page ?? 1,
    totalPages: result.totalPages,
    totalDocs: result.totalDocs,
  }
}

/** One work order with its photos, or null when it is not this partner's to see. */
export async function readWorkOrder({ payload, user }: PartnerReader, id: number): Promise<WorkOrder | null> {
  if (rowId(id) === null) return null
  return payload.findByID({
    collection: 'work-orders',
    id,
    depth: 1,
    overrideAccess: false,
    user,
    disableErrors: true,
  })
}

/**
 * What each wheel of a work order costs the dealership, by the wheel's row id: its own price
 * list's unit price for the wheel's service, else the published one (as a statement prices it).
 */
export async function readWheelPrices(
  { payload, dealership }: PartnerReader,
  order: Pick<WorkOrder, 'vehicles'>,
): Promise<Record<string, number | null>> {
  const offers = await publishedOffers(payload)
  return Object.fromEntries(
    (order.vehicles ?? []).flatMap((car) =>
      (car.wheels ?? []).map((wheel) => [
        wheel.id ?? '',
        dealerUnitPriceCents(dealership.priceList, wheel.service, offers),
      ]),
    ),
  )
}

/** The cars done in the last 30 days (for the average days in recon), whatever their work order. */
export async function readRecentlyDoneCars({ payload, user }: PartnerReader, now: Date) {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString()
  const { docs } = await payload.find({
    collection: 'work-orders',
    depth: 0,
    limit: 500,
    where: { 'vehicles.doneAt': { greater_than_equal: since } },
    select: { vehicles: { receivedAt: true, doneAt: true } },
    overrideAccess: false,
    user,
  })
  return docs.flatMap((order) => order.vehicles ?? [])
}

/** The dealership's statements, newest month first. */
export async function readStatements({ payload, user }: PartnerReader) {
  const { docs } = await payload.find({
    collection: 'statements',
    depth: 0,
    sort: '-period',
    limit: 120,
    select: {
      number: true,
      period: true,
      issuedAt: true,
      totalCents: true,
      paidCents: true,
      netTermsDays: true,
      lines: { id: true },
    },
    overrideAccess: false,
    user,
  })
  return docs
}

/** The account a partner invitation's page is for: its e-mail and dealership, or null when expired. */
export async function readInvitation(token: string) {
  return invitationFor(await getPayload({ config }), token)
}
