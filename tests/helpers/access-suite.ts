import type { CollectionSlug, GlobalSlug } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { type MatrixCase, matrixCases, type Outcome, type Subject } from './access-matrix'
import {
  type Channel,
  type ChannelName,
  channelFor,
  expectOk,
  expectRefused,
  GRAPHQL,
  selectedFields,
  type UploadFile,
} from './channels'
import { TEST_DATA_DIR } from './env'
import {
  FORBIDDEN,
  FUTURE,
  MISSING_FILE,
  NOT_FOUND,
  PAST,
  fileExists,
  globalSnapshot,
  leadInput,
  localFile,
  omit,
  pick,
  row,
  seedCustomerUpload,
  seedGalleryImage,
  seedGalleryItem,
  seedInvoice,
  seedLead,
  seedPromotion,
  seedSentInvoice,
  seedTextMessage,
  seedTextOptOut,
  snapshot,
  withoutBackgroundState,
} from './fixtures'
import { type Doc, type Harness, type Persona, type SignedInPersona, setupHarness } from './harness'
import { createUser } from './payload'

import { SIGN_UP_ON_THE_SITE } from '@/collections/Users/hooks/answerSignUpAlike'

// The only fields an anonymous visitor may read of a promotion: what the banner shows.
// `_status` too: the public reads published promotions only, and may see that they are.
const BANNER_FIELDS = [
  'id',
  'title',
  'bannerText',
  'bannerColor',
  'discountCode',
  'endDate',
  '_status',
] as const

// Runs every cell of ACCESS_MATRIX (tests/helpers/access-matrix.ts) through one channel.

// GraphQL names and fields of the subjects the other suites never query.
Object.assign(GRAPHQL, {
  'site-pages': {
    one: 'SitePage',
    many: '',
    fields: 'privacyPolicy termsOfService updatedAt createdAt',
  },
  'text-messages': {
    one: 'TextMessage',
    many: 'TextMessages',
    fields:
      'id direction lead { id } fromNumber toNumber body providerMessageId status errorCode errorMessage media { id } mediaCount mediaStoredAt createdAt updatedAt',
  },
  'text-opt-outs': {
    one: 'TextOptOut',
    many: 'TextOptOuts',
    fields: 'id phone reason keyword createdAt updatedAt',
  },
  invoices: {
    one: 'Invoice',
    many: 'Invoices',
    fields:
      'id lead { id } kind number status customerName customerEmail customerAddress subtotalCents discountCents totalCents paidCents balanceCents note sentAt createdAt updatedAt',
  },
  'statement-credits': {
    one: 'StatementCredit',
    many: 'StatementCredits',
    fields: 'id dealership { id } description amountCents statement { id } createdAt updatedAt',
  },
  payments: {
    one: 'Payment',
    many: 'Payments',
    fields:
      'id invoice { id } lead { id } kind method amountCents reference receivedAt stripeId createdAt updatedAt',
  },
})

type World = {
  h: Harness
  channel: Channel
  images: { beforeImage: number; afterImage: number }
  galleryItem: Doc
  lead: Doc
  customerUpload: Doc
  promotions: { live: Doc; liveUntilFuture: Doc; inactive: Doc; expired: Doc }
  textMessage: Doc
  textOptOut: Doc
  invoice: Doc
  payment: Doc
  statementCredit: Doc
}

type Spec = {
  slug: string
  global?: boolean
  upload?: 'gallery-images' | 'customer-uploads'
  // fields a persona may not read (besides what the outcome itself hides)
  hidden?: (persona: Persona) => string[]
  create?: (w: World, persona: Persona) => Promise<{ data: Doc; file?: UploadFile }>
  // what the new row must hold, given what was sent
  created?: (w: World, persona: Persona, outcome: Outcome, sent: Doc) => Doc
  // a fresh row for this case to update or delete
  target?: (w: World, persona: Persona) => Promise<number>
  update?: (w: World, persona: Persona) => Doc
  updated?: (w: World, persona: Persona, outcome: Outcome, sent: Doc) => Doc
  // the document a read by id is tried on
  readTarget?: (w: World, persona: Persona) => number
}

const seedStatementCredit = (payload: Harness['payload'], dealership: number) =>
  payload.create({
    collection: 'statement-credits',
    data: { dealership, description: 'Wrong price last month', amountCents: 1_500 },
    depth: 0,
  })

