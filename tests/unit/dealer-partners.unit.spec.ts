import { describe, expect, it } from 'vitest'

import { dealerUnitPriceCents, defaultPriceList } from '@/lib/dealer-prices'
import {
  averageDaysInRecon,
  daysInRecon,
  stampVehicleTimes,
  statusAfterWheels,
  workOrderStatus,
} from '@/lib/work-order-status'

const OFFERS = [
  { key: 'rim_rash', priceCents: 12500 },
  { key: 'windshield_repair', priceCents: 11000 },
  { key: 'rim_restoration', priceCents: 25000 },
]

describe("a dealership's prices", () => {
  it('start as the published wheel offers, in cents', () => {
    expect(defaultPriceList(OFFERS)).toEqual([
      { service: 'rim_rash', unitPriceCents: 12500 },
      { service: 'rim_restoration', unitPriceCents: 25000 },
    ])
    expect(defaultPriceList([{ key: 'rim_rash', priceCents: 9900 }])).toEqual([
      { service: 'rim_rash', unitPriceCents: 9900 },
    ])
  })

  it('are its own where it has one, else the published price', () => {
    const list = [{ service: 'rim_rash', unitPriceCents: 8500 }]
    expect(dealerUnitPriceCents(list, 'rim_rash', OFFERS)).toBe(8500)
    expect(dealerUnitPriceCents(list, 'rim_restoration', OFFERS)).toBe(25000)
    expect(dealerUnitPriceCents([{ service: 'rim_rash', unitPriceCents: 0 }], 'rim_rash', OFFERS)).toBe(0)
    expect(dealerUnitPriceCents(null, 'polish', OFFERS)).toBeNull()
  })
})

describe("a car's steps", () => {
  const now = '2026-11-27T15:00:00.000Z'
  it('get their time when reached, keep it after, and lose it when the car goes back', () => {
    const received = { receivedAt: '2026-11-20T15:00:00.000Z' }
    expect(stampVehicleTimes('received', {}, now)).toEqual({
      receivedAt: now,
      scheduledAt: null,
      startedAt: null,
      doneAt: null,
    })
    expect(stampVehicleTimes('done', received, now)).toEqual({
      receivedAt: received.receivedAt,
      scheduledAt: now,
      startedAt: now,
      doneAt: now,
    })
    expect(
      stampVehicleTimes(
        'scheduled',
        { ...received, scheduledAt: '2026-11-21T15:00:00.000Z', doneAt: now },
        now,
      ),
    ).toEqual({ ...received, scheduledAt: '2026-11-21T15:00:00.000Z', startedAt: null, doneAt: null })
  })

  it('count days in recon from received to done, or to now while not done', () => {
    const today = new Date(now)
    expect(daysInRecon('2026-11-20T15:00:00.000Z', '2026-11-23T03:00:00.000Z', today)).toBe(2.5)
    expect(daysInRecon('2026-11-26T15:00:00.000Z', null, today)).toBe(1)
    expect(daysInRecon(null, null, today)).toBeNull()
  })

  it('average the cars done in the last 30 days only', () => {
    const today = new Date(now)
    const cars = [
      { receivedAt: '2026-11-20T15:00:00.000Z', doneAt: '2026-11-22T15:00:00.000Z' }, // 2
      { receivedAt: '2026-11-01T15:00:00.000Z', doneAt: '2026-11-05T15:00:00.000Z' }, // 4
      { receivedAt: '2026-09-01T15:00:00.000Z', doneAt: '2026-09-30T15:00:00.000Z' }, // too old
      { receivedAt: '2026-11-25T15:00:00.000Z', doneAt: null }, // not done
    ]
    expect(averageDaysInRecon(cars, today)).toBe(3)
    expect(averageDaysInRecon([], today)).toBeNull()
  })
})

describe("a work order's status", () => {
  const cars = (...statuses: string[]) => statuses.map((status) => ({ status }))
  it('follows its cars: done when all are, in progress once any started', () => {
    expect(workOrderStatus(cars('received', 'received'))).toBe('received')
    expect(workOrderStatus(cars('received', 'scheduled'))).toBe('scheduled')
    expect(workOrderStatus(cars('received', 'done'))).toBe('in_progress')
    expect(workOrderStatus(cars('in_progress', 'scheduled'))).toBe('in_progress')
    expect(workOrderStatus(cars('done', 'done'))).toBe('done')
    expect(workOrderStatus([])).toBe('received')
  })

  it('moves a car to done with its last wheel, and to in progress before', () => {
    expect(statusAfterWheels([{ status: 'done' }, { status: 'to_do' }])).toBe('in_progress')
    expect(statusAfterWheels([{ status: 'done' }, { status: 'done' }])).toBe('done')
  })
})
