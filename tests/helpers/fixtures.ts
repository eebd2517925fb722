import fs from 'node:fs'
import path from 'node:path'

import type { CollectionSlug, GlobalSlug, Payload } from 'payload'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import sharp from 'sharp'

import type { Doc } from './harness'

import { issueInvoice } from '@/collections/Invoices/issue'

// Data and database helpers shared by the integration tests. Everything here runs with
// overrideAccess (the Local API default): it prepares and inspects the database, it is
// never the thing under test.

export const FORBIDDEN = {
  status: 403,
  name: 'Forbidden',
  message: 'You are not allowed to perform this action.',
}
export const NOT_FOUND = { status: 404, name: 'NotFound', message: 'Not Found' }
export const MISSING_FILE = { status: 400, name: 'MissingFile', message: 'No files were uploaded.' }

export const DAY = 24 * 60 * 60 * 1000
// Far enough from now that no test run crosses them.
export const FUTURE = new Date(Date.now() + 30 * DAY).toISOString()
export const PAST = new Date(Date.now() - 30 * DAY).toISOString()

// A small real image (16×16 PNG), as a browser would upload it.
export async function png(color = '#c03030'): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer()
}

export async function localFile(name = 'photo.png', color?: string) {
  const data = await png(color)
  return { data, mimetype: 'image/png', name, size: data.length }
}

let seq = 0
const next = () => ++seq

export function leadInput(overrides: Doc = {}): Doc {
  const n = next()
  return {
    firstName: 'Ada',
    lastName: `Lovelace ${n}`,
    phone: '(512) 555-0100',
    email: `ada${n}@example.com`,
    description: 'Curbed the front left rim on a parking garage ramp.',
    address: `${n} Analytical Engine Way, Austin`,
    serviceType: 'rim_rash',
    ...overrides,
  }
}

// What a default promotion looks like when created with only a title.
export const PROMOTION_DEFAULTS = {
  description: null,
  discountCode: null,
  discountType: 'percentage',
  discountValue: 0,
  minimumAmount: 0,
  endDate: null,
  isActive: true,
  bannerText: null,
  bannerColor: 'primary',
  usageLimit: null,
  usageCount: 0,
}

type Loose = {
  create: (args: Doc) => Promise<Doc>
  find: (args: Doc) => Promise<{ docs: Doc[] }>
  findGlobal: (args: Doc) => Promise<Doc>
  findByID: (args: Doc) => Promise<Doc>
}
const loose = (payload: Payload) => payload as unknown as Loose

export async function seedLead(payload: Payload, overrides: Doc = {}): Promise<Doc> {
  const lead = await loose(payload).create({ collection: 'leads', data: leadInput(overrides), depth: 0 })
  return withoutBackgroundState('leads', lead)
}

export async function seedGalleryImage(payload: Payload, alt = 'A rim', name = 'rim.png'): Promise<Doc> {
  return loose(payload).create({
    collection: 'gallery-images',
    data: { alt },
    file: await localFile(name),
    depth: 0,
  })
}

export async function seedCustomerUpload(payload: Payload, name = 'customer.png'): Promise<Doc> {
  return loose(payload).create({
    collection: 'customer-uploads',
    data: {},
    file: await localFile(name),
    depth: 0,
  })
}

// A received text as the webhook stores it.
export async function seedTextMessage(payload: Payload, overrides: Doc = {}): Promise<Doc> {
  return loose(payload).create({
    collection: 'text-messages',
    data: {
      direction: 'in',
      fromNumber: '+15125550100',
      toNumber: '+15125550142',
      body: 'Hi, my rim is curbed. Photo attached.',
      providerMessageId: `MM${next().toString(16).padStart(32, '0')}`,
      status: 'received',
      mediaCount: 1,
      ...overrides,
    },
    depth: 0,
  })
}

// A draft invoice of a lead, as staff write one.
export async function seedInvoice(payload: Payload, lead: number, overrides: Doc = {}): Promise<Doc> {
  return loose(payload).create({
    collection: 'invoices',
    data: {
      lead,
      lines: [
        { description: 'Rim rash repair', quantity: 2, unitCents: 12_500 },
        { description: 'Delivery fee', quantity: 1, unitCents: 5_000 },
      ],
      discountCents: 2_500,
      ...overrides,
    },
    depth: 0,
  })
}