const isStaff = (p: Persona) => p === 'staff' || p === 'admin'
const idOf = (w: World, p: Persona) => (p === 'anonymous' ? null : w.h.accounts[p].user.id)
// Some other person's account, to try to pass off as the author.
const someoneElse = (w: World, p: Persona) => w.h.accounts[p === 'admin' ? 'staff' : 'admin'].user.id

// A rich-text value as the admin's editor saves it: one paragraph.
const richText = (text: string) => ({
  root: {
    type: 'root',
    format: '',
    indent: 0,
    version: 1,
    direction: 'ltr',
    children: [
      {
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        textFormat: 0,
        textStyle: '',
        children: [{ type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }],
      },
    ],
  },
})

const SPECS: Record<Subject, Spec> = {
  leads: {
    slug: 'leads',
    // The request form's key is the server's alone.
    hidden: () => ['formKey'],
    create: async () => ({ data: leadInput({ status: 'quoted' }) }),
    created: (_w, _p, outcome, sent) => ({
      ...sent,
      photos: [],
      status: outcome === 'as-new' ? 'new' : 'quoted',
    }),
    target: async (w) => (await seedLead(w.h.payload)).id,
    update: () => ({
      description: 'Customer called back: two rims, not one.',
      address: '12 Difference Engine Rd, Austin',
      status: 'contacted',
    }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w) => w.lead.id,
  },
  'gallery-items': {
    slug: 'gallery-items',
    hidden: (p) => (isStaff(p) ? [] : ['createdBy']),
    create: async (w, p) => ({
      data: {
        title: 'Audi RS6: curb rash',
        description: 'Two hours',
        ...w.images,
        createdBy: someoneElse(w, p),
      },
    }),
    created: (w, p, _o, sent) => ({ ...sent, createdBy: idOf(w, p) }),
    target: async (w) => (await seedGalleryItem(w.h.payload, w.images, w.h.accounts.admin.user)).id,
    update: () => ({ title: 'Audi RS6: curb rash, both sides' }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w) => w.galleryItem.id,
  },
  promotions: {
    slug: 'promotions',
    create: async (w, p) => ({
      data: {
        title: 'Spring special',
        description: 'Internal: only for returning customers',
        discountCode: ' spring10 ',
        discountType: 'percentage',
        discountValue: 10,
        minimumAmount: 50,
        endDate: FUTURE,
        isActive: true,
        bannerText: 'Ten percent off every repair',
        bannerColor: 'gold',
        usageLimit: 100,
        usageCount: 50,
        createdBy: someoneElse(w, p),
      },
    }),
    created: (w, p, _o, sent) => ({
      ...sent,
      discountCode: 'SPRING10',
      usageCount: 0,
      createdBy: idOf(w, p),
    }),
    target: async (w) => (await seedPromotion(w.h.payload, {}, w.h.accounts.admin.user)).id,
    update: () => ({ title: 'Spring special, extended', discountValue: 15 }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w) => w.promotions.live.id,
  },
  'gallery-images': {
    slug: 'gallery-images',
    upload: 'gallery-images',
    create: async () => ({ data: { alt: 'Rim after the repair' }, file: await localFile('upload.png') }),
    created: (_w, _p, _o, sent) => ({
      ...sent,
      mimeType: 'image/webp',
      filename: expect.stringMatching(/^upload(-\d+)?\.webp$/),
      width: 16,
      height: 16,
    }),
    target: async (w) => (await seedGalleryImage(w.h.payload, 'Target', 'target.png')).id,
    update: () => ({ alt: 'Rim after the repair, passenger side' }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w) => w.images.beforeImage,
  },
  'customer-uploads': {
    slug: 'customer-uploads',
    upload: 'customer-uploads',
    create: async () => ({ data: {}, file: await localFile('upload.png') }),
    created: () => ({ mimeType: 'image/jpeg', filename: expect.stringMatching(/^upload(-\d+)?\.jpg$/) }),
    target: async (w) => (await seedCustomerUpload(w.h.payload, 'target.png')).id,
    update: () => ({ focalX: 10, focalY: 20 }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w) => w.customerUpload.id,
  },
  users: {
    slug: 'users',
    // the linked Google account (where the config has Google sign-in) is for admins' eyes
    hidden: (p) => (p === 'admin' ? [] : ['googleSubject', 'signUpMethod']),
    create: async (_w, p) => {
      const n = `${p}-${Date.now()}`
      return {
        data: { email: `new-${n}@curbside.test`, password: `pw-${n}-long`, role: 'admin', approved: true },
      }
    },
    created: (_w, _p, outcome, sent) => ({
      email: sent.email,
      ...(outcome === 'sign-up' ? { role: 'staff', approved: false } : { role: 'admin', approved: true }),
    }),
    // a fresh, unapproved account that an admin might approve and promote
    target: async (w) => (await createUser(w.h.payload, 'unapproved')).user.id,
    update: () => ({ role: 'admin', approved: true }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w, p) => someoneElse(w, p),
  },
  'users:own': {
    slug: 'users',
    hidden: (p) => (p === 'admin' ? [] : ['googleSubject', 'signUpMethod']),
    target: async (w, p) => idOf(w, p)!,
    // Admins rename themselves; anyone else keeps the address (a changed address must be
    // confirmed again, which ends the session: tests/int/account-identity.int.spec.ts).
    update: (w, p) => ({
      email:
        p === 'admin' ? `renamed-${p}-${Date.now()}@curbside.test` : w.h.accounts[p as SignedInPersona].email,
      role: 'admin',
      approved: true,
    }),
    updated: (w, p, _o, sent) => ({
      email: sent.email,
      role: w.h.accounts[p as SignedInPersona].user.role,
      approved: w.h.accounts[p as SignedInPersona].user.approved,
    }),
    readTarget: (w, p) => idOf(w, p)!,
  },
  'site-settings': {
    slug: 'site-settings',
    global: true,
    hidden: (p) =>
      isStaff(p)
        ? []
        : [
            'notificationRecipients',
            'notificationPhones',
            'alertTexts',
            'alertEmails',
            'invoiceReminderDays',
          ],
    // GraphQL's input type for the global makes every required field mandatory.
    update: () => ({
      businessName: 'Curbside Rim Co. of Austin',
      phone: '(512) 555-0199',
      email: 'hello@curbsiderim.co',
    }),
    updated: (_w, _p, _o, sent) => sent,
  },
  'text-messages': {
    slug: 'text-messages',
    // A text planted as if delivered: only the server writes texts.
    create: async (w) => ({
      data: {
        direction: 'out',
        lead: w.lead.id,
        fromNumber: '+15125550142',
        toNumber: '+15125550100',
        body: 'Your quote is $90',
        status: 'delivered',
      },
    }),
    target: async (w) => (await seedTextMessage(w.h.payload, { lead: w.lead.id })).id,
    update: () => ({ body: 'Your quote is $9', status: 'failed' }),
    readTarget: (w) => w.textMessage.id,
  },
  'text-opt-outs': {
    slug: 'text-opt-outs',
    create: async () => ({ data: { phone: '+15125550999', reason: 'keyword', keyword: 'STOP' } }),
    target: async (w) => (await seedTextOptOut(w.h.payload)).id,
    update: () => ({ keyword: 'START' }),
    readTarget: (w) => w.textOptOut.id,
  },
  invoices: {
    slug: 'invoices',
    // The customer's link is the server's alone.
    hidden: () => ['tokenNonce'],
    create: async (w) => ({
      data: {
        lead: w.lead.id,
        kind: 'invoice',
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        customerAddress: '1 Analytical Engine Way, Austin',
        lines: [{ description: 'Rim rash repair', quantity: 2, unitCents: 12_500 }],
        discountCents: 500,
        note: 'Thank you!',
      },
    }),
    created: (_w, _p, _o, sent) => ({
      ...sent,
      lines: [{ ...sent.lines[0], amountCents: 25_000 }],
      status: 'draft',
      number: null,
      subtotalCents: 25_000,
      totalCents: 24_500,
      balanceCents: 24_500,
    }),
    target: async (w) => (await seedInvoice(w.h.payload, w.lead.id)).id,
    update: () => ({ note: 'Two rims, as agreed at the door.', customerAddress: '2 Difference Engine Rd' }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w) => w.invoice.id,
  },
  payments: {
    slug: 'payments',
    // The lead page's form key is the server's alone.
    hidden: () => ['formKey'],
    create: async (w) => ({
      data: {
        invoice: w.invoice.id,
        lead: w.lead.id,
        method: 'cash',
        amountCents: 100,
        reference: 'At the van',
        receivedAt: '2026-11-20T16:00:00.000Z',
      },
    }),
    created: (w, p, _o, sent) => ({ ...sent, kind: 'payment', recordedBy: idOf(w, p), stripeId: null }),
    target: async (w) => w.payment.id,
    update: () => ({ amountCents: 1, reference: 'Changed' }),
    readTarget: (w) => w.payment.id,
  },
  'statement-credits': {
    slug: 'statement-credits',
    create: async (w) => ({
      data: { dealership: w.h.dealerships.own, description: 'Spare billed twice', amountCents: 9_000 },
    }),
    // Which statement carried it is the server's to write.
    created: (_w, _p, _o, sent) => ({ ...sent, statement: null }),
    target: async (w) => (await seedStatementCredit(w.h.payload, w.h.dealerships.own)).id,
    update: () => ({ description: 'Two spares billed', amountCents: 18_000 }),
    updated: (_w, _p, _o, sent) => sent,
    readTarget: (w) => w.statementCredit.id,
  },
  'site-pages': {
    slug: 'site-pages',
    global: true,
    // GraphQL's input type for the global makes every required field mandatory.
    update: (_w, p) => ({
      privacyPolicy: richText(`Privacy policy, revised by ${p}`),
      termsOfService: richText(`Terms of service, revised by ${p}`),
    }),
    updated: (_w, _p, _o, sent) => sent,
  },
}

