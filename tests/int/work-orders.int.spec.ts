import fs from 'node:fs'
import path from 'node:path'

import { ValidationError } from 'payload'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import {
  seedDealership,
  seedWorkOrder,
  vehicleInput,
  VINS,
  workOrderInput,
  WRONG_CHECK_DIGIT,
} from '../helpers/dealers'
import { TEST_DATA_DIR } from '../helpers/env'
import { localFile } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'
import { migrateDownAndUp } from '../helpers/migrations'
import { CAMERA_SERIAL, GPS_INFO_TAG, phoneJpeg } from '../helpers/request-fixtures'

import { PHOTO_TWICE } from '@/collections/WorkOrders/hooks/photosOfTheDealership'
import { Users } from '@/collections/Users'
import { OFFERS } from '@/lib/catalog'

// Dealerships, their work orders and photos through Payload: the rules the collections keep
// whoever writes (a partner's dealership, the shop's progress, VINs, photos cleaned).

const h = setupHarness({ http: true, partner: true })

type Loose = Record<'create' | 'update' | 'findByID' | 'find' | 'count', (args: Doc) => Promise<Doc>>
const api = () => h.payload as unknown as Loose
const asPartner = () => ({ overrideAccess: false, user: h.accounts.partner.user, depth: 0 })
const asStaff = () => ({ overrideAccess: false, user: h.accounts.staff.user, depth: 0 })
const count = async (collection: string) => (await api().count({ collection })).totalDocs as number

const photoFile = async () => {
  const data = await phoneJpeg()
  return { data, mimetype: 'image/jpeg', name: 'IMG_0042 lot C.jpg', size: data.length }
}

describe('dealerships', () => {
  it('are priced at the published wheel offers in cents unless given their own prices', async () => {
    const defaults = await seedDealership(h.payload, 'Northside Nissan')
    expect(defaults.priceList.map((r: Doc) => [r.service, r.unitPriceCents])).toEqual([
      ['rim_rash', OFFERS.find((o) => o.key === 'rim_rash')!.amount * 100],
      ['rim_restoration', OFFERS.find((o) => o.key === 'rim_restoration')!.amount * 100],
    ])
    expect(defaults.netTermsDays).toBe(30)
    const own = await seedDealership(h.payload, 'Round Rock Ford', {
      priceList: [{ service: 'rim_rash', unitPriceCents: 8500 }],
      netTermsDays: 15,
    })
    expect(own.priceList.map((r: Doc) => [r.service, r.unitPriceCents])).toEqual([['rim_rash', 8500]])
  })

  it('refuse a price in fractions of a cent and a service priced twice', async () => {
    const before = await count('dealerships')
    for (const priceList of [
      [{ service: 'rim_rash', unitPriceCents: 85.5 }],
      [
        { service: 'rim_rash', unitPriceCents: 8500 },
        { service: 'rim_rash', unitPriceCents: 9000 },
      ],
    ]) {
      await expect(seedDealership(h.payload, 'Bad prices', { priceList })).rejects.toBeInstanceOf(
        ValidationError,
      )
    }
    expect(await count('dealerships')).toBe(before)
  })
  it('are not deleted while work orders, photos or partner accounts name them, saying why', async () => {
    const session = h.accounts.admin.session!
    const before = await count('dealerships')
    const busy = await seedDealership(h.payload, 'Busy Buick')
    await seedWorkOrder(h.payload, busy.id)
    await api().create({
      collection: 'work-order-photos',
      data: { dealership: busy.id },
      file: await localFile(),
      depth: 0,
    })
    const refused = await h.http.delete(`/api/dealerships/${busy.id}`, { session })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain(
      'This dealership still has work orders, work-order photos: delete or move them first.',
    )
    const withPartner = await h.http.delete(`/api/dealerships/${h.dealerships.other}`, { session })
    expect(withPartner.status).toBe(400)
    expect(JSON.stringify(withPartner.body)).toContain('partner accounts')
    expect(await count('dealerships')).toBe(before + 1)
    const unused = await seedDealership(h.payload, 'Empty Lot Motors')
    expect((await h.http.delete(`/api/dealerships/${unused.id}`, { session })).status).toBe(200)
    expect(await count('dealerships')).toBe(before + 1)
  })
})

