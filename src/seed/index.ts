import type { Payload, PayloadRequest } from 'payload'
import { createLocalReq } from 'payload'

import { CAREERS_POSTING_DEFAULT } from '@/globals/SitePages/defaults'
import { publishFirstHomePageVersion } from '@/globals/HomePage/firstVersion'
import { DEFAULT_POSTING_TITLE } from '@/lib/job-postings'

import type { JobPosting } from '@/payload-types'

import { DEV_ADMIN } from './dev-admin'
import { wheelImage } from './wheel-images'

// Idempotent: each record has a natural key (e-mail, title) and is created only when missing.

const GALLERY = [
  {
    title: 'BMW M3 Competition - Curb Rash Repair',
    description: 'Severe curb rash on all four wheels, repaired and refinished to factory silver on site.',
    accent: '#b7bcc2',
  },
  {
    title: 'Mercedes AMG - Full Rim Restoration',
    description: 'Scuffed and oxidised AMG rims restored with a gloss black finish in one afternoon.',
    accent: '#2a2d31',
  },
] as const

const PROMOTION = {
  title: 'Fall Wheel Refresh',
  description: 'Fifteen percent off any rim repair booked this season.',
  discountCode: 'fall15',
  discountType: 'percentage' as const,
  discountValue: 15,
  minimumAmount: 0,
  isActive: true,
  bannerText: 'Fall special: 15% off any rim repair this season.',
  bannerColor: 'gold' as const,
}

const LEADS = [
  {
    firstName: 'Maria',
    lastName: 'Gonzalez',
    phone: '(512) 555-0101',
    email: 'maria.gonzalez@example.com',
    description: 'Curbed the front passenger wheel on a 2021 Lexus RX. Parked at work near the Domain.',
    serviceType: 'rim_rash' as const,
    status: 'new' as const,
  },
  {
    firstName: 'James',
    lastName: 'Whitfield',
    phone: '(512) 555-0102',
    email: 'james.whitfield@example.com',
    description: 'Two scraped rims on a Tesla Model 3, would like them done at home in Mueller.',
    serviceType: 'wheel_restoration' as const,
    status: 'contacted' as const,
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    phone: '(512) 555-0103',
    email: 'priya.raman@example.com',
    description: 'Headlights are yellowed and cloudy on a 2015 Honda Accord.',
    serviceType: 'headlight_refresh' as const,
    status: 'quoted' as const,
  },
  {
    firstName: 'Derek',
    lastName: 'Olsen',
    phone: '(512) 555-0104',
    email: 'derek.olsen@example.com',
    description: 'Bent rear rim after a pothole on I-35, car is drivable.',
    serviceType: 'rim_restoration' as const,
    status: 'completed' as const,
  },
]

const STATUS_PATH = ['new', 'contacted', 'quoted', 'completed'] as const

export type SeedResult = { created: string[] }

export async function seed(payload: Payload): Promise<SeedResult> {
  const created: string[] = []
  const { req, staffReq } = await seedRequests(payload, created)

  for (const [i, item] of GALLERY.entries()) {
    const existing = await payload.find({
      collection: 'gallery-items',
      where: { title: { equals: item.title } },
      limit: 1,
      req,
    })
    if (existing.totalDocs) continue
    // One after the other: both uploads share one request (and its transaction), which
    // Payload's operations do not support running side by side.
    const before = await uploadImage(
      payload,
      req,
      `${item.title} (before)`,
      `seed-${i}-before.jpg`,
      await wheelImage({ damaged: true, accent: item.accent, seed: i + 7 }),
    )
    const after = await uploadImage(
      payload,
      req,
      `${item.title} (after)`,
      `seed-${i}-after.jpg`,
      await wheelImage({ damaged: false, accent: item.accent, seed: i + 7 }),
    )
    await payload.create({
      collection: 'gallery-items',
      data: { title: item.title, description: item.description, beforeImage: before, afterImage: after },
      req: staffReq,
    })
    created.push(`gallery item "${item.title}"`)
  }

  const promo = await payload.find({
    collection: 'promotions',
    where: { title: { equals: PROMOTION.title } },
    limit: 1,
    req,
  })
  if (!promo.totalDocs) {
    await payload.create({ collection: 'promotions', data: PROMOTION, req: staffReq })
    created.push(`promotion "${PROMOTION.title}"`)
  }

  const posting = await payload.find({
    collection: 'job-postings',
    where: { title: { equals: DEFAULT_POSTING_TITLE } },
    limit: 1,
    req,
  })
  if (!posting.totalDocs) {
    await payload.create({
      collection: 'job-postings',
      data: {
        title: DEFAULT_POSTING_TITLE,
        employmentType: 'FULL_TIME',
        location: 'Central Austin',
        payText: 'Competitive pay',
        description: CAREERS_POSTING_DEFAULT as unknown as JobPosting['description'],
      },
      req: staffReq,
    })
    created.push(`job posting "${DEFAULT_POSTING_TITLE}"`)
  }

  // The spec's home page as its first published version, so the owner's history starts there.
  if (await publishFirstHomePageVersion(payload)) created.push('home page content')

  for (const lead of LEADS) {
    const existing = await payload.find({
      collection: 'leads',
      where: { email: { equals: lead.email } },
      limit: 1,
      req,
    })
    if (existing.totalDocs) continue
    const { status, ...data } = lead
    const doc = await payload.create({ collection: 'leads', data: { ...data, status: 'new' }, req: staffReq })
    // Walk the status forward one step at a time, as the back office does.
    for (const next of STATUS_PATH.slice(1, STATUS_PATH.indexOf(status) + 1)) {
      await payload.update({ collection: 'leads', id: doc.id, data: { status: next }, req: staffReq })
    }
    created.push(`lead ${lead.firstName} ${lead.lastName} (${status})`)
  }

  return { created }
}

/** The seed's requests: its own, and the development admin's (made first when missing). */
export async function seedRequests(payload: Payload, created: string[]) {
  const req = await createLocalReq({ context: { disableRevalidate: true } }, payload)
  const admin = await ensureDevAdmin(payload, req, created)
  // Demo leads are no customers: nobody is e-mailed about them.
  const staffReq = await createLocalReq(
    { user: { ...admin, collection: 'users' }, context: { disableRevalidate: true, demoContent: true } },
    payload,
  )
  return { req, staffReq }
}

async function ensureDevAdmin(payload: Payload, req: PayloadRequest, created: string[]) {
  const found = await payload.find({
    collection: 'users',
    where: { email: { equals: DEV_ADMIN.email } },
    limit: 1,
    req,
  })
  if (found.docs[0]) return found.docs[0]
  const user = await payload.create({
    collection: 'users',
    data: {
      email: DEV_ADMIN.email,
      password: DEV_ADMIN.password,
      role: 'admin',
      approved: true,
      _verified: true,
    },
    disableVerificationEmail: true,
    req,
  })
  created.push(`development admin ${DEV_ADMIN.email}`)
  return user
}

async function uploadImage(payload: Payload, req: PayloadRequest, alt: string, name: string, data: Buffer) {
  const doc = await payload.create({
    collection: 'gallery-images',
    data: { alt },
    file: { data, mimetype: 'image/jpeg', name, size: data.length },
    req,
  })
  return doc.id
}
