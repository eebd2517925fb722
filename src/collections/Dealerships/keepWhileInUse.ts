import { APIError, type CollectionBeforeDeleteHook, type CollectionSlug } from 'payload'

const IN_USE: [CollectionSlug, string][] = [
  ['work-orders', 'work orders'],
  ['work-order-photos', 'work-order photos'],
  ['users', 'partner accounts'],
  ['statements', 'statements'],
  ['statement-credits', 'statement credits'],
]

// Work orders, photos, partner accounts, statements and credits must each name their dealership (NOT NULL), so
// deleting one still in use would fail in Postgres with a 500; it is refused, saying why.
export const keepWhileInUse: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const inUse: string[] = []
  for (const [collection, label] of IN_USE) {
    const { totalDocs } = await req.payload.count({
      collection,
      where: { dealership: { equals: id } },
      overrideAccess: true,
      req,
    })
    if (totalDocs > 0) inUse.push(label)
  }
  if (inUse.length > 0) {
    throw new APIError(
      `This dealership still has ${inUse.join(', ')}: delete or move them first.`,
      400,
      null,
      true,
    )
  }
}
