import type { CollectionBeforeOperationHook } from 'payload'

// Set in `context` by server code handing over a photo it has already cleaned with sharp;
// REST and GraphQL callers cannot set a request's context.
export const PHOTO_CLEANED = 'photoCleaned'

// Payload re-encodes uploads when `resizeOptions` or `formatOptions` are set: for a cleaned
// photo a second encode and quality loss. This create sees the collection without them.
export const keepCleanedPhoto: CollectionBeforeOperationHook = ({ args, context, operation }) => {
  if (operation !== 'create' || context?.[PHOTO_CLEANED] !== true) return args
  const { collection } = args
  const { formatOptions: _format, resizeOptions: _resize, ...upload } = collection.config.upload
  return { ...args, collection: { ...collection, config: { ...collection.config, upload } } }
}
