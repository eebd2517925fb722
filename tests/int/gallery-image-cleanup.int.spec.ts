import { describe, expect, it } from 'vitest'

import { TEST_DATA_DIR } from '../helpers/env'
import { fileExists, seedGalleryImage, seedGalleryItem } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

// A gallery item's pictures go with it: deleting the item removes the pictures' rows and
// files, unless another item still shows them. A picture replaced on edit stays while a
// version of the item that can be restored shows it, and goes with the item.
const h = setupHarness({ http: true })

async function imageExists(id: number): Promise<boolean> {
  const { totalDocs } = await h.payload.count({ collection: 'gallery-images', where: { id: { equals: id } } })
  return totalDocs === 1
}

async function pair(tag: string) {
  const before = (await seedGalleryImage(h.payload, `${tag} before`, `${tag}-before.png`)) as Doc
  const after = (await seedGalleryImage(h.payload, `${tag} after`, `${tag}-after.png`)) as Doc
  return { before, after, images: { beforeImage: before.id as number, afterImage: after.id as number } }
}

describe('gallery pictures of deleted or edited items', () => {
  it('deleting an item over REST removes both pictures and their files', async () => {
    const { before, after, images } = await pair('deleted')
    const item = await seedGalleryItem(h.payload, images, h.accounts.staff.user)
    expect(fileExists(TEST_DATA_DIR, 'gallery-images', before.filename)).toBe(true)

    const res = await h.http.delete(`/api/gallery-items/${item.id}`, { session: h.sessionOf('staff') })
    expect(res.status).toBe(200)
    expect(await imageExists(before.id)).toBe(false)
    expect(await imageExists(after.id)).toBe(false)
    expect(fileExists(TEST_DATA_DIR, 'gallery-images', before.filename)).toBe(false)
    expect(fileExists(TEST_DATA_DIR, 'gallery-images', after.filename)).toBe(false)
  })

  it('replacing the before picture keeps the old one for the earlier version; deleting the item removes all', async () => {
    const { before, after, images } = await pair('replaced')
    const item = await seedGalleryItem(h.payload, images, h.accounts.staff.user)
    const replacement = (await seedGalleryImage(h.payload, 'new before', 'replaced-new.png')) as Doc

    const res = await h.http.patch(`/api/gallery-items/${item.id}`, {
      session: h.sessionOf('staff'),
      json: { beforeImage: replacement.id },
    })
    expect(res.status).toBe(200)
    expect(await imageExists(after.id)).toBe(true)
    expect(await imageExists(replacement.id)).toBe(true)
    // The version before the edit still shows it, and can be restored.
    expect(await imageExists(before.id)).toBe(true)
    const versions = await h.payload.findVersions({
      collection: 'gallery-items',
      sort: 'createdAt',
      depth: 0,
    })
    const earlier = versions.docs.find((v) => v.parent === item.id && v.version.beforeImage === before.id)
    expect(earlier).toBeDefined()
    const restored = await h.http.post(`/api/gallery-items/versions/${earlier!.id}`, {
      session: h.sessionOf('staff'),
    })
    expect(restored.status).toBe(200)
    expect(
      (await h.payload.findByID({ collection: 'gallery-items', id: item.id, depth: 0 })).beforeImage,
    ).toBe(before.id)

    const deleted = await h.http.delete(`/api/gallery-items/${item.id}`, { session: h.sessionOf('staff') })
    expect(deleted.status).toBe(200)
    for (const image of [before, after, replacement]) expect(await imageExists(image.id)).toBe(false)
    expect(fileExists(TEST_DATA_DIR, 'gallery-images', before.filename)).toBe(false)
  })

  it('a title-only edit keeps both pictures', async () => {
    const { before, after, images } = await pair('renamed')
    const item = await seedGalleryItem(h.payload, images, h.accounts.staff.user)
    const res = await h.http.patch(`/api/gallery-items/${item.id}`, {
      session: h.sessionOf('staff'),
      json: { title: 'Renamed' },
    })
    expect(res.status).toBe(200)
    expect(await imageExists(before.id)).toBe(true)
    expect(await imageExists(after.id)).toBe(true)
  })

  it('a picture another item still shows is kept', async () => {
    const { before, after, images } = await pair('shared')
    const first = await seedGalleryItem(h.payload, images, h.accounts.staff.user)
    await seedGalleryItem(h.payload, { beforeImage: before.id, afterImage: before.id }, h.accounts.staff.user)

    const res = await h.http.delete(`/api/gallery-items/${first.id}`, { session: h.sessionOf('admin') })
    expect(res.status).toBe(200)
    expect(await imageExists(before.id)).toBe(true)
    expect(fileExists(TEST_DATA_DIR, 'gallery-images', before.filename)).toBe(true)
    expect(await imageExists(after.id)).toBe(false)
  })

  it('a refused delete removes nothing', async () => {
    const { before, images } = await pair('refused')
    const item = await seedGalleryItem(h.payload, images, h.accounts.staff.user)
    const res = await h.http.delete(`/api/gallery-items/${item.id}`, { session: h.sessionOf('unapproved') })
    expect(res.status).toBe(403)
    expect(await imageExists(before.id)).toBe(true)
  })
})
