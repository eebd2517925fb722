import type { Payload, PayloadRequest } from 'payload'

import { issueStatements } from '@/collections/Statements/issue'
import { businessTimeZone, zonedTime } from '@/lib/business-time'
import { parsePeriod, previousPeriod } from '@/lib/statements'
import type { WorkOrder } from '@/payload-types'

import { DEV_PARTNER } from './dev-admin'
import { seedRequests, type SeedResult } from './index'
import { wheelImage } from './wheel-images'

// The dealer side for the owner trying the product locally: a dealership with its prices and
// contacts, its partner account, a work order of two cars (one done last month, one under way)
// with photos, and last month's statement, issued by the monthly run's own function. Each
// record has a natural key and is made only when missing. Development only (src/seed/on-init.ts);
// not in seed(), which also seeds the e2e database of a production build.

export const DEMO_DEALERSHIP = {
  name: 'Hill Country Motors',
  address: '8800 Research Blvd\nAustin, TX 78758',
  billingEmail: 'accounts@hillcountrymotors.example.com',
  netTermsDays: 30,
  contacts: [
    { name: 'Dana Brooks', title: 'Used-car manager', phone: '(512) 555-0181', email: DEV_PARTNER.email },
    {
      name: 'Luis Ortega',
      title: 'Office manager',
      phone: '(512) 555-0182',
      email: 'accounts@hillcountrymotors.example.com',
    },
  ],
  priceList: [
    { service: 'rim_rash' as const, unitPriceCents: 11_000 },
    { service: 'rim_restoration' as const, unitPriceCents: 22_500 },
  ],
}

export const DEMO_PO = 'PO-DEMO-1001'

type Car = WorkOrder['vehicles'][number]
type Wheel = Car['wheels'][number]

export async function seedDealerDemo(payload: Payload): Promise<SeedResult> {
  // A second guard beside on-init's: a demo dealership and a statement e-mail are never
  // anybody's real records.
  if (process.env.NODE_ENV === 'production') throw new Error('The dealer demo is for development only.')
  const created: string[] = []
  const { req, staffReq } = await seedRequests(payload, created)

  const dealership = await ensureDealership(payload, staffReq, created)
  await ensurePartner(payload, req, dealership, created)

  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  const timeZone = businessTimeZone(settings.timeZone)
  const lastMonth = previousPeriod(new Date(), timeZone)
  const orders = await payload.count({
    collection: 'work-orders',
    where: { and: [{ dealership: { equals: dealership } }, { poNumber: { equals: DEMO_PO } }] },
    req,
  })
  if (!orders.totalDocs) {
    await createWorkOrder(payload, staffReq, dealership, lastMonth, timeZone)
    created.push(`work order ${DEMO_PO} (two cars)`)
  }

  // Its first statement only: a later start in a later month issues none for it.
  const statements = await payload.count({
    collection: 'statements',
    where: { dealership: { equals: dealership } },
    req,
  })
  if (!statements.totalDocs) {
    const { issued } = await issueStatements(payload, lastMonth, { dealership })
    for (const s of issued) created.push(`statement ${s.number}`)
  }
  return { created }
}

async function ensureDealership(payload: Payload, req: PayloadRequest, created: string[]) {
  const found = await payload.find({
    collection: 'dealerships',
    where: { name: { equals: DEMO_DEALERSHIP.name } },
    limit: 1,
    depth: 0,
    req,
  })
  if (found.docs[0]) return found.docs[0].id
  const doc = await payload.create({ collection: 'dealerships', data: DEMO_DEALERSHIP, depth: 0, req })
  created.push(`dealership "${DEMO_DEALERSHIP.name}"`)
  return doc.id
}

async function ensurePartner(payload: Payload, req: PayloadRequest, dealership: number, created: string[]) {
  const found = await payload.count({
    collection: 'users',
    where: { email: { equals: DEV_PARTNER.email } },
    req,
  })
  if (found.totalDocs) return
  await payload.create({
    collection: 'users',
    data: {
      email: DEV_PARTNER.email,
      password: DEV_PARTNER.password,
      role: 'partner',
      dealership,
      approved: true,
      _verified: true,
    },
    disableVerificationEmail: true,
    req,
  })
  created.push(`development partner ${DEV_PARTNER.email}`)
}

async function createWorkOrder(
  payload: Payload,
  req: PayloadRequest,
  dealership: number,
  lastMonth: string,
  timeZone: string,
) {
  const p = parsePeriod(lastMonth)!
  // Car 1: received on last month's 10th, its two wheels done on the 12th.
  const then = (day: number, hour: number) => zonedTime(timeZone, p.year, p.month, day, hour).toISOString()
  const now = Date.now()
  const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString()
  let n = 0
  // One after the other: the uploads share one request, as in seed().
  const photo = async (damaged: boolean) => {
    n += 1
    const data = await wheelImage({ damaged, accent: '#b7bcc2', seed: 20 + n })
    const doc = await payload.create({
      collection: 'work-order-photos',
      data: { dealership },
      file: { data, mimetype: 'image/jpeg', name: `demo-wheel-${n}.jpg`, size: data.length },
      depth: 0,
      req,
    })
    return doc.id
  }
  const wheel = async (
    position: 'LF' | 'RF' | 'LR' | 'RR',
    service: 'rim_rash' | 'rim_restoration',
    doneAt: string | null,
  ): Promise<Wheel> => ({
    position,
    service,
    status: doneAt ? ('done' as const) : ('to_do' as const),
    doneAt,
    beforePhotos: [await photo(true)],
    afterPhotos: doneAt ? [await photo(false)] : [],
  })

  const cars: Car[] = [
    {
      stockNumber: 'HC2417',
      vin: '1N4AL3AP8JC231503',
      year: 2018,
      make: 'Nissan',
      model: 'Altima',
      colour: 'Pearl white',
      lotLocation: 'Front line, row A',
      status: 'done',
      receivedAt: then(10, 9),
      scheduledAt: then(10, 15),
      startedAt: then(12, 9),
      doneAt: then(12, 11),
      wheels: [
        await wheel('LF', 'rim_rash', then(12, 10)),
        await wheel('RF', 'rim_restoration', then(12, 11)),
      ],
    },
    {
      stockNumber: 'HC2452',
      vin: 'WP0AB2A93KS114315',
      year: 2019,
      make: 'Porsche',
      model: '911',
      colour: 'Guards red',
      lotLocation: 'Showroom, bay 2',
      status: 'in_progress',
      receivedAt: ago(50),
      scheduledAt: ago(30),
      startedAt: ago(2),
      // Done this month (now): on no statement yet.
      wheels: [await wheel('LR', 'rim_rash', ago(0)), await wheel('RR', 'rim_rash', null)],
    },
  ]
  await payload.create({
    collection: 'work-orders',
    data: {
      dealership,
      poNumber: DEMO_PO,
      roNumber: 'RO-48213',
      notes: 'Front-line cars first, please.',
      dueDate: ago(-72),
      // Derived from the cars by the collection (followCarsStatus); the type asks for one.
      status: 'in_progress',
      vehicles: cars,
    },
    depth: 0,
    req,
  })
}
