import fs from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { readOpenWorkOrders } from '@/data/back-office'
import { carLockedMessage } from '@/collections/WorkOrders/hooks/lockStartedCars'
import { WHEEL_FORM_ERRORS, workOrderAdminPath } from '@/lib/work-order-forms'

import { seedWorkOrder, vehicleInput } from '../helpers/dealers'
import { TEST_DATA_DIR } from '../helpers/env'
import { type Doc, setupHarness } from '../helpers/harness'
import type { Session } from '../helpers/http-client'
import { migrateDownAndUp } from '../helpers/migrations'
import { CAMERA_SERIAL, GPS_INFO_TAG, phoneJpeg } from '../helpers/request-fixtures'

// The technician's "Mark done" on a phone (POST /api/work-orders/:id/wheel-done), the lock it
// puts on a partner's edits, and the day's schedule of work orders.

const h = setupHarness({ http: true, partner: true })

type Loose = Record<'update' | 'findByID' | 'count', (args: Doc) => Promise<Doc>>
const api = () => h.payload as unknown as Loose
const photoCount = async () => (await api().count({ collection: 'work-order-photos' })).totalDocs as number
const readOrder = (id: number) => api().findByID({ collection: 'work-orders', id, depth: 0 })
const storedFiles = () => {
  const dir = path.join(TEST_DATA_DIR, 'uploads', 'work-order-photos')
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0
}

type Post = { wheel?: string; photo?: Buffer | null; session?: Session; json?: boolean; origin?: string }

async function markDone(order: number, { wheel, photo, session, json = true, origin }: Post) {
  const form = new FormData()
  if (wheel) form.set('wheel', wheel)
  form.set('back', `${workOrderAdminPath(order)}?done=old`)
  if (photo !== null) {
    const bytes = photo ?? (await phoneJpeg())
    form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0042.jpg')
  }
  return h.http.post(`/api/work-orders/${order}/wheel-done`, {
    session: session === undefined ? h.accounts.staff.session : session,
    form,
    origin,
    headers: json ? { Accept: 'application/json' } : {},
  })
}

const twoWheels = () =>
  vehicleInput({
    wheels: [
      { position: 'LF', service: 'rim_rash' },
      { position: 'RF', service: 'rim_restoration' },
    ],
  })