describe('partner accounts', () => {
  it('never open the back office', () => {
    const admin = Users.access!.admin as (args: Doc) => boolean
    expect(admin({ req: { user: h.accounts.partner.user } })).toBe(false)
    expect(admin({ req: { user: h.accounts.staff.user } })).toBe(true)
  })

  it('are never made by a public sign-up, whatever it sends', async () => {
    const email = `sign-up-partner-${Date.now()}@dealer.test`
    const res = await h.http.post('/api/users', {
      json: {
        email,
        password: 'a-long-enough-secret',
        role: 'partner',
        dealership: h.dealerships.own,
        approved: true,
      },
    })
    expect(res.status).toBe(201)
    const [user] = (await api().find({ collection: 'users', where: { email: { equals: email } } })).docs
    expect(user).toMatchObject({ role: 'staff', approved: false })
    expect(user.dealership ?? null).toBeNull()
  })

  it('need a dealership', async () => {
    await expect(
      api().create({
        collection: 'users',
        data: {
          email: `no-dealer-${Date.now()}@dealer.test`,
          password: 'a-long-enough-secret',
          role: 'partner',
        },
      }),
    ).rejects.toMatchObject({
      data: { errors: [{ path: 'dealership', message: 'A dealer partner belongs to a dealership.' }] },
    })
  })
})

describe('work orders', () => {
  it("a partner's belong to its own dealership, and its cars start as received, now", async () => {
    const before = Date.now()
    const sent = workOrderInput({
      dealership: h.dealerships.other,
      vehicles: [
        vehicleInput({ vin: ' 1hgcm82633a004352 ', status: 'done', doneAt: '2020-01-01T00:00:00.000Z' }),
        vehicleInput({ wheels: [{ position: 'RR', service: 'rim_restoration', status: 'done' }] }),
      ],
    })
    const order = await api().create({ collection: 'work-orders', data: sent, ...asPartner() })
    expect(order.dealership).toBe(h.dealerships.own)
    expect(order.vehicles[0].vin).toBe('1HGCM82633A004352')
    for (const car of order.vehicles) {
      expect(car).toMatchObject({ status: 'received', scheduledAt: null, startedAt: null, doneAt: null })
      expect(Date.parse(car.receivedAt)).toBeGreaterThanOrEqual(before - 1000)
      for (const wheel of car.wheels)
        expect(wheel).toMatchObject({ status: 'to_do', doneAt: null, afterPhotos: [] })
    }
  })

  it('refuse a VIN with a wrong check digit, with a message saying so, and keep nothing', async () => {
    const before = await count('work-orders')
    const sent = workOrderInput({ vehicles: [vehicleInput(), vehicleInput({ vin: WRONG_CHECK_DIGIT })] })
    await expect(
      api().create({ collection: 'work-orders', data: sent, ...asPartner() }),
    ).rejects.toMatchObject({
      status: 400,
      data: {
        errors: [
          {
            path: 'vehicles.1.vin',
            message: 'This VIN’s check digit (9th character) does not match: check it for a typo.',
          },
        ],
      },
    })
    expect(await count('work-orders')).toBe(before)
  })

  it('refuse a car without wheels and a wheel position twice', async () => {
    for (const vehicle of [
      vehicleInput({ wheels: [] }),
      vehicleInput({
        wheels: [
          { position: 'LF', service: 'rim_rash' },
          { position: 'LF', service: 'rim_restoration' },
        ],
      }),
    ]) {
      await expect(
        api().create({
          collection: 'work-orders',
          data: workOrderInput({ vehicles: [vehicle] }),
          ...asPartner(),
        }),
      ).rejects.toBeInstanceOf(ValidationError)
    }
  })

  it("record each step's time as staff move a car; a partner's update keeps the shop's progress", async () => {
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    const car = order.vehicles[0]
    const moved = await api().update({
      collection: 'work-orders',
      id: order.id,
      data: {
        vehicles: [{ ...car, status: 'in_progress', wheels: [{ ...car.wheels[0], status: 'done' }] }],
      },
      ...asStaff(),
    })
    const inProgress = moved.vehicles[0]
    expect(inProgress).toMatchObject({ status: 'in_progress', receivedAt: car.receivedAt, doneAt: null })
    expect(inProgress.scheduledAt).toBeTruthy()
    expect(inProgress.startedAt).toBe(inProgress.scheduledAt)
    expect(inProgress.wheels[0].doneAt).toBeTruthy()

    const byPartner = await api().update({
      collection: 'work-orders',
      id: order.id,
      data: {
        notes: 'Please do the spare too',
        dealership: h.dealerships.other,
        vehicles: [
          { ...inProgress, status: 'done', wheels: [{ ...inProgress.wheels[0], status: 'to_do' }] },
          vehicleInput({ vin: VINS[1], status: 'done' }),
        ],
      },
      ...asPartner(),
    })
    expect(byPartner.notes).toBe('Please do the spare too')
    expect(byPartner.dealership).toBe(h.dealerships.own)
    expect(byPartner.vehicles[0]).toMatchObject({
      status: 'in_progress',
      startedAt: inProgress.startedAt,
      doneAt: null,
    })
    expect(byPartner.vehicles[0].wheels[0]).toMatchObject({
      status: 'done',
      doneAt: inProgress.wheels[0].doneAt,
    })
    expect(byPartner.vehicles[1]).toMatchObject({ status: 'received', doneAt: null })
  })
})

