import type { CollectionBeforeDeleteHook } from 'payload'

// A lead's quotes (and their versions) go with it, in its transaction: they are the
// customer's data too, and a quote cannot be without its lead.
export const removeQuotesOfLead: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({
    collection: 'quotes',
    where: { lead: { equals: id } },
    overrideAccess: true,
    req,
  })
}
