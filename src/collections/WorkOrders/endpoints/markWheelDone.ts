import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction } from 'payload'
import type { Endpoint, PayloadRequest } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { type CleanPhoto, cleanPhoto, PhotoRejected } from '@/collections/CustomerUploads/cleanPhoto'
import { PHOTO_CLEANED } from '@/collections/CustomerUploads/hooks/keepCleanedPhoto'
import { removeStoredFiles } from '@/collections/CustomerUploads/removeStoredFiles'
import { MAX_PHOTO_BYTES } from '@/lib/request-constants'
import { ADMIN_HOME, safeAdminRedirect } from '@/lib/safe-redirect'
import {
  AFTER_PHOTO_FIELD,
  WHEEL_DONE,
  WHEEL_FIELD,
  WHEEL_FORM_ERRORS,
  type WheelFormError,
  type WheelFormOutcome,
  withWheelOutcome,
  workOrderAdminPath,
} from '@/lib/work-order-forms'
import { statusAfterWheels } from '@/lib/work-order-status'
import type { WorkOrder } from '@/payload-types'
import { answeredWhenFailing } from '@/server/customer-form-failure'
import { dbOf } from '@/server/db'
import { BodyTooLarge, readCappedBody } from '@/server/read-capped-body'
import { rowId } from '@/lib/row-id'

// One photo and two short fields.
const MAX_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024
const noStore = { 'Cache-Control': 'no-store, private' }
const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: noStore })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })

// As the lead page's forms answer (src/collections/Leads/endpoints/leadForms.ts): a redirect back
// to the page for a form posted without script, JSON for a script asking for it.
function answer(req: PayloadRequest, back: string, status: number, outcome: WheelFormOutcome) {
  if (req.headers.get('accept')?.includes('application/json')) {
    if (outcome.kind === 'error') return refuse(status, WHEEL_FORM_ERRORS[outcome.error])
    return json(status, { message: WHEEL_DONE })
  }
  return new Response(null, {
    status: 303,
    headers: { ...noStore, Location: withWheelOutcome(back, outcome) },
  })
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly error: WheelFormError,
  ) {
    super(error)
  }
}

async function readForm(req: PayloadRequest): Promise<FormData> {
  const type = req.headers.get('content-type') ?? ''
  let bytes: Uint8Array
  try {
    bytes = await readCappedBody(req.body ?? null, req.headers.get('content-length'), MAX_BODY_BYTES)
  } catch (err) {
    if (err instanceof BodyTooLarge) throw new Refused(413, 'photo-large')
    throw err
  }
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new Refused(400, 'photo-missing')
  try {
    return await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData()
  } catch {
    throw new Refused(400, 'photo-missing')
  }
}

async function cleanAfterPhoto(form: FormData): Promise<CleanPhoto> {
  const file = form.get(AFTER_PHOTO_FIELD)
  if (!(file instanceof Blob) || file.size === 0) throw new Refused(400, 'photo-missing')
  try {
    return await cleanPhoto(Buffer.from(await file.arrayBuffer()))
  } catch (err) {
    if (!(err instanceof PhotoRejected)) throw err
    throw new Refused(err.message.includes('15 MB') ? 413 : 400, 'photo-unreadable')
  }
}

type Car = NonNullable<WorkOrder['vehicles']>[number]

// The wheel done with its photo; the car in progress, or done with its last wheel (the times
// are stamped by keepProgressForStaff, the work order's status by followCarsStatus).
function withWheelDone(cars: Car[], wheelId: string, photo: number, now: string): Car[] {
  return cars.map((car) => {
    if (!car.wheels?.some((w) => w.id === wheelId)) return car
    const wheels = car.wheels.map((w) =>
      w.id === wheelId
        ? { ...w, status: 'done' as const, doneAt: now, afterPhotos: [...(w.afterPhotos ?? []), photo] }
        : w,
    )
    return { ...car, status: statusAfterWheels(wheels), wheels }
  })
}

