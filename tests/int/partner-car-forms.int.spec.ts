import { sql } from '@payloadcms/db-postgres'
import { beforeEach, describe, expect, it } from 'vitest'

import { type PartnerReader, readWheelPrices } from '@/data/partner-portal'
import { publishedOffers } from '@/globals/HomePage/publishedOffers'
import { CAR_FORM_ERRORS } from '@/lib/car-forms'

import { VINS, WRONG_CHECK_DIGIT, seedWorkOrder, vehicleInput } from '../helpers/dealers'
import { type Doc, setupHarness } from '../helpers/harness'
import type { Session } from '../helpers/http-client'

// A partner's change and cancel of one car on its work order's page (plain forms posting to
// /api/work-orders/:id/cars/:car/{edit,cancel}): allowed until work on the car starts, decided
// under the work order's lock so a technician's start at the same instant wins cleanly, and
// never on another dealership's work order. And each wheel's price from the dealership's list.

const h = setupHarness({ http: true, partner: true })

type Loose = Record<'update' | 'findByID', (args: Doc) => Promise<Doc>>
const api = () => h.payload as unknown as Loose
const readOrder = (id: number) => api().findByID({ collection: 'work-orders', id, depth: 0 })

type Post = { session?: Session; json?: boolean; origin?: string | null }

function post(order: number, car: string, action: 'edit' | 'cancel', fields: Doc = {}, opts: Post = {}) {
  const { session = h.accounts.partner.session, json = false, origin } = opts
  return h.http.post(`/api/work-orders/${order}/cars/${car}/${action}`, {
    session,
    origin,
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(json ? { Accept: 'application/json' } : {}),
    },
  })
}

const edit = (order: number, car: string, fields: Doc, opts?: Post) => post(order, car, 'edit', fields, opts)
const cancel = (order: number, car: string, opts?: Post) => post(order, car, 'cancel', {}, opts)

const twoCars = () =>
  seedWorkOrder(h.payload, h.dealerships.own, {
    vehicles: [
      vehicleInput({
        stockNumber: 'B201',
        vin: VINS[0],
        wheels: [
          { position: 'LF', service: 'rim_rash' },
          { position: 'RF', service: 'rim_rash' },
        ],
      }),
      vehicleInput({ stockNumber: 'B202', vin: VINS[1] }),
    ],
  })

const changes = {
  stockNumber: 'B201-X',
  vin: VINS[2].toLowerCase(),
  roNumber: 'RO-55',
  'wheel-LF': 'rim_restoration',
  'wheel-RF': '',
  'wheel-RR': 'rim_rash',
}

// The technician's first wheel done, as "Mark done" writes it, inside `transactionID`.
async function startCar(order: Doc, transactionID?: string | number) {
  const [car, ...rest] = order.vehicles as Doc[]
  const done = { ...car.wheels[0], status: 'done', doneAt: new Date().toISOString() }
  await api().update({
    collection: 'work-orders',
    id: order.id,
    data: { vehicles: [{ ...car, status: 'in_progress', wheels: [done, ...car.wheels.slice(1)] }, ...rest] },
    depth: 0,
    user: h.accounts.staff.user,
    ...(transactionID ? { req: { transactionID } } : {}),
  })
}

beforeEach(async () => {
  await h.payload.db.deleteMany({ collection: 'work-orders', where: {} })
})

describe('changing a car before work starts', () => {
  it('saves its stock number, VIN, RO and wheels, keeping the wheels it keeps', async () => {
    const order = await twoCars()
    const [car, other] = order.vehicles
    const answer = await edit(order.id, car.id, changes)
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(
      `/partners/work-orders/${order.id}?done=car-saved#car-${car.id}`,
    )
    const stored = await readOrder(order.id)
    expect(stored.vehicles[0]).toMatchObject({
      id: car.id,
      stockNumber: 'B201-X',
      vin: VINS[2],
      roNumber: 'RO-55',
      status: 'received',
    })
    expect(stored.vehicles[0].wheels.map((w: Doc) => [w.position, w.service])).toEqual([
      ['LF', 'rim_restoration'],
      ['RR', 'rim_rash'],
    ])
    // The left front wheel is the same row (its photos stay with it).
    expect(stored.vehicles[0].wheels[0].id).toBe(car.wheels[0].id)
    expect(stored.vehicles[1]).toMatchObject({ id: other.id, stockNumber: 'B202', vin: VINS[1] })
  })

  it('refuses bad details with their reason and changes nothing', async () => {
    const order = await twoCars()
    const car = order.vehicles[0]
    const cases: [Doc, keyof typeof CAR_FORM_ERRORS][] = [
      [{ ...changes, vin: WRONG_CHECK_DIGIT }, 'vin-check-digit'],
      [{ ...changes, vin: 'ABC' }, 'vin-length'],
      [{ ...changes, stockNumber: '  ' }, 'stock-missing'],
      [{ ...changes, roNumber: 'R'.repeat(61) }, 'ro-long'],
      [{ ...changes, 'wheel-LF': '', 'wheel-RR': '' }, 'wheels-missing'],
      [{ ...changes, 'wheel-LF': 'chrome' }, 'invalid'],
      [{ ...changes, stockNumber: 'B\u0000201' }, 'invalid'],
    ]
    for (const [fields, error] of cases) {
      const page = await edit(order.id, car.id, fields)
      expect({ error, status: page.status, location: page.headers.get('location') }).toEqual({
        error,
        status: 303,
        location: `/partners/work-orders/${order.id}?error=${error}&car=${car.id}#car-${car.id}`,
      })
      const script = await edit(order.id, car.id, fields, { json: true })
      expect({ error, status: script.status, body: script.body }).toEqual({
        error,
        status: 400,
        body: { errors: [{ message: CAR_FORM_ERRORS[error] }] },
      })
    }
    expect((await readOrder(order.id)).vehicles).toEqual(order.vehicles)
  })
})

