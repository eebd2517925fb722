import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import type { GalleryItem } from '@/payload-types'

type ImageRef = GalleryItem['beforeImage'] | undefined | null

const idOf = (ref: ImageRef): number | null =>
  typeof ref === 'number' ? ref : ref && typeof ref === 'object' ? ref.id : null

// A picture goes with its item unless another item still shows it. Runs in the item's
// transaction, so a failed delete keeps both.
async function removeIfUnused(ids: (number | null)[], req: PayloadRequest) {
  for (const id of new Set(ids.filter((i): i is number => i !== null))) {
    const { totalDocs } = await req.payload.count({
      collection: 'gallery-items',
      where: { or: [{ beforeImage: { equals: id } }, { afterImage: { equals: id } }] },
      req,
    })
    if (totalDocs === 0) await req.payload.delete({ collection: 'gallery-images', id, req })
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

export const removeImagesOfDeletedItem: CollectionAfterDeleteHook<GalleryItem> = async ({ doc, req }) => {
  await removeIfUnused([idOf(doc.beforeImage), idOf(doc.afterImage)], req)
  return doc
}
