import type { CollectionBeforeOperationHook } from 'payload'

// Set in `context` by server code that hands over a photo it has already cleaned with
// sharp (the quote endpoint: auto-oriented, size capped, metadata dropped). Callers of the
// REST or GraphQL API cannot set a request's context.
export const PHOTO_CLEANED = 'photoCleaned'

// Payload re-encodes an upload whenever the collection has `resizeOptions` or
// `formatOptions` (payload/dist/uploads/generateFileData.js). For a photo that was just
// cleaned that is a second decode and encode of the same picture, and a second loss of
// quality: this create sees the collection without them, so the cleaned bytes are stored
// as they are. Every other upload (staff through the admin or the API) is still cleaned.
export const keepCleanedPhoto: CollectionBeforeOperationHook = ({ args, context, operation }) => {
  if (operation !== 'create' || context?.[PHOTO_CLEANED] !== true) return args
  const { collection } = args
  const { formatOptions: _format, resizeOptions: _resize, ...upload } = collection.config.upload
  return { ...args, collection: { ...collection, config: { ...collection.config, upload } } }
}
