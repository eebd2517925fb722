import { sql } from '@payloadcms/db-postgres'
import { APIError, commitTransaction, initTransaction, killTransaction, ValidationError } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { partnerDealership } from '@/access/isPartner'
import {
  CAR_FIELDS,
  CAR_FORM_DONE,
  CAR_FORM_ERRORS,
  type CarAction,
  type CarFormError,
  type CarFormOutcome,
  wheelField,
  withCarOutcome,
} from '@/lib/car-forms'
import { WHEEL_POSITIONS, WHEEL_SERVICE_KEYS } from '@/lib/dealer-prices'
import { rowId } from '@/lib/row-id'
import { checkVin } from '@/lib/vin'
import type { WorkOrder } from '@/payload-types'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { dbOf } from '@/server/db'
import { readFormOrRefusal } from '@/server/read-capped-body'

const MAX_BODY_BYTES = 16 * 1024
const noStore = { 'Cache-Control': 'no-store, private' }
const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: noStore })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly error: CarFormError,
  ) {
    super(error)
  }
}

type Car = NonNullable<WorkOrder['vehicles']>[number]
type Wheel = NonNullable<Car['wheels']>[number]
type Change = (cars: Car[], car: Car) => Car[]

// A redirect back to the work order's page for a form posted without script, JSON for a script.
function answer(req: PayloadRequest, order: number, car: string, status: number, outcome: CarFormOutcome) {
  if (req.headers.get('accept')?.includes('application/json')) {
    if (outcome.kind === 'error') return refuse(status, CAR_FORM_ERRORS[outcome.error])
    return json(status, { message: CAR_FORM_DONE[outcome.done] })
  }
  return new Response(null, {
    status: 303,
    headers: { ...noStore, Location: withCarOutcome(order, car, outcome) },
  })
}

// The car as the form leaves it: its stock number, VIN and RO, and a wheel for each position
// given a service. A wheel kept keeps its row (and its before photos); one left out is dropped.
function editedCar(form: URLSearchParams): Change {
  const stockNumber = (form.get(CAR_FIELDS.stockNumber) ?? '').trim()
  if (!stockNumber || stockNumber.length > 40) throw new Refused(400, 'stock-missing')
  const vin = checkVin(form.get(CAR_FIELDS.vin) ?? '')
  if (!vin.ok) throw new Refused(400, `vin-${vin.problem}`)
  const roNumber = (form.get(CAR_FIELDS.roNumber) ?? '').trim()
  if (roNumber.length > 60) throw new Refused(400, 'ro-long')
  const services = WHEEL_POSITIONS.flatMap(({ value: position }) => {
    const service = form.get(wheelField(position)) ?? ''
    if (!service) return []
    if (!(WHEEL_SERVICE_KEYS as readonly string[]).includes(service)) throw new Refused(400, 'invalid')
    return [{ position, service: service as Wheel['service'] }]
  })
  if (services.length === 0) throw new Refused(400, 'wheels-missing')
  return (cars, car) =>
    cars.map((c) =>
      c.id !== car.id
        ? c
        : {
            ...c,
            stockNumber,
            vin: vin.vin,
            roNumber: roNumber || null,
            wheels: services.map(({ position, service }) => {
              const kept = c.wheels?.find((w) => w.position === position)
              return kept ? { ...kept, service } : { position, service, status: 'to_do' as const }
            }),
          },
    )
}

const cancelledCar: Change = (cars, car) => {
  if (cars.length === 1) throw new Refused(409, 'last-car')
  return cars.filter((c) => c.id !== car.id)
}

// The work order's row is locked first, as the technician's "Mark done" locks it, so the two
// take turns across instances. The car is then claimed by a conditional update: only a car not
// started, none of its wheels done. If the technician's mark committed first, the claim finds
// the car started and the change is refused; if the change commits first, the mark waits and
// then works on the changed car. The save itself runs with the partner's own access.
async function changeCar(req: PayloadRequest, dealership: number, id: number, carId: string, change: Change) {
  const own = await initTransaction(req)
  try {
    const db = await dbOf(req.payload, req)
    const { rows: locked } = await db.execute(
      sql`SELECT id FROM work_orders WHERE id = ${id} AND dealership_id = ${dealership} FOR UPDATE`,
    )
    if (!locked.length) throw new Refused(404, 'missing')
    const { rows: claimed } = await db.execute(sql`
      UPDATE work_orders_vehicles v SET status = v.status
      WHERE v.id = ${carId} AND v._parent_id = ${id} AND v.status NOT IN ('in_progress', 'done')
        AND NOT EXISTS (
          SELECT 1 FROM work_orders_vehicles_wheels w WHERE w._parent_id = v.id AND w.status = 'done')
      RETURNING v.id`)
    if (!claimed.length) {
      const { rows } = await db.execute(
        sql`SELECT 1 FROM work_orders_vehicles WHERE id = ${carId} AND _parent_id = ${id}`,
      )
      throw new Refused(rows.length ? 409 : 404, rows.length ? 'car-started' : 'car-missing')
    }
    const as = { overrideAccess: false, user: req.user, req, depth: 0 } as const
    const order = await req.payload.findByID({ collection: 'work-orders', id, ...as })
    const cars = order.vehicles ?? []
    const car = cars.find((c) => c.id === carId)
    if (!car) throw new Refused(404, 'car-missing')
    await req.payload.update({ collection: 'work-orders', id, data: { vehicles: change(cars, car) }, ...as })
    if (own) await commitTransaction(req)
  } catch (err) {
    if (own) await killTransaction(req)
    throw err
  }
}

function carForm(action: CarAction): Endpoint {
  return {
    path: `/:id/cars/:car/${action}`,
    method: 'post',
    handler: answeredWhenFailing(`car ${action} form`, async (req) => {
      // A partner's, for its own dealership's work orders; a post from another site is
      // anonymous (Payload's csrf, SameSite=Lax cookie).
      const dealership = partnerDealership(req.user)
      if (dealership === null) return refuse(403, 'You are not allowed to perform this action.')
      const id = rowId(req.routeParams?.id)
      const carId = String(req.routeParams?.car ?? '')
      if (id === null || !/^[0-9a-f]{24}$/.test(carId)) return refuse(404, 'Not Found')
      const form = await readFormOrRefusal(req as unknown as Request, MAX_BODY_BYTES, noStore)
      if (form instanceof Response) return form
      try {
        await changeCar(req, dealership, id, carId, action === 'edit' ? editedCar(form) : cancelledCar)
      } catch (err) {
        const refused =
          err instanceof Refused
            ? err
            : err instanceof ValidationError || (err instanceof APIError && err.status === 400)
              ? new Refused(400, 'invalid')
              : null
        if (!refused) throw err
        return answer(req, id, carId, refused.status, { kind: 'error', error: refused.error })
      }
      const done = action === 'edit' ? 'car-saved' : 'car-cancelled'
      return answer(req, id, carId, 200, { kind: 'done', done })
    }),
  }
}

export const editCar = carForm('edit')
export const cancelCar = carForm('cancel')
