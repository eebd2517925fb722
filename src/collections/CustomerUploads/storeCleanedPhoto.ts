import { randomUUID } from 'node:crypto'

import type { PayloadRequest } from 'payload'

import type { CleanPhoto } from './cleanPhoto'
import { PHOTO_CLEANED } from './hooks/keepCleanedPhoto'

/**
 * A photo cleanPhoto() made, stored as a customer upload in the request's transaction. Named
 * after a fresh UUID (`base`), so removeStoredFiles() finds its files if the transaction rolls back.
 */
export async function storeCleanedPhoto(
  req: PayloadRequest,
  photo: CleanPhoto,
  stored: string[],
): Promise<number> {
  const base = randomUUID()
  stored.push(base)
  const doc = await req.payload.create({
    collection: 'customer-uploads',
    data: {},
    file: { data: photo.data, mimetype: 'image/jpeg', name: `${base}.jpg`, size: photo.data.byteLength },
    depth: 0,
    overrideAccess: true,
    // Already cleaned: stored as is (one encode per photo).
    context: { [PHOTO_CLEANED]: true },
    req,
  })
  return doc.id
}