describe('marking a wheel done', () => {
  it('moves the car to in progress, then done with its last wheel, each step with its time', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own, {
      vehicles: [twoWheels(), vehicleInput()],
    })
    const [car] = order.vehicles
    expect(order.status).toBe('received')

    const first = await markDone(order.id, { wheel: car.wheels[0].id })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ message: 'Wheel marked done' })
    let stored = await readOrder(order.id)
    expect(stored.status).toBe('in_progress')
    expect(stored.vehicles[0]).toMatchObject({
      status: 'in_progress',
      receivedAt: car.receivedAt,
      doneAt: null,
    })
    expect(stored.vehicles[0].scheduledAt).toBeTruthy()
    expect(stored.vehicles[0].startedAt).toBeTruthy()
    expect(stored.vehicles[0].wheels[0]).toMatchObject({ status: 'done', afterPhotos: [expect.any(Number)] })
    expect(stored.vehicles[0].wheels[1]).toMatchObject({ status: 'to_do', afterPhotos: [] })

    // Without script: a redirect back to the page, naming the outcome.
    const second = await markDone(order.id, { wheel: car.wheels[1].id, json: false })
    expect(second.status).toBe(303)
    expect(second.headers.get('location')).toBe(`${workOrderAdminPath(order.id)}?done=wheel`)
    stored = await readOrder(order.id)
    const done = stored.vehicles[0]
    expect(done.status).toBe('done')
    expect(Date.parse(done.doneAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt))
    expect(stored.vehicles[1].status).toBe('received')
    expect(stored.status).toBe('in_progress')

    await markDone(order.id, { wheel: stored.vehicles[1].wheels[0].id })
    expect((await readOrder(order.id)).status).toBe('done')
  })

  it('stores the after photo cleaned: JPEG, no GPS or camera serial, of the dealership', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    const original = await phoneJpeg()
    expect((await sharp(original).metadata()).exif!.includes(GPS_INFO_TAG)).toBe(true)
    expect(
      (await markDone(order.id, { wheel: order.vehicles[0].wheels[0].id, photo: original })).status,
    ).toBe(200)
    const [id] = (await readOrder(order.id)).vehicles[0].wheels[0].afterPhotos
    const photo = await api().findByID({ collection: 'work-order-photos', id, depth: 0 })
    expect(photo).toMatchObject({ dealership: h.dealerships.own, mimeType: 'image/jpeg' })
    expect(photo.filename).toMatch(/^[0-9a-f-]{36}\.jpg$/)
    const bytes = fs.readFileSync(path.join(TEST_DATA_DIR, 'uploads', 'work-order-photos', photo.filename))
    expect((await sharp(bytes).metadata()).exif).toBeUndefined()
    expect(bytes.includes(Buffer.from(CAMERA_SERIAL))).toBe(false)
  })

  it('needs a readable photo, says so, and changes nothing', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    const wheel = order.vehicles[0].wheels[0].id
    const photos = await photoCount()
    const files = storedFiles()
    const missing = await markDone(order.id, { wheel, photo: null })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].message).toBe(WHEEL_FORM_ERRORS['photo-missing'])
    const plain = await markDone(order.id, { wheel, photo: null, json: false })
    expect(plain.status).toBe(303)
    expect(plain.headers.get('location')).toBe(`${workOrderAdminPath(order.id)}?error=photo-missing`)
    const unreadable = await markDone(order.id, { wheel, photo: Buffer.from('not a photo at all') })
    expect(unreadable.status).toBe(400)
    expect(unreadable.body.errors[0].message).toBe(WHEEL_FORM_ERRORS['photo-unreadable'])
    const notOurs = await markDone(order.id, { wheel: 'a'.repeat(24) })
    expect(notOurs.status).toBe(404)
    expect(notOurs.body.errors[0].message).toBe(WHEEL_FORM_ERRORS['wheel-missing'])
    expect(await photoCount()).toBe(photos)
    expect(storedFiles()).toBe(files)
    expect((await readOrder(order.id)).vehicles[0].wheels[0].status).toBe('to_do')
  })

  it('makes one done and one photo of a double tap, whichever instance takes each', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    const wheel = order.vehicles[0].wheels[0].id
    const photos = await photoCount()
    const answers = await Promise.all([markDone(order.id, { wheel }), markDone(order.id, { wheel })])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)!.body.errors[0].message).toBe(
      WHEEL_FORM_ERRORS['wheel-done'],
    )
    expect(await photoCount()).toBe(photos + 1)
    expect((await readOrder(order.id)).vehicles[0].wheels[0].afterPhotos).toHaveLength(1)
  })

  it('leaves no photo behind when the work order cannot be saved', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    const db = h.payload.db.drizzle
    await db.execute(
      sql.raw(`
      CREATE FUNCTION refuse_work_order() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'the disk is full'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_work_order BEFORE UPDATE ON work_orders
      FOR EACH ROW WHEN (OLD.id = ${Number(order.id)}) EXECUTE FUNCTION refuse_work_order();`),
    )
    const photos = await photoCount()
    const files = storedFiles()
    try {
      const res = await markDone(order.id, { wheel: order.vehicles[0].wheels[0].id })
      expect(res.status).toBe(503)
    } finally {
      await db.execute(
        sql.raw('DROP TRIGGER refuse_work_order ON work_orders; DROP FUNCTION refuse_work_order();'),
      )
    }
    expect(await photoCount()).toBe(photos)
    expect(storedFiles()).toBe(files)
    expect((await readOrder(order.id)).vehicles[0].wheels[0].status).toBe('to_do')
  })

  it('is staff only: a partner, a stranger and another site are refused', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    const wheel = order.vehicles[0].wheels[0].id
    for (const post of [
      { session: h.accounts.partner.session },
      { session: h.accounts.unapproved.session },
      { session: null },
      { origin: 'https://elsewhere.example' },
    ]) {
      const res = await markDone(order.id, { wheel, ...post })
      expect(res.status).toBe(403)
    }
    expect((await readOrder(order.id)).vehicles[0].wheels[0].status).toBe('to_do')
  })
})

