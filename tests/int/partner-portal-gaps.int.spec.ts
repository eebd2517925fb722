import fs from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { seedWorkOrder, vehicleInput, workOrderInput } from '../helpers/dealers'
import { TEST_DATA_DIR } from '../helpers/env'
import { type Doc, setupHarness } from '../helpers/harness'
import { migrateDownAndUp } from '../helpers/migrations'
import { phoneJpeg } from '../helpers/request-fixtures'

// After the helpers, which point DATA_DIR at this file's folder before the config loads.
import { uploadLimitMessage } from '@/collections/WorkOrderPhotos/hooks/limitDealershipUploads'
import { type PartnerReader, WORK_ORDERS_PAGE_SIZE, readWorkOrders } from '@/data/partner-portal'
import { workOrderLabel } from '@/lib/work-order-number'

// What a dealership with a long history meets in the portal: its list in pages, each work
// order's own number, photos left behind by an order never sent cleaned away after a day,
// and a daily ceiling on what its partners upload.

const h = setupHarness({ http: true, partner: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle

type Loose = Record<'create' | 'find' | 'count' | 'update', (args: Doc) => Promise<Doc>>
const api = () => h.payload as unknown as Loose
const asPartner = () => ({ overrideAccess: false, user: h.accounts.partner.user, depth: 0 })
const asOtherPartner = () => ({ overrideAccess: false, user: h.otherPartner.user, depth: 0 })
const asStaff = () => ({ overrideAccess: false, user: h.accounts.staff.user, depth: 0 })

const readerOf = (): PartnerReader => ({
  payload: h.payload,
  user: { ...h.accounts.partner.user, collection: 'users' },
  dealership: { id: h.dealerships.own } as PartnerReader['dealership'],
  timeZone: 'America/Chicago',
})

const photoFile = async () => {
  const data = await phoneJpeg()
  return { data, mimetype: 'image/jpeg', name: 'IMG_0042.jpg', size: data.length }
}
const uploadAs = async (who: Doc) =>
  api().create({ collection: 'work-order-photos', data: {}, file: await photoFile(), ...who })
const storedFile = (filename: string) =>
  fs.existsSync(path.join(TEST_DATA_DIR, 'uploads', 'work-order-photos', filename))

beforeEach(async () => {
  await h.payload.db.deleteMany({ collection: 'work-orders', where: {} })
  await h.payload.db.deleteMany({ collection: 'work-order-photos', where: {} })
  await h.payload.db.deleteMany({ collection: 'payload-jobs', where: {} })
})
afterEach(() => {
  delete process.env.PARTNER_PHOTOS_PER_DAY
  delete process.env.PARTNER_PHOTO_MB_PER_DAY
})

describe('the portal’s list of work orders', () => {
  it('pages past 100 work orders, newest first, each once', async () => {
    const made: number[] = []
    for (let i = 0; i < 105; i++) made.push((await seedWorkOrder(h.payload, h.dealerships.own)).id)
    await seedWorkOrder(h.payload, h.dealerships.other)
    const first = await readWorkOrders(readerOf())
    expect(first).toMatchObject({ page: 1, totalPages: 5, totalDocs: 105 })
    expect(first.docs).toHaveLength(WORK_ORDERS_PAGE_SIZE)
    const seen = [...first.docs]
    for (let page = 2; page <= 5; page++) seen.push(...(await readWorkOrders(readerOf(), page)).docs)
    expect(seen.map((o) => o.id)).toEqual([...made].reverse())
    expect((await readWorkOrders(readerOf(), 6)).docs).toEqual([])
    expect((await readWorkOrders(readerOf(), -3)).page).toBe(1)
  })
})

describe('work order numbers', () => {
  it('are unique, taken in order, and set by nobody but the server', async () => {
    const first = await api().create({
      collection: 'work-orders',
      data: { ...workOrderInput(), number: 9999 },
      ...asPartner(),
    })
    const others = await Promise.all(
      Array.from({ length: 6 }, () =>
        api().create({ collection: 'work-orders', data: workOrderInput(), ...asOtherPartner() }),
      ),
    )
    const numbers = [first, ...others].map((o) => o.number as number)
    expect(new Set(numbers).size).toBe(7)
    expect(Math.min(...others.map((o) => o.number))).toBeGreaterThan(first.number)
    expect(first.number).not.toBe(9999)
    expect(workOrderLabel(first as never)).toBe(`WO-${String(first.number).padStart(4, '0')}`)

    for (const who of [asPartner(), asStaff()]) {
      const updated = await api().update({
        collection: 'work-orders',
        id: first.id,
        data: { number: 1, notes: 'Moved to row D' },
        ...who,
      })
      expect(updated).toMatchObject({ number: first.number, notes: 'Moved to row D' })
    }
  })

  // Taken on a second connection, each create held two, and a pool's worth of creates at once
  // waited on each other for good (the whole instance with them).
  it("are taken in the create's own transaction: more creates at once than connections, no gaps", async () => {
    const pool = (h.payload.db as unknown as PostgresAdapter).pool as unknown as { options: { max?: number } }
    const made = await Promise.all(
      Array.from({ length: (pool.options.max ?? 10) + 2 }, () =>
        api().create({ collection: 'work-orders', data: workOrderInput(), ...asPartner() }),
      ),
    )
    const numbers = made.map((o) => o.number as number).sort((a, b) => a - b)
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i))
  })

  it('are given to the work orders made before them by the migration, in order', async () => {
    const a = await seedWorkOrder(h.payload, h.dealerships.own)
    const b = await seedWorkOrder(h.payload, h.dealerships.other)
    await migrateDownAndUp(h.payload, 'work_order_numbers_and_orphan_photos')
    const found = await api().find({ collection: 'work-orders', sort: 'id', depth: 0 })
    expect(found.docs.map((o: Doc) => [o.id, o.number])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ])
    expect((await seedWorkOrder(h.payload, h.dealerships.own)).number).toBe(3)
  })
})