describe('work order photos', () => {
  const stored = (filename: string) =>
    fs.readFileSync(path.join(TEST_DATA_DIR, 'uploads', 'work-order-photos', filename))

  it('are cleaned like every photo: JPEG, no GPS or camera serial, renamed; of the partner’s dealership', async () => {
    const original = await photoFile()
    expect((await sharp(original.data).metadata()).exif!.includes(GPS_INFO_TAG)).toBe(true)
    const photo = await api().create({
      collection: 'work-order-photos',
      data: { dealership: h.dealerships.other },
      file: original,
      ...asPartner(),
    })
    expect(photo.dealership).toBe(h.dealerships.own)
    expect(photo.mimeType).toBe('image/jpeg')
    expect(photo.filename).toMatch(/^[0-9a-f-]{36}\.jpg$/)
    const bytes = stored(photo.filename)
    expect((await sharp(bytes).metadata()).exif).toBeUndefined()
    expect(bytes.includes(Buffer.from(CAMERA_SERIAL))).toBe(false)
  })

  it('refuse a file that is not an image, and keep nothing', async () => {
    const before = await count('work-order-photos')
    const data = Buffer.from('not a photo at all')
    await expect(
      api().create({
        collection: 'work-order-photos',
        data: {},
        file: { data, mimetype: 'image/jpeg', name: 'x.jpg', size: data.length },
        ...asPartner(),
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'The photo is not an image we can read (JPEG, PNG, WebP, GIF, HEIC or AVIF).',
    })
    expect(await count('work-order-photos')).toBe(before)
  })

  it('refuse malformed cars, wheels and photo ids over REST with a 400, and keep nothing', async () => {
    const session = h.accounts.partner.session!
    const order = await seedWorkOrder(h.payload, h.dealerships.own)
    const bad: [Doc, string][] = [
      [vehicleInput({ vin: 123 }), 'A VIN is written as text: 17 letters and digits.'],
      [vehicleInput({ vin: {} }), 'A VIN is written as text: 17 letters and digits.'],
      [vehicleInput({ wheels: 'x' }), 'List the wheels as rows: position and service.'],
      ...[[1.5], ['x'], [-1], 'x'].map((beforePhotos): [Doc, string] => [
        vehicleInput({ wheels: [{ position: 'LF', service: 'rim_rash', beforePhotos }] }),
        'Photos are named by their id numbers.',
      ]),
    ]
    const before = await count('work-orders')
    for (const [vehicle, message] of bad) {
      const created = await h.http.post('/api/work-orders', {
        session,
        json: workOrderInput({ vehicles: [vehicle] }),
      })
      expect(created.status).toBe(400)
      expect(JSON.stringify(created.body)).toContain(message)
      const updated = await h.http.patch(`/api/work-orders/${order.id}`, {
        session,
        json: { vehicles: [vehicle] },
      })
      expect(updated.status).toBe(400)
      expect(JSON.stringify(updated.body)).toContain(message)
    }
    expect(await count('work-orders')).toBe(before)
    const after = await api().findByID({ collection: 'work-orders', id: order.id, depth: 0 })
    expect(after.vehicles.map((v: Doc) => v.vin)).toEqual(order.vehicles.map((v: Doc) => v.vin))
    expect(after.updatedAt).toBe(order.updatedAt)
  })

  it('refuse the same photo twice on a work order, on one wheel or two, and keep nothing', async () => {
    const session = h.accounts.partner.session!
    const photo = await api().create({
      collection: 'work-order-photos',
      data: {},
      file: await localFile('twice.png'),
      ...asPartner(),
    })
    const wheel = (position: string, beforePhotos: number[], afterPhotos: number[] = []) => ({
      position,
      service: 'rim_rash',
      beforePhotos,
      afterPhotos,
    })
    const before = await count('work-orders')
    // After photos are the technician's: staff send them.
    for (const [name, wheels, by] of [
      ['twice on a wheel', [wheel('LF', [photo.id, photo.id])], session],
      ['on two wheels', [wheel('LF', [photo.id]), wheel('RF', [photo.id])], session],
      ['before and after', [wheel('LF', [photo.id], [photo.id])], h.accounts.staff.session!],
    ] as const) {
      const res = await h.http.post('/api/work-orders', {
        session: by,
        json: workOrderInput({ dealership: h.dealerships.own, vehicles: [vehicleInput({ wheels })] }),
      })
      expect({ name, status: res.status }).toEqual({ name, status: 400 })
      expect(JSON.stringify(res.body)).toContain(PHOTO_TWICE)
    }
    expect(await count('work-orders')).toBe(before)
    const once = await h.http.post('/api/work-orders', {
      session,
      json: workOrderInput({ vehicles: [vehicleInput({ wheels: [wheel('LF', [photo.id])] })] }),
    })
    expect(once.status).toBe(201)
  })

  it("cannot be another dealership's: naming its photo in a work order is refused", async () => {
    const theirs = await api().create({
      collection: 'work-order-photos',
      data: {},
      file: await localFile('theirs.png'),
      overrideAccess: false,
      user: h.otherPartner.user,
      depth: 0,
    })
    const ours = await api().create({
      collection: 'work-order-photos',
      data: {},
      file: await localFile(),
      ...asPartner(),
    })
    const before = await count('work-orders')
    const wheels = [{ position: 'LF', service: 'rim_rash', beforePhotos: [ours.id, theirs.id] }]
    await expect(
      api().create({
        collection: 'work-orders',
        data: workOrderInput({ vehicles: [vehicleInput({ wheels })] }),
        ...asPartner(),
      }),
    ).rejects.toMatchObject({ status: 400, message: 'A photo could not be found.' })
    expect(await count('work-orders')).toBe(before)
    const ok = await api().create({
      collection: 'work-orders',
      data: workOrderInput({
        vehicles: [vehicleInput({ wheels: [{ ...wheels[0], beforePhotos: [ours.id] }] })],
      }),
      ...asPartner(),
    })
    expect(ok.vehicles[0].wheels[0].beforePhotos).toEqual([ours.id])
  })
})

describe('the dealer_partners migration', () => {
  it('goes down with partners and work orders stored, and up again', async () => {
    await seedWorkOrder(h.payload, h.dealerships.own)
    await migrateDownAndUp(h.payload, 'dealer_partners')
    expect(await count('work-orders')).toBe(0)
    expect(await count('dealerships')).toBe(0)
    expect((await api().find({ collection: 'users', where: { role: { equals: 'partner' } } })).docs).toEqual(
      [],
    )
  })
})
