import type { CollectionSlug } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { type ChannelName, channelFor, expectOk, expectRefused, GRAPHQL } from '../helpers/channels'
import { workOrderInput } from '../helpers/dealers'
import { FORBIDDEN, localFile, NOT_FOUND, seedLead, snapshot } from '../helpers/fixtures'
import { type Doc, type Persona, setupHarness } from '../helpers/harness'
import { xlsxRows } from '../helpers/xlsx'

import { issueStatements } from '@/collections/Statements/issue'
import { previousPeriod } from '@/lib/statements'
import { XLSX_CONTENT_TYPE } from '@/lib/xlsx'

// The partner role through every door: a dealership's account reads and writes its own
// dealership's work orders and photos (and reads its own record), nothing of another
// dealership's, and of everything else no more than a signed-in account waiting for approval.
// The rest of the partner's cells are rows of the access matrix (tests/helpers/access-matrix.ts).

Object.assign(GRAPHQL, {
  dealerships: { one: 'Dealership', many: 'Dealerships', fields: 'id name billingEmail netTermsDays' },
  'work-orders': {
    one: 'WorkOrder',
    many: 'WorkOrders',
    fields: 'id dealership { id } poNumber roNumber notes',
  },
  'work-order-photos': {
    one: 'WorkOrderPhoto',
    many: 'WorkOrderPhotos',
    fields: 'id dealership { id } filename',
  },
  statements: {
    one: 'Statement',
    many: 'Statements',
    fields: 'id dealership { id } number period totalCents lines { stockNumber vin unitPriceCents }',
  },
})

const h = setupHarness({ http: true, partner: true })
const CHANNELS: ChannelName[] = ['local', 'rest', 'graphql']
const DEALER_COLLECTIONS = ['dealerships', 'work-orders', 'work-order-photos', 'statements'] as const
// Each account sees only its own rows of these, whatever its role (the matrix covers them).
const OWN_ROWS = new Set(['users', 'payload-preferences'])

type Side = { order: Doc; photo: Doc; statement: Doc }
const world = {} as { own: Side; other: Side }

async function seedSide(dealership: number): Promise<Side> {
  const photo = await h.payload.create({
    collection: 'work-order-photos',
    data: { dealership },
    file: await localFile(`seed-${dealership}.png`),
    depth: 0,
  })
  // Its wheel was done last month: it is on the dealership's statement.
  const lastMonth = new Date()
  lastMonth.setUTCDate(0)
  lastMonth.setUTCHours(12)
  const done = { status: 'done', doneAt: lastMonth.toISOString() }
  const wheels = [{ position: 'LF', service: 'rim_rash', beforePhotos: [photo.id], ...done }]
  const order = await h.payload.create({
    collection: 'work-orders',
    data: workOrderInput({
      dealership,
      vehicles: [{ stockNumber: `S-${dealership}`, vin: '1HGCM82633A004352', wheels }],
    }) as never,
    user: h.userOf('staff'),
    depth: 0,
  })
  return { order, photo, statement: {} }
}

beforeAll(async () => {
  world.own = await seedSide(h.dealerships.own)
  world.other = await seedSide(h.dealerships.other)
  await issueStatements(h.payload, previousPeriod(new Date(), 'America/Chicago'))
  for (const side of ['own', 'other'] as const) {
    const { docs } = await h.payload.find({
      collection: 'statements',
      where: { dealership: { equals: h.dealerships[side] } },
      depth: 0,
    })
    world[side].statement = docs[0]
  }
  await seedLead(h.payload)
})

const idsOf = (docs: Doc[] | undefined) => (docs ?? []).map((d) => d.id)

