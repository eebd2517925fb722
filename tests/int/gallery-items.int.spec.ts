import { beforeAll, describe, expect, it } from 'vitest'

import {
  type Channel,
  type ChannelName,
  channelFor,
  expectInvalid,
  expectOk,
  expectSchemaRefusal,
} from '../helpers/channels'
import { row, seedGalleryImage, seedGalleryItem, snapshot } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

// Gallery items: createdBy comes from the signed-in user and never changes; title and
// both images are required. Through the Local API (overrideAccess: false), REST and
// GraphQL, each case checked against the database.

const h = setupHarness({ http: true })
// The spec's message for a missing title or picture, from Payload's own validation.
const MISSING = 'Title, before image, and after image are required'
const CHANNELS = ['local', 'rest', 'graphql'] as const
const channels = {} as Record<ChannelName, Channel>
const images = {} as { beforeImage: number; afterImage: number }

beforeAll(async () => {
  for (const name of CHANNELS) channels[name] = channelFor(name, h)
  images.beforeImage = (await seedGalleryImage(h.payload, 'Before', 'before.png')).id
  images.afterImage = (await seedGalleryImage(h.payload, 'After', 'after.png')).id
})

const item = (overrides: Doc = {}): Doc => ({
  title: 'BMW M3: curb rash',
  description: 'Two rims',
  ...images,
  ...overrides,
})

describe.each(CHANNELS)('gallery items over %s', (name) => {
  const ch = () => channels[name]

  it('create: createdBy is the signed-in user, whatever the request says', async () => {
    const res = await ch().create('gallery-items', 'staff', item({ createdBy: h.accounts.admin.user.id }))
    expectOk(res)
    expect(await row(h.payload, 'gallery-items', res.doc!.id)).toMatchObject({
      ...item(),
      createdBy: h.accounts.staff.user.id,
    })
  })

  it("update: another user's id (or null) is ignored, even from an admin", async () => {
    const existing = await seedGalleryItem(h.payload, images, h.accounts.staff.user)
    for (const createdBy of [h.accounts.admin.user.id, null]) {
      const res = await ch().update('gallery-items', 'admin', existing.id, {
        createdBy,
        title: `Renamed ${createdBy}`,
      })
      expectOk(res)
      expect(await row(h.payload, 'gallery-items', existing.id)).toMatchObject({
        createdBy: h.accounts.staff.user.id,
        title: `Renamed ${createdBy}`,
      })
    }
  })

  const missing: { field: string; label: string }[] = [
    { field: 'title', label: 'Title' },
    { field: 'beforeImage', label: 'Before Image' },
    { field: 'afterImage', label: 'After Image' },
  ]
  for (const { field, label } of missing) {
    it(`create without ${field}: refused, no row`, async () => {
      const before = await snapshot(h.payload, 'gallery-items')
      const data = item()
      delete data[field]
      const res = await ch().create('gallery-items', 'staff', data)
      if (name === 'graphql' && field === 'title') {
        // required text fields are non-null in GraphQL's input type
        expectSchemaRefusal(res, /Field "title" of required type "String!" was not provided/)
      } else {
        expectInvalid(res, `The following field is invalid: ${label}`, [{ path: field, message: MISSING }])
      }
      expect(await snapshot(h.payload, 'gallery-items')).toEqual(before)
    })

    it(`update clearing ${field}: refused, row unchanged`, async () => {
      const existing = await seedGalleryItem(h.payload, images, h.accounts.staff.user)
      const res = await ch().update('gallery-items', 'staff', existing.id, {
        [field]: field === 'title' ? '' : null,
      })
      expectInvalid(res, `The following field is invalid: ${label}`, [{ path: field, message: MISSING }])
      expect(await row(h.payload, 'gallery-items', existing.id)).toEqual(existing)
    })
  }

  it('create without title and images: one error per field, no row', async () => {
    const before = await snapshot(h.payload, 'gallery-items')
    const res = await ch().create('gallery-items', 'staff', {
      description: 'Nothing else',
      title: name === 'graphql' ? '' : undefined,
    })
    expectInvalid(res, 'The following fields are invalid: Title, Before Image, After Image', [
      { path: 'title', message: MISSING },
      { path: 'beforeImage', message: MISSING },
      { path: 'afterImage', message: MISSING },
    ])
    expect(await snapshot(h.payload, 'gallery-items')).toEqual(before)
  })
})

describe('a create with nobody signed in', () => {
  it("says the spec's 'User not authenticated' and stores nothing", async () => {
    const before = await snapshot(h.payload, 'gallery-items')
    const res = await h.http.post('/api/gallery-items', { json: item() })
    expect(res.status).toBe(401)
    expect(res.body.errors).toEqual([{ message: 'User not authenticated' }])
    expect(await snapshot(h.payload, 'gallery-items')).toEqual(before)
  })
})

describe('gallery item drafts', () => {
  it('a draft is on no public API and not on the gallery; the preview reads it for staff', async () => {
    const { readGallery } = await import('@/data/gallery')
    const draft = await h.payload.create({
      collection: 'gallery-items',
      draft: true,
      data: { title: 'Audi RS6: draft pair', ...images },
    })
    const published = await seedGalleryItem(h.payload, images)
    expect(published._status).toBe('published')
    for (const persona of ['anonymous', 'unapproved'] as const) {
      const rest = await h.http.get('/api/gallery-items?depth=0&draft=true&limit=100', {
        session: h.sessionOf(persona),
      })
      expect(rest.status).toBe(200)
      expect(rest.body.docs.map((d: Doc) => d.id)).not.toContain(draft.id)
      expect(rest.body.docs.map((d: Doc) => d.id)).toContain(published.id)
      const gql = await h.http.post('/api/graphql', {
        json: { query: '{ GalleryItems(draft: true, limit: 100) { docs { id } } }' },
        session: h.sessionOf(persona),
      })
      expect(gql.body.data.GalleryItems.docs.map((d: Doc) => d.id)).not.toContain(draft.id)
    }
    const local = await h.payload.find({
      collection: 'gallery-items',
      draft: true,
      overrideAccess: false,
      user: null,
    })
    expect(local.docs.map((d) => d.id)).not.toContain(draft.id)
    expect((await readGallery()).map((c) => c.title)).not.toContain('Audi RS6: draft pair')
    const preview = await readGallery({ draft: true, user: h.accounts.staff.user })
    expect(preview.map((c) => c.title)).toContain('Audi RS6: draft pair')
  })
})