// A read answer compared with the database: exactly the fields the persona may see.
// - Users' `sessions` (Payload's login sessions) are left out: Payload shows them to the
//   account's owner only, and they are not part of these rules.
// - GraphQL resolves a relationship to the related document, read with the caller's
//   access: `createdBy` comes back null to anyone who may not read that user (staff
//   reading an item an admin created), although REST and the Local API give staff the id.
function expectSameDoc(
  w: World,
  c: MatrixCase,
  slug: string,
  got: Doc | undefined,
  db: Doc,
  visible: (field: string) => boolean,
) {
  const stored = slug === 'users' ? omit(db, ['sessions']) : db
  if (w.channel.hiddenFields === 'absent') {
    const answer =
      slug === 'users'
        ? omit(got ?? {}, ['sessions'])
        : withoutBackgroundState(slug as CollectionSlug, got ?? {})
    expect(answer).toEqual(Object.fromEntries(Object.entries(stored).filter(([k]) => visible(k))))
  } else {
    const readableUser = (id: unknown) => c.persona === 'admin' || (id != null && id === idOf(w, c.persona))
    const value = (f: string) =>
      f === 'createdBy' && !readableUser(stored.createdBy) ? null : (stored[f] ?? null)
    expect(got).toEqual(
      Object.fromEntries(selectedFields(slug).map((f) => [f, visible(f) ? value(f) : null])),
    )
  }
}