// A draft invoice sent: numbered and final, as the send endpoint leaves it.
export async function seedSentInvoice(payload: Payload, lead: number, overrides: Doc = {}): Promise<Doc> {
  const draft = await seedInvoice(payload, lead, overrides)
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    await issueInvoice(req, draft.id)
    await commitTransaction(req)
  } catch (error) {
    await killTransaction(req)
    throw error
  }
  return loose(payload).findByID({ collection: 'invoices', id: draft.id, depth: 0 })
}

export async function seedTextOptOut(payload: Payload): Promise<Doc> {
  return loose(payload).create({
    collection: 'text-opt-outs',
    data: { phone: `+1512555${String(1000 + next()).slice(-4)}`, reason: 'keyword', keyword: 'STOP' },
    depth: 0,
  })
}

// createdBy comes from the request's user, as in the app.
export async function seedGalleryItem(
  payload: Payload,
  images: { beforeImage: number; afterImage: number },
  user?: Doc,
  overrides: Doc = {},
): Promise<Doc> {
  return loose(payload).create({
    collection: 'gallery-items',
    data: { title: `Before and after ${next()}`, description: 'Curb rash repair', ...images, ...overrides },
    user,
    depth: 0,
  })
}

export async function seedPromotion(payload: Payload, overrides: Doc = {}, user?: Doc): Promise<Doc> {
  return loose(payload).create({
    collection: 'promotions',
    data: {
      title: `Promotion ${next()}`,
      description: 'Internal note: margin is thin on this one',
      discountCode: `CODE${next()}`,
      discountType: 'percentage',
      discountValue: 10,
      minimumAmount: 50,
      bannerText: 'Ten percent off',
      bannerColor: 'secondary',
      usageLimit: 100,
      ...overrides,
    },
    user,
    depth: 0,
  })
}

// Every document of a collection as the database holds it (depth 0, by id): the
// before/after picture that proves a refused write changed nothing.
export async function snapshot(payload: Payload, collection: CollectionSlug): Promise<Doc[]> {
  const { docs } = await loose(payload).find({ collection, depth: 0, pagination: false, sort: 'id' })
  return docs.map((doc) => withoutBackgroundState(collection, doc))
}

// The quote e-mails' delivery marks change whenever the server's own job runner (it runs
// every 10 s in a test server too) sends a lead's e-mails, whatever a test does: they are
// tested on their own (request-emails.int.spec.ts) and left out of before/after pictures.
const DELIVERY_MARKS = ['businessEmailSentAt', 'customerEmailSentAt']
export function withoutBackgroundState(collection: CollectionSlug, doc: Doc): Doc {
  return collection === 'leads' ? omit(doc, DELIVERY_MARKS) : doc
}

export async function row(
  payload: Payload,
  collection: CollectionSlug,
  id: number | string,
): Promise<Doc | null> {
  const { docs } = await loose(payload).find({
    collection,
    depth: 0,
    where: { id: { equals: id } },
    limit: 1,
  })
  return docs[0] ? withoutBackgroundState(collection, docs[0]) : null
}

export async function globalSnapshot(payload: Payload, slug: GlobalSlug): Promise<Doc> {
  return loose(payload).findGlobal({ slug, depth: 0 })
}

export function uploadPath(
  dataDir: string,
  collection: 'gallery-images' | 'customer-uploads',
  filename: string,
) {
  return path.join(
    dataDir,
    'uploads',
    collection === 'gallery-images' ? 'gallery' : 'customer-uploads',
    filename,
  )
}

export function fileExists(
  dataDir: string,
  collection: 'gallery-images' | 'customer-uploads',
  filename: string,
) {
  return fs.existsSync(uploadPath(dataDir, collection, filename))
}

export function omit(doc: Doc, keys: readonly string[]): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !keys.includes(k)))
}

export function pick(doc: Doc, keys: readonly string[]): Doc {
  return Object.fromEntries(keys.filter((k) => k in doc).map((k) => [k, doc[k]]))
}
