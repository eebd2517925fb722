import { randomUUID } from 'node:crypto'

import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { cleanPhoto, PhotoRejected } from '@/collections/CustomerUploads/cleanPhoto'
import { PHOTO_CLEANED } from '@/collections/CustomerUploads/hooks/keepCleanedPhoto'

// Every work-order photo is cleaned as the customers' are (cleanPhoto: decided from the bytes,
// re-encoded as JPEG, oriented, capped in size, metadata such as GPS dropped) before Payload
// stores it, under a fresh name: a dealer's file name says nothing to another dealer.
// Server code that cleaned the photo itself (the technician's after photo) says so in `context`:
// keepCleanedPhoto stores it as it is.
export const cleanPartnerPhoto: CollectionBeforeOperationHook = async ({ args, context, operation, req }) => {
  if (operation !== 'create' || !req.file || context?.[PHOTO_CLEANED] === true) return args
  const file = req.file as { data: Buffer; tempFilePath?: string }
  let photo
  try {
    photo = await cleanPhoto(file.tempFilePath || file.data)
  } catch (err) {
    if (err instanceof PhotoRejected) throw new APIError(`The photo ${err.message}`, 400, null, true)
    throw err
  }
  req.file = {
    data: photo.data,
    mimetype: 'image/jpeg',
    name: `${randomUUID()}.jpg`,
    size: photo.data.byteLength,
  }
  // Already cleaned: Payload stores it as is, one encode per photo.
  const { collection } = args
  const { formatOptions: _format, resizeOptions: _resize, ...upload } = collection.config.upload
  return { ...args, collection: { ...collection, config: { ...collection.config, upload } } }
}