describe('photos never attached to a work order', () => {
  const runCleanup = async () => {
    const job = await h.payload.jobs.queue({ task: 'removeOrphanPhotos', input: {} })
    await h.payload.jobs.runByID({ id: job.id })
    return api().find({ collection: 'payload-jobs', where: { id: { equals: job.id } } })
  }
  const age = (id: number, hours: number) =>
    db().execute(
      sql`UPDATE work_order_photos SET created_at = now() - ${`${hours} hours`}::interval WHERE id = ${id}`,
    )

  it('are removed with their files after a day; attached or recent ones stay', async () => {
    const attached = await uploadAs(asPartner())
    const orphan = await uploadAs(asPartner())
    const recent = await uploadAs(asPartner())
    expect(storedFile(orphan.filename)).toBe(true)
    await api().create({
      collection: 'work-orders',
      data: workOrderInput({
        vehicles: [
          vehicleInput({ wheels: [{ position: 'LF', service: 'rim_rash', beforePhotos: [attached.id] }] }),
        ],
      }),
      ...asPartner(),
    })
    await age(attached.id, 30)
    await age(orphan.id, 30)
    await age(recent.id, 2)

    const job = (await runCleanup()).docs[0]
    expect(job).toMatchObject({ hasError: false, completedAt: expect.any(String) })
    const left = await api().find({ collection: 'work-order-photos', sort: 'id', depth: 0 })
    expect(left.docs.map((p: Doc) => p.id)).toEqual([attached.id, recent.id])
    expect(storedFile(orphan.filename)).toBe(false)
    expect(storedFile(attached.filename)).toBe(true)
  })

  it('are looked for every hour, one job across instances', async () => {
    await Promise.all([h.payload.jobs.handleSchedules(), h.payload.jobs.handleSchedules()])
    const queued = await api().find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'removeOrphanPhotos' } },
    })
    expect(queued.totalDocs).toBe(1)
  })
})

describe('a dealership’s uploads in 24 hours', () => {
  it('are refused past the count, with a clear message, for all its partners; staff and others go on', async () => {
    process.env.PARTNER_PHOTOS_PER_DAY = '2'
    await uploadAs(asPartner())
    await uploadAs(asPartner())
    const message = uploadLimitMessage()
    expect(message).toBe(
      'Your dealership has reached its limit of 2 photos (500 MB) in 24 hours. Please try again later, or call us.',
    )
    await expect(uploadAs(asPartner())).rejects.toMatchObject({ status: 429, message })
    expect((await api().count({ collection: 'work-order-photos' })).totalDocs).toBe(2)

    // Over REST, as the portal sends them.
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array((await photoFile()).data)], { type: 'image/jpeg' }), 'a.jpg')
    form.append('_payload', '{}')
    const res = await h.http.post('/api/work-order-photos', { form, session: h.sessionOf('partner') })
    expect(res.status).toBe(429)
    expect(res.body.errors[0].message).toBe(message)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)

    await expect(uploadAs(asOtherPartner())).resolves.toMatchObject({ dealership: h.dealerships.other })
    const byStaff = await api().create({
      collection: 'work-order-photos',
      data: { dealership: h.dealerships.own },
      file: await photoFile(),
      ...asStaff(),
    })
    expect(byStaff.dealership).toBe(h.dealerships.own)
    // A day later the oldest no longer count.
    await db().execute(sql`UPDATE work_order_photos SET created_at = now() - interval '25 hours'`)
    await expect(uploadAs(asPartner())).resolves.toMatchObject({ dealership: h.dealerships.own })
  })

  it('are refused past the bytes, counted after cleaning', async () => {
    process.env.PARTNER_PHOTO_MB_PER_DAY = '1'
    const first = await uploadAs(asPartner())
    await db().execute(
      sql`UPDATE work_order_photos SET filesize = ${1024 * 1024 - 10} WHERE id = ${first.id}`,
    )
    await expect(uploadAs(asPartner())).rejects.toMatchObject({
      status: 429,
      message: uploadLimitMessage(),
    })
    expect((await api().count({ collection: 'work-order-photos' })).totalDocs).toBe(1)
  })
})