async function checkRead(w: World, c: MatrixCase, spec: Spec) {
  const { payload } = w.h
  const { channel } = w
  const hidden = spec.hidden?.(c.persona) ?? []
  const visible = (f: string) => !hidden.includes(f)

  if (spec.global) {
    const slug = spec.slug as GlobalSlug
    const res = await channel.findGlobal(slug, c.persona)
    expectOk(res)
    expectSameDoc(w, c, slug, res.doc, await globalSnapshot(payload, slug), visible)
    return
  }

  const slug = spec.slug as CollectionSlug
  const all = await snapshot(payload, slug)
  const targetId = spec.readTarget!(w, c.persona)

  if (c.outcome === 'deny') {
    expectRefused(await channel.find(slug, c.persona), FORBIDDEN)
    expectRefused(await channel.findByID(slug, c.persona, targetId), FORBIDDEN)
    return
  }

  if (c.subject === 'users:own') {
    const one = await channel.findByID(slug, c.persona, targetId)
    expectOk(one)
    expectSameDoc(
      w,
      c,
      slug,
      one.doc,
      all.find((d) => d.id === targetId)!,
      visible,
    )
    const list = await channel.find(slug, c.persona)
    expectOk(list)
    expect(list.docs!.map((d) => d.id)).toContain(targetId)
    return
  }

  let expected = all
  let visibleFields = visible
  if (c.outcome === 'live-only') {
    const now = Date.now()
    expected = all.filter((d) => d.isActive === true && (!d.endDate || new Date(d.endDate).getTime() > now))
    visibleFields = (f) => (BANNER_FIELDS as readonly string[]).includes(f)
    // the seeded non-live promotions exist, and are not readable one by one either
    for (const p of [w.promotions.inactive, w.promotions.expired]) {
      expect(all.map((d) => d.id)).toContain(p.id)
      expectRefused(await channel.findByID(slug, c.persona, p.id), NOT_FOUND)
    }
  }
  if (c.outcome === 'own-only') {
    expected = all.filter((d) => d.id === idOf(w, c.persona))
    expectRefused(await channel.findByID(slug, c.persona, targetId), NOT_FOUND)
  }

  const list = await channel.find(slug, c.persona)
  expectOk(list)
  expect(list.docs!.map((d) => d.id)).toEqual(expected.map((d) => d.id))
  list.docs!.forEach((doc, i) => expectSameDoc(w, c, slug, doc, expected[i], visibleFields))

  if (c.outcome !== 'own-only') {
    const one = await channel.findByID(slug, c.persona, targetId)
    expectOk(one)
    expectSameDoc(
      w,
      c,
      slug,
      one.doc,
      all.find((d) => d.id === targetId)!,
      visibleFields,
    )
  }
}