describe('a car once work has started', () => {
  it('can no longer be changed by the partner, who may still edit the rest; staff may', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own, {
      vehicles: [twoWheels(), vehicleInput()],
    })
    await markDone(order.id, { wheel: order.vehicles[0].wheels[0].id })
    const stored = await readOrder(order.id)
    const [started, waiting] = stored.vehicles
    const session = h.accounts.partner.session!
    const edits: Doc[][] = [
      [{ ...started, lotLocation: 'Row F' }, waiting],
      [{ ...started, wheels: [started.wheels[0]] }, waiting],
      [{ ...started, wheels: [...started.wheels, { position: 'LR', service: 'rim_rash' }] }, waiting],
      [{ ...started, wheels: [started.wheels[0], { ...started.wheels[1], service: 'rim_rash' }] }, waiting],
      [waiting],
    ]
    for (const vehicles of edits) {
      const res = await h.http.patch(`/api/work-orders/${order.id}`, { session, json: { vehicles } })
      expect(res.status).toBe(409)
      expect(res.body.errors[0].message).toBe(carLockedMessage(started.stockNumber))
    }
    expect((await readOrder(order.id)).updatedAt).toBe(stored.updatedAt)

    const allowed = await h.http.patch(`/api/work-orders/${order.id}`, {
      session,
      json: { notes: 'Spare too', vehicles: [started, { ...waiting, lotLocation: 'Row F' }] },
    })
    expect(allowed.status).toBe(200)
    expect(allowed.body.doc.vehicles[1].lotLocation).toBe('Row F')

    const byStaff = await h.http.patch(`/api/work-orders/${order.id}`, {
      session: h.accounts.staff.session,
      json: { vehicles: [{ ...started, lotLocation: 'Row F' }, waiting] },
    })
    expect(byStaff.status).toBe(200)
  })
})

describe("a partner's save during a technician's mark", () => {
  it('waits for it, and never writes the wheel back to be done', async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own, {
      vehicles: [twoWheels(), vehicleInput({ stockNumber: 'S2', vin: 'JH4KA7561PC008269' })],
    })
    const asRead = await api().findByID({
      collection: 'work-orders',
      id: order.id,
      depth: 0,
      overrideAccess: false,
      user: h.accounts.partner.user,
    })
    // The technician's mark, not yet committed: its transaction holds the order, wheel done.
    const transactionID = (await h.payload.db.beginTransaction())!
    const [car, other] = asRead.vehicles as Doc[]
    const done = { ...car.wheels[0], status: 'done', doneAt: new Date().toISOString() }
    await api().update({
      collection: 'work-orders',
      id: order.id,
      data: { vehicles: [{ ...car, status: 'in_progress', wheels: [done, car.wheels[1]] }, other] },
      depth: 0,
      user: h.accounts.staff.user,
      req: { transactionID } as never,
    })
    // The partner saves the other car from the copy it read before the mark.
    const saved = api()
      .update({
        collection: 'work-orders',
        id: order.id,
        data: { vehicles: [car, { ...other, colour: 'Red' }] },
        depth: 0,
        overrideAccess: false,
        user: h.accounts.partner.user,
      })
      .then(
        () => 'saved',
        (err: Error) => err.message,
      )
    const waiting = async () => {
      const { rows } = (await h.payload.db.drizzle.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] }
      return rows[0].n
    }
    await expect.poll(waiting).toBeGreaterThan(0)
    await h.payload.db.commitTransaction(transactionID)

    expect(await saved).toBe('saved')
    const after = await readOrder(order.id)
    expect(after.vehicles[0].wheels[0]).toMatchObject({ status: 'done' })
    expect(after.vehicles[0].status).toBe('in_progress')
    expect(after.vehicles[1].colour).toBe('Red')
  })
})