describe('cancelling a car before work starts', () => {
  it('takes it off the work order, and keeps the last car', async () => {
    const order = await twoCars()
    const [car, other] = order.vehicles
    const answer = await cancel(order.id, car.id)
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`/partners/work-orders/${order.id}?done=car-cancelled`)
    expect((await readOrder(order.id)).vehicles.map((v: Doc) => v.id)).toEqual([other.id])

    const last = await cancel(order.id, other.id, { json: true })
    expect(last.status).toBe(409)
    expect(last.body).toEqual({ errors: [{ message: CAR_FORM_ERRORS['last-car'] }] })
    expect((await readOrder(order.id)).vehicles).toHaveLength(1)
    const gone = await cancel(order.id, car.id, { json: true })
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual({ errors: [{ message: CAR_FORM_ERRORS['car-missing'] }] })
  })
})

describe('once work on the car has started', () => {
  it('refuses its change and its cancel, and still takes another car’s', async () => {
    const order = await twoCars()
    await startCar(order)
    const started = await readOrder(order.id)
    const [car, other] = started.vehicles
    for (const answer of [
      await edit(order.id, car.id, changes, { json: true }),
      await cancel(order.id, car.id, { json: true }),
    ]) {
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({ errors: [{ message: CAR_FORM_ERRORS['car-started'] }] })
    }
    const page = await cancel(order.id, car.id)
    expect(page.headers.get('location')).toBe(
      `/partners/work-orders/${order.id}?error=car-started&car=${car.id}#car-${car.id}`,
    )
    expect((await readOrder(order.id)).vehicles).toEqual(started.vehicles)

    expect((await edit(order.id, other.id, { ...changes, stockNumber: 'B202-X' })).status).toBe(303)
    const after = await readOrder(order.id)
    expect(after.vehicles[0]).toEqual(car)
    expect(after.vehicles[1]).toMatchObject({ stockNumber: 'B202-X', roNumber: 'RO-55' })
  })

  it('refuses a change sent as the technician starts the car: the start, committed first, wins', async () => {
    const order = await twoCars()
    const car = order.vehicles[0]
    // The technician's mark, not yet committed: its transaction holds the work order.
    const transactionID = (await h.payload.db.beginTransaction())!
    await startCar(order, transactionID)
    const sent = edit(order.id, car.id, changes, { json: true })
    const waiting = async () => {
      const { rows } = (await h.payload.db.drizzle.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] }
      return rows[0].n
    }
    await expect.poll(waiting).toBeGreaterThan(0)
    await h.payload.db.commitTransaction(transactionID)

    const answer = await sent
    expect(answer.status).toBe(409)
    expect(answer.body).toEqual({ errors: [{ message: CAR_FORM_ERRORS['car-started'] }] })
    const stored = await readOrder(order.id)
    expect(stored.vehicles[0]).toMatchObject({ stockNumber: 'B201', vin: VINS[0], status: 'in_progress' })
    expect(stored.vehicles[0].wheels.map((w: Doc) => [w.position, w.status])).toEqual([
      ['LF', 'done'],
      ['RF', 'to_do'],
    ])
  })
})

describe('who may change a car', () => {
  it('is the work order’s own dealership’s partner, and nobody else', async () => {
    const order = await twoCars()
    const car = order.vehicles[0]
    const others: [string, Post, number][] = [
      ['another dealership’s partner', { session: h.otherPartner.session }, 404],
      ['staff (who use the back office)', { session: h.accounts.staff.session }, 403],
      ['a stranger', { session: null }, 403],
      ['a post from another site', { origin: 'https://evil.example' }, 403],
    ]
    for (const [who, opts, status] of others) {
      const answers = [
        await edit(order.id, car.id, changes, { ...opts, json: true }),
        await cancel(order.id, car.id, { ...opts, json: true }),
      ]
      expect({ who, statuses: answers.map((a) => a.status) }).toEqual({ who, statuses: [status, status] })
    }
    expect((await readOrder(order.id)).vehicles).toEqual(order.vehicles)
    // Another dealership's partner learns nothing of the car either.
    const probe = await edit(order.id, 'f'.repeat(24), changes, {
      session: h.otherPartner.session,
      json: true,
    })
    expect(probe.status).toBe(404)
    expect((await edit(order.id, 'not-a-car', changes, { json: true })).status).toBe(404)
  })
})

describe('the price of each wheel', () => {
  it('is the dealership’s own, or the published price for a service not on its list', async () => {
    await api().update({
      collection: 'dealerships',
      id: h.dealerships.own,
      data: { priceList: [{ service: 'rim_rash', unitPriceCents: 9900 }] },
      depth: 0,
    })
    const dealership = await h.payload.findByID({
      collection: 'dealerships',
      id: h.dealerships.own,
      depth: 0,
    })
    const order = await seedWorkOrder(h.payload, h.dealerships.own, {
      vehicles: [
        vehicleInput({
          wheels: [
            { position: 'LF', service: 'rim_rash' },
            { position: 'RF', service: 'rim_restoration' },
          ],
        }),
      ],
    })
    const reader: PartnerReader = {
      payload: h.payload,
      user: { ...h.accounts.partner.user, collection: 'users' },
      dealership,
      timeZone: 'America/Chicago',
    }
    const published = (await publishedOffers(h.payload)).find((o) => o.key === 'rim_restoration')!
    const [lf, rf] = order.vehicles[0].wheels
    expect(await readWheelPrices(reader, order as never)).toEqual({
      [lf.id]: 9900,
      [rf.id]: published.priceCents,
    })
    expect(published.priceCents).not.toBe(9900)
  })
})