async function checkCreate(w: World, c: MatrixCase, spec: Spec) {
  const { payload } = w.h
  const slug = spec.slug as CollectionSlug
  const { data, file } = await spec.create!(w, c.persona)
  const before = await snapshot(payload, slug)
  const res = await w.channel.create(slug, c.persona, data, file)

  if (c.outcome === 'signed-out') {
    expectRefused(res, { status: 401, message: 'User not authenticated' })
    expect(await snapshot(payload, slug)).toEqual(before)
    return
  }
  if (c.outcome === 'deny' || (spec.upload && !w.channel.canUpload)) {
    expectRefused(res, c.outcome === 'deny' ? FORBIDDEN : MISSING_FILE)
    expect(await snapshot(payload, slug)).toEqual(before)
    return
  }

  // Public sign-ups go through the site only: GraphQL could not answer a known address
  // the way it answers a new one.
  if (c.outcome === 'sign-up' && w.channel.name === 'graphql') {
    expectRefused(res, { status: 403, message: SIGN_UP_ON_THE_SITE })
    expect(await snapshot(payload, slug)).toEqual(before)
    return
  }

  expectOk(res)
  const expected = spec.created!(w, c.persona, c.outcome, omit(data, ['password', 'usageCount', 'createdBy']))
  const publicSignUp = c.outcome === 'sign-up' && w.channel.name === 'rest'
  const id = publicSignUp
    ? (await payload.find({ collection: 'users', where: { email: { equals: data.email } } })).docs[0]?.id
    : res.doc!.id
  const stored = id === undefined ? null : await row(payload, slug, id)
  expect(stored).toMatchObject(expected)
  // exactly one row more, and the others untouched
  expect(await snapshot(payload, slug)).toEqual([...before, stored])
  // the answer shows what was stored (GraphQL: of the fields it selected); a public
  // sign-up's only the address, as for an address that has an account already
  const answered = w.channel.name === 'graphql' ? pick(expected, selectedFields(slug)) : expected
  if (publicSignUp) expect(res.doc).toEqual({ email: data.email })
  else expect(res.doc).toMatchObject(answered)
  if (spec.upload) expect(fileExists(TEST_DATA_DIR, spec.upload, stored!.filename)).toBe(true)
  // leads record no author: the public's quote requests carry no account
  if (slug === 'leads') {
    expect(stored).not.toHaveProperty('createdBy')
    expect(res.doc).not.toHaveProperty('createdBy')
  }
}