// Marks one wheel done with its after photo, cleaned like every photo. The work order's row is
// locked first, so marks on one work order take turns across instances; the wheel is then
// claimed by a conditional update, so a double tap makes one done and one photo. The photo is
// stored in the same transaction, and its file removed if anything after it fails.
async function markDone(req: PayloadRequest, id: number, wheelId: string, photo: CleanPhoto) {
  const base = randomUUID()
  const own = await initTransaction(req)
  try {
    const db = await dbOf(req.payload, req)
    const { rows: locked } = await db.execute(sql`SELECT id FROM work_orders WHERE id = ${id} FOR UPDATE`)
    if (!locked.length) throw new Refused(404, 'missing')
    // Stamped once the order is held: a statement being issued waits for this mark, or this
    // mark for the statement, and then its time is after that statement's cut-off.
    const now = new Date().toISOString()
    const { rows: claimed } = await db.execute(sql`
      UPDATE work_orders_vehicles_wheels w SET status = 'done', done_at = ${now}::timestamptz
      FROM work_orders_vehicles v
      WHERE w.id = ${wheelId} AND w._parent_id = v.id AND v._parent_id = ${id} AND w.status = 'to_do'
      RETURNING w.id`)
    if (!claimed.length) {
      const { rows } = await db.execute(sql`
        SELECT 1 FROM work_orders_vehicles_wheels w JOIN work_orders_vehicles v ON w._parent_id = v.id
        WHERE w.id = ${wheelId} AND v._parent_id = ${id}`)
      throw new Refused(rows.length ? 409 : 404, rows.length ? 'wheel-done' : 'wheel-missing')
    }
    const as = { overrideAccess: false, user: req.user, req, depth: 0 } as const
    const order = await req.payload.findByID({ collection: 'work-orders', id, ...as })
    const dealership = typeof order.dealership === 'object' ? order.dealership?.id : order.dealership
    const stored = await req.payload.create({
      collection: 'work-order-photos',
      data: { dealership: dealership ?? undefined },
      file: { data: photo.data, mimetype: 'image/jpeg', name: `${base}.jpg`, size: photo.data.byteLength },
      context: { [PHOTO_CLEANED]: true },
      ...as,
    })
    await req.payload.update({
      collection: 'work-orders',
      id,
      data: { vehicles: withWheelDone(order.vehicles ?? [], wheelId, stored.id, now) },
      ...as,
    })
    if (own) await commitTransaction(req)
  } catch (err) {
    if (own) await killTransaction(req)
    await removeStoredFiles(req.payload, [base], 'work-order-photos').catch((cleanupErr: unknown) =>
      req.payload.logger.error({ err: cleanupErr, msg: `wheel done: photo ${base} not removed` }),
    )
    throw err
  }
}

export const markWheelDone: Endpoint = {
  path: '/:id/wheel-done',
  method: 'post',
  handler: answeredWhenFailing('wheel done form', async (req) => {
    // Staff only; a post from another site is anonymous (Payload's csrf, SameSite=Lax cookie).
    if (!isApprovedStaff(req.user)) return refuse(403, 'You are not allowed to perform this action.')
    const id = rowId(req.routeParams?.id)
    if (id === null) return refuse(404, 'Not Found')
    let back = workOrderAdminPath(id)
    try {
      const form = await readForm(req)
      const asked = safeAdminRedirect(form.get('back'))
      if (asked !== ADMIN_HOME) back = asked
      const wheel = form.get(WHEEL_FIELD)
      if (typeof wheel !== 'string' || !/^[0-9a-f]{24}$/.test(wheel)) throw new Refused(404, 'wheel-missing')
      await markDone(req, id, wheel, await cleanAfterPhoto(form))
    } catch (err) {
      if (err instanceof Refused) return answer(req, back, err.status, { kind: 'error', error: err.error })
      throw err
    }
    return answer(req, back, 200, { kind: 'done' })
  }),
}
