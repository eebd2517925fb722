import { describe, expect, it } from 'vitest'

import { seedWorkOrder, vehicleInput } from '../helpers/dealers'
import { DAY } from '../helpers/fixtures'
import { setupHarness } from '../helpers/harness'

import {
  type PartnerReader,
  readRecentlyDoneCars,
  readWorkOrder,
  readWorkOrders,
} from '@/data/partner-portal'
import { averageDaysInRecon } from '@/lib/work-order-status'

// What the portal's pages read, with the partner's own access: its dealership's work orders
// only, another's answered as missing, and the cars behind its 30-day average.

const h = setupHarness({ partner: true })

const readerOf = (account: 'partner' | 'other'): PartnerReader => ({
  payload: h.payload,
  user: { ...(account === 'partner' ? h.accounts.partner.user : h.otherPartner.user), collection: 'users' },
  dealership: {
    id: account === 'partner' ? h.dealerships.own : h.dealerships.other,
  } as PartnerReader['dealership'],
  timeZone: 'America/Chicago',
})

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString()

describe('the partner portal’s reads', () => {
  it('list and open only the partner’s own work orders', async () => {
    const own = await seedWorkOrder(h.payload, h.dealerships.own)
    const other = await seedWorkOrder(h.payload, h.dealerships.other)
    expect((await readWorkOrders(readerOf('partner'))).docs.map((o) => o.id)).toEqual([own.id])
    expect((await readWorkOrders(readerOf('other'))).docs.map((o) => o.id)).toEqual([other.id])
    expect((await readWorkOrder(readerOf('partner'), own.id))?.id).toBe(own.id)
    expect(await readWorkOrder(readerOf('partner'), other.id)).toBeNull()
    expect(await readWorkOrder(readerOf('partner'), -1)).toBeNull()
  })

  it('average the days in recon of the cars done in the last 30 days', async () => {
    const done = (receivedAgo: number, doneAgo: number) =>
      vehicleInput({ status: 'done', receivedAt: iso(receivedAgo), doneAt: iso(doneAgo) })
    // Stamped as staff record them: the times sent are kept once the car is done.
    await h.payload.create({
      collection: 'work-orders',
      data: {
        dealership: h.dealerships.own,
        vehicles: [done(5 * DAY, 3 * DAY), done(10 * DAY, 6 * DAY)],
      } as never,
      overrideAccess: false,
      user: h.accounts.staff.user,
    })
    await h.payload.create({
      collection: 'work-orders',
      data: { dealership: h.dealerships.own, vehicles: [done(60 * DAY, 40 * DAY)] } as never,
      overrideAccess: false,
      user: h.accounts.staff.user,
    })
    await h.payload.create({
      collection: 'work-orders',
      data: { dealership: h.dealerships.other, vehicles: [done(30 * DAY, 1 * DAY)] } as never,
      overrideAccess: false,
      user: h.accounts.staff.user,
    })
    const now = new Date()
    const cars = await readRecentlyDoneCars(readerOf('partner'), now)
    expect(averageDaysInRecon(cars, now)).toBe(3)
  })
})