async function checkUpdate(w: World, c: MatrixCase, spec: Spec) {
  const { payload } = w.h
  const sent = spec.update!(w, c.persona)

  if (spec.global) {
    const slug = spec.slug as GlobalSlug
    const before = await globalSnapshot(payload, slug)
    const res = await w.channel.updateGlobal(slug, c.persona, sent)
    if (c.outcome === 'deny') {
      expectRefused(res, FORBIDDEN)
      expect(await globalSnapshot(payload, slug)).toEqual(before)
      return
    }
    // A field never saved reads absent before the global's first save and null after it.
    const content = (doc: Doc) =>
      Object.fromEntries(
        Object.entries(omit(doc, ['updatedAt', 'createdAt', 'id', 'globalType'])).filter(
          ([, v]) => v !== null,
        ),
      )
    try {
      expectOk(res)
      expect(content(await globalSnapshot(payload, slug))).toEqual({ ...content(before), ...sent })
    } finally {
      // Globals outlive resetDatabase: the test files after this one find them as they were.
      await (payload as unknown as { updateGlobal: (args: Doc) => Promise<Doc> }).updateGlobal({
        slug,
        data: content(before),
        context: { disableRevalidate: true },
      })
    }
    return
  }

  const slug = spec.slug as CollectionSlug
  const id = await spec.target!(w, c.persona)
  const before = await snapshot(payload, slug)
  const original = before.find((d) => d.id === id)!
  try {
    const res = await w.channel.update(slug, c.persona, id, sent)
    if (c.outcome === 'deny') {
      expectRefused(res, FORBIDDEN)
      expect(await snapshot(payload, slug)).toEqual(before)
      return
    }
    expectOk(res)
    expect(res.doc!.id).toBe(id)
    const after = await snapshot(payload, slug)
    const changed = after.find((d) => d.id === id)!
    expect(changed).toEqual({
      ...original,
      ...spec.updated!(w, c.persona, c.outcome, sent),
      updatedAt: changed.updatedAt,
    })
    expect(after.filter((d) => d.id !== id)).toEqual(before.filter((d) => d.id !== id))
  } finally {
    // One's own account keeps its e-mail for the cases after this one.
    if (c.subject === 'users:own') {
      await payload.update({ collection: 'users', id, data: { email: original.email } })
    }
  }
}

async function checkDelete(w: World, c: MatrixCase, spec: Spec) {
  const { payload } = w.h
  const slug = spec.slug as CollectionSlug
  const id = await spec.target!(w, c.persona)
  const before = await snapshot(payload, slug)
  const original = before.find((d) => d.id === id)!
  const res = await w.channel.delete(slug, c.persona, id)
  if (c.outcome === 'deny') {
    expectRefused(res, FORBIDDEN)
    expect(await snapshot(payload, slug)).toEqual(before)
    if (spec.upload) expect(fileExists(TEST_DATA_DIR, spec.upload, original.filename)).toBe(true)
    return
  }
  expectOk(res)
  expect(res.doc!.id).toBe(id)
  expect(await snapshot(payload, slug)).toEqual(before.filter((d) => d.id !== id))
  if (spec.upload) expect(fileExists(TEST_DATA_DIR, spec.upload, original.filename)).toBe(false)
}

const CHECKS = { create: checkCreate, read: checkRead, update: checkUpdate, delete: checkDelete }

export function describeAccessMatrix(channelName: ChannelName) {
  const h = setupHarness({ http: channelName !== 'local', partner: true })
  const w = { h } as World

  beforeAll(async () => {
    const { payload } = h
    w.channel = channelFor(channelName, h)
    const admin = h.accounts.admin.user
    w.images = {
      beforeImage: (await seedGalleryImage(payload, 'Before', 'before.png')).id,
      afterImage: (await seedGalleryImage(payload, 'After', 'after.png')).id,
    }
    w.galleryItem = await seedGalleryItem(payload, w.images, admin)
    w.lead = await seedLead(payload)
    w.customerUpload = await seedCustomerUpload(payload)
    w.textMessage = await seedTextMessage(payload, { lead: w.lead.id, media: [w.customerUpload.id] })
    w.textOptOut = await seedTextOptOut(payload)
    w.invoice = await seedSentInvoice(payload, w.lead.id)
    w.payment = await payload.create({
      collection: 'payments',
      data: { invoice: w.invoice.id, method: 'check', amountCents: 1_000, reference: '1042' } as never,
      depth: 0,
    })
    w.statementCredit = await seedStatementCredit(payload, h.dealerships.own)
    w.promotions = {
      live: await seedPromotion(payload, { endDate: null }, admin),
      liveUntilFuture: await seedPromotion(payload, { endDate: FUTURE }, admin),
      inactive: await seedPromotion(payload, { isActive: false }, admin),
      expired: await seedPromotion(payload, { endDate: PAST }, admin),
    }
  })

  describe(`access matrix over ${channelName}`, () => {
    for (const c of matrixCases()) {
      it(`${c.subject} · ${c.persona} · ${c.op} → ${c.outcome}`, () => CHECKS[c.op](w, c, SPECS[c.subject]))
    }
  })
}