describe('a partner, outside its dealership’s work', () => {
  it('every collection of the config is either a dealer collection or compared here', () => {
    const slugs = h.payload.config.collections.map((c) => c.slug)
    for (const slug of DEALER_COLLECTIONS) expect(slugs).toContain(slug)
    expect(slugs).toEqual(
      expect.arrayContaining(['leads', 'quotes', 'visits', 'lead-events', 'text-messages']),
    )
  })

  // Whatever collection the config gains, a partner reads there what an unapproved account reads.
  for (const door of ['local', 'rest'] as const) {
    it(`reads over ${door} in every other collection what an unapproved account reads`, async () => {
      const slugs = h.payload.config.collections
        .map((c) => c.slug)
        .filter((s) => !(DEALER_COLLECTIONS as readonly string[]).includes(s) && !OWN_ROWS.has(s))
      // Over REST, the raw answer: a collection without REST routes answers both the same too.
      const read = async (slug: string, persona: Persona) => {
        if (door === 'rest') {
          const res = await h.http.get<Doc>(`/api/${slug}?depth=0&limit=100&sort=id`, {
            session: h.sessionOf(persona),
          })
          return { status: res.status, ids: idsOf(res.body?.docs) }
        }
        const res = await channelFor(door, h).find(slug as CollectionSlug, persona)
        return res.ok ? { ok: true, ids: idsOf(res.docs) } : { ok: false, status: res.error.status }
      }
      for (const slug of slugs) {
        expect({ slug, ...(await read(slug, 'partner')) }).toEqual({
          slug,
          ...(await read(slug, 'unapproved')),
        })
      }
    })
  }

  it('is refused leads, quotes, visits, timelines and texts over GraphQL', async () => {
    for (const [many, fields] of [
      ['Leads', 'id email'],
      ['Quotes', 'id'],
      ['Visits', 'id'],
      ['LeadEvents', 'id'],
      ['TextMessages', 'id body'],
      ['CustomerUploads', 'id'],
    ]) {
      const res = await h.http.graphql(`{ ${many} { docs { ${fields} } } }`, {}, h.sessionOf('partner'))
      expect({ many, data: res.body.data?.[many as never] ?? null }).toEqual({ many, data: null })
      expect(res.body.errors?.[0]?.extensions?.statusCode).toBe(403)
    }
  })

  it('cannot open the back office’s settings', async () => {
    const res = await channelFor('rest', h).updateGlobal('site-settings', 'partner', {
      businessName: 'Mine now',
    })
    expectRefused(res, FORBIDDEN)
  })
})

describe.each(CHANNELS)('dealer collections over %s', (name) => {
  const channel = () => channelFor(name, h)

  it('a partner lists and reads only its own dealership, its work orders and photos', async () => {
    const cases: [CollectionSlug, number, number][] = [
      ['dealerships', h.dealerships.own, h.dealerships.other],
      ['work-orders', world.own.order.id, world.other.order.id],
      ['work-order-photos', world.own.photo.id, world.other.photo.id],
      ['statements', world.own.statement.id, world.other.statement.id],
    ]
    for (const [slug, own, other] of cases) {
      const list = await channel().find(slug, 'partner')
      expectOk(list)
      expect({ slug, ids: idsOf(list.docs) }).toEqual({ slug, ids: [own] })
      const one = await channel().findByID(slug, 'partner', own)
      expectOk(one)
      expect(one.doc!.id).toBe(own)
      expectRefused(await channel().findByID(slug, 'partner', other), NOT_FOUND)
      // Asking by the other's id in a query finds nothing either.
      const probe = await channel().find(slug, 'partner', { id: { equals: other } })
      expectOk(probe)
      expect(probe.docs).toEqual([])
    }
  })

  it("a partner cannot change or delete another dealership's work order, nor delete its own", async () => {
    const before = await snapshot(h.payload, 'work-orders')
    const other = await channel().update('work-orders', 'partner', world.other.order.id, {
      notes: 'Ours now',
    })
    expect(other.ok).toBe(false)
    expect([403, 404]).toContain(!other.ok && other.error.status)
    expectRefused(await channel().delete('work-orders', 'partner', world.other.order.id), FORBIDDEN)
    expectRefused(await channel().delete('work-orders', 'partner', world.own.order.id), FORBIDDEN)
    expect(await snapshot(h.payload, 'work-orders')).toEqual(before)
  })

  it('a partner changes its own work order’s notes; the dealership stays its own', async () => {
    const res = await channel().update('work-orders', 'partner', world.own.order.id, {
      notes: `By the partner over ${name}`,
      dealership: h.dealerships.other,
    })
    expectOk(res)
    const row = await h.payload.findByID({ collection: 'work-orders', id: world.own.order.id, depth: 0 })
    expect(row).toMatchObject({ notes: `By the partner over ${name}`, dealership: h.dealerships.own })
  })

  it('a partner cannot create, change or delete a dealership', async () => {
    const before = await snapshot(h.payload, 'dealerships')
    expectRefused(
      await channel().create('dealerships', 'partner', {
        name: 'X',
        billingEmail: 'x@x.test',
        netTermsDays: 30,
      }),
      FORBIDDEN,
    )
    expectRefused(
      await channel().update('dealerships', 'partner', h.dealerships.own, { name: 'Renamed' }),
      FORBIDDEN,
    )
    expectRefused(await channel().delete('dealerships', 'partner', h.dealerships.own), FORBIDDEN)
    expect(await snapshot(h.payload, 'dealerships')).toEqual(before)
  })

  it('a partner cannot write a statement, even its own', async () => {
    const before = await snapshot(h.payload, 'statements')
    const { id: _id, ...copy } = world.own.statement
    expectRefused(await channel().create('statements', 'partner', { ...copy, period: '2000-01' }), FORBIDDEN)
    for (const statement of [world.own.statement, world.other.statement]) {
      expectRefused(
        await channel().update('statements', 'partner', statement.id, { totalCents: 1 }),
        FORBIDDEN,
      )
      expectRefused(await channel().delete('statements', 'partner', statement.id), FORBIDDEN)
    }
    expect(await snapshot(h.payload, 'statements')).toEqual(before)
  })

  it('a partner cannot change or delete a photo, even its own', async () => {
    const before = await snapshot(h.payload, 'work-order-photos')
    for (const photo of [world.own.photo, world.other.photo]) {
      expectRefused(
        await channel().update('work-order-photos', 'partner', photo.id, { focalX: 1 }),
        FORBIDDEN,
      )
      expectRefused(await channel().delete('work-order-photos', 'partner', photo.id), FORBIDDEN)
    }
    expect(await snapshot(h.payload, 'work-order-photos')).toEqual(before)
  })

  it('staff read every dealership’s; anyone else none', async () => {
    for (const slug of DEALER_COLLECTIONS) {
      const all = await snapshot(h.payload, slug)
      const list = await channel().find(slug, 'staff')
      expectOk(list)
      expect(idsOf(list.docs)).toEqual(idsOf(all))
      for (const persona of ['anonymous', 'unapproved'] as const) {
        expectRefused(await channel().find(slug, persona), FORBIDDEN)
      }
    }
  })
})

