import type { CollectionBeforeOperationHook } from 'payload'

// Payload files a new document as a draft unless told otherwise; the back office, the seed and
// API clients that create a promotion or a gallery item without asking for a draft mean it to
// be live, as before these had drafts. A draft is asked for with `?draft=true` (or `draft: true`).
export const publishUnlessDraft: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' || args.draft === true) return args
  const data = args.data as Record<string, unknown> | undefined
  if (data && data._status === undefined) data._status = 'published'
  return args
}