describe("the open work orders on the owner's screen", () => {
  it("lists today's, late or undated ones by dealership, then the ones due later by due date", async () => {
    const db = h.payload.db.drizzle
    await db.execute(sql`DELETE FROM work_orders`)
    // Friday 27 November 2026, 9 PM in Austin: already Saturday in UTC.
    const now = new Date('2026-11-28T03:00:00Z')
    const seed = async (dealership: number, poNumber: string, dueDate?: string) =>
      seedWorkOrder(h.payload, dealership, { poNumber, ...(dueDate ? { dueDate } : {}) })
    await seed(h.dealerships.own, 'TODAY', '2026-11-27')
    await seed(h.dealerships.own, 'NEXT WEEK', '2026-12-04')
    await seed(h.dealerships.own, 'LATE', '2026-11-20')
    await seed(h.dealerships.other, 'UNDATED')
    await seed(h.dealerships.other, 'TOMORROW', '2026-11-28')
    const started = await seedWorkOrder(h.payload, h.dealerships.own, {
      poNumber: 'STARTED',
      dueDate: '2026-12-01',
      vehicles: [twoWheels()],
    })
    await markDone(started.id, { wheel: started.vehicles[0].wheels[0].id })
    const done = await seed(h.dealerships.other, 'DONE', '2026-11-27')
    await markDone(done.id, { wheel: done.vehicles[0].wheels[0].id })
    const doneLater = await seed(h.dealerships.other, 'DONE LATER', '2026-12-02')
    await markDone(doneLater.id, { wheel: doneLater.vehicles[0].wheels[0].id })

    const reader = { payload: h.payload, user: h.accounts.staff.user }
    const open = await readOpenWorkOrders(reader, 'America/Chicago', now)
    expect(open.today.map((d) => [d.dealership, d.workOrders.map((o) => o.poNumber)])).toEqual([
      ['Capital City Motors', ['LATE', 'TODAY']],
      ['Lakeline Auto Group', ['UNDATED']],
    ])
    expect(open.today[0].workOrders[0]).toMatchObject({ status: 'received', cars: 1, carsDone: 0 })
    expect(open.later.map((o) => [o.poNumber, o.dealership])).toEqual([
      ['TOMORROW', 'Lakeline Auto Group'],
      ['STARTED', 'Capital City Motors'],
      ['NEXT WEEK', 'Capital City Motors'],
    ])
    expect(open.later[1]).toMatchObject({ status: 'in_progress', cars: 1, carsDone: 0 })
    expect(open.more).toBe(false)
    // Read with the viewer's own access: a partner's would hold its own dealership's only.
    const partner = { payload: h.payload, user: h.accounts.partner.user }
    const own = await readOpenWorkOrders(partner, 'America/Chicago', now)
    expect([...own.today.map((d) => d.dealership), ...own.later.map((o) => o.dealership)]).toEqual([
      'Capital City Motors',
      'Capital City Motors',
      'Capital City Motors',
    ])
  })
})

describe('the work_order_status migration', () => {
  it("gives work orders stored before it their cars' status", async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    await markDone(order.id, { wheel: order.vehicles[0].wheels[0].id })
    // Stepping back past the dealership's progress e-mails drops their task: none may be queued.
    await h.payload.db.drizzle.execute(
      sql`DELETE FROM payload_jobs WHERE task_slug = 'sendWorkOrderProgress'`,
    )
    await migrateDownAndUp(h.payload, 'work_order_status')
    expect((await readOrder(order.id)).status).toBe('done')
  })
})