describe('uploads over REST', () => {
  it('a partner sends a work-order photo (tied to its dealership) and no other file', async () => {
    const rest = channelFor('rest', h)
    const sent = await rest.create(
      'work-order-photos',
      'partner',
      { dealership: h.dealerships.other },
      await localFile('lot.png'),
    )
    expectOk(sent)
    expect(sent.doc).toMatchObject({ dealership: h.dealerships.own, mimeType: 'image/jpeg' })
    const before = await snapshot(h.payload, 'customer-uploads')
    expectRefused(await rest.create('customer-uploads', 'partner', {}, await localFile('lot.png')), FORBIDDEN)
    expectRefused(
      await rest.create('gallery-images', 'partner', { alt: 'x' }, await localFile('lot.png')),
      FORBIDDEN,
    )
    expect(await snapshot(h.payload, 'customer-uploads')).toEqual(before)
  })
})

describe('stored files', () => {
  const file = (photo: Doc, persona: Persona) =>
    h.http.get(`/api/work-order-photos/file/${photo.filename}`, { session: h.sessionOf(persona) })

  it('a partner downloads its own dealership’s photos and no other’s; staff any; strangers none', async () => {
    const own = await file(world.own.photo, 'partner')
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
    for (const [photo, persona] of [
      [world.other.photo, 'partner'],
      [world.own.photo, 'unapproved'],
      [world.own.photo, 'anonymous'],
    ] as const) {
      const res = await file(photo, persona)
      expect([403, 404]).toContain(res.status)
      expect(res.headers.get('content-type')).not.toBe('image/jpeg')
    }
    expect((await file(world.other.photo, 'staff')).status).toBe(200)
  })

  it('a partner downloads its own dealership’s statement files and no other’s; staff any; strangers none', async () => {
    const types = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8', xlsx: XLSX_CONTENT_TYPE }
    for (const kind of ['pdf', 'csv', 'xlsx'] as const) {
      const type = types[kind]
      const get = (statement: Doc, persona: Persona) =>
        h.http.bytes(`/api/statements/${statement.id}/${kind}`, h.sessionOf(persona))
      const own = await get(world.own.statement, 'partner')
      expect([own.status, own.headers.get('content-type')]).toEqual([200, type])
      if (kind === 'xlsx')
        expect(JSON.stringify(await xlsxRows(own.bytes))).toContain(`S-${h.dealerships.own}`)
      else expect(own.bytes.toString('latin1')).toContain(kind === 'pdf' ? '%PDF' : `S-${h.dealerships.own}`)
      for (const [statement, persona] of [
        [world.other.statement, 'partner'],
        [world.own.statement, 'unapproved'],
        [world.own.statement, 'anonymous'],
      ] as const) {
        const res = await get(statement, persona)
        expect([res.status, res.headers.get('content-type')]).toEqual([404, 'application/json'])
        expect(res.bytes.toString()).not.toContain('Lakeline')
      }
      expect((await get(world.other.statement, 'staff')).status).toBe(200)
    }
  })

  it("a work order read in depth shows only its own dealership's photos", async () => {
    const order = await h.payload.findByID({
      collection: 'work-orders',
      id: world.own.order.id,
      depth: 2,
      overrideAccess: false,
      user: h.accounts.partner.user,
    })
    const photo = order.vehicles[0].wheels[0].beforePhotos![0] as Doc
    expect(photo.id).toBe(world.own.photo.id)
    expect(JSON.stringify(order)).not.toContain(world.other.photo.filename)
    expect(JSON.stringify(order)).not.toContain('Lakeline')
  })
})
