import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeDeleteHook,
  PayloadRequest,
} from 'payload'

import type { GalleryItem } from '@/payload-types'

type ImageRef = GalleryItem['beforeImage'] | undefined | null

const idOf = (ref: ImageRef): number | null =>
  typeof ref === 'number' ? ref : ref && typeof ref === 'object' ? ref.id : null

// A picture goes with its item unless another item, or a version that can be restored (the
// published one while a draft replaces it, an earlier one), still shows it. Runs in the item's
// transaction, so a failed delete keeps both.
async function removeIfUnused(ids: (number | null)[], req: PayloadRequest) {
  for (const id of new Set(ids.filter((i): i is number => i !== null))) {
    const [items, versions] = await Promise.all([
      req.payload.count({
        collection: 'gallery-items',
        where: { or: [{ beforeImage: { equals: id } }, { afterImage: { equals: id } }] },
        req,
      }),
      req.payload.countVersions({
        collection: 'gallery-items',
        where: { or: [{ 'version.beforeImage': { equals: id } }, { 'version.afterImage': { equals: id } }] },
        req,
      }),
    ])
    if (items.totalDocs + versions.totalDocs === 0)
      await req.payload.delete({ collection: 'gallery-images', id, req })
  }
}

export const removeReplacedImages: CollectionAfterChangeHook<GalleryItem> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !previousDoc) return doc
  const replaced = (['beforeImage', 'afterImage'] as const)
    .map((field) => idOf(previousDoc[field]))
    .filter((id) => id !== idOf(doc.beforeImage) && id !== idOf(doc.afterImage))
  await removeIfUnused(replaced, req)
  return doc
}

const VERSION_IMAGES = 'galleryImagesOfVersions'

// Payload deletes an item's versions before its afterDelete hooks run: the pictures they
// showed are noted first, to go with the item.
export const noteImagesOfVersions: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { docs } = await req.payload.findVersions({
    collection: 'gallery-items',
    where: { parent: { equals: id } },
    depth: 0,
    pagination: false,
    req,
  })
  const noted = (req.context[VERSION_IMAGES] ?? {}) as Record<string, (number | null)[]>
  noted[String(id)] = docs.flatMap((v) => [idOf(v.version.beforeImage), idOf(v.version.afterImage)])
  req.context[VERSION_IMAGES] = noted
}

export const removeImagesOfDeletedItem: CollectionAfterDeleteHook<GalleryItem> = async ({ doc, id, req }) => {
  const ofVersions =
    ((req.context[VERSION_IMAGES] ?? {}) as Record<string, (number | null)[]>)[String(id)] ?? []
  await removeIfUnused([idOf(doc.beforeImage), idOf(doc.afterImage), ...ofVersions], req)
  return doc
}
