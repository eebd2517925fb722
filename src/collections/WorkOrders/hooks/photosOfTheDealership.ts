import { APIError, type CollectionBeforeChangeHook } from 'payload'

type Wheel = { beforePhotos?: unknown[] | null; afterPhotos?: unknown[] | null }

const idOf = (photo: unknown) =>
  typeof photo === 'object' && photo !== null ? (photo as { id: unknown }).id : photo

// A work order shows only its own dealership's photos: naming another's photo id would show
// it to this dealership. The refusal names no one's photo.
export const photosOfTheDealership: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const ids = new Set<number>()
  for (const vehicle of (data.vehicles ?? []) as { wheels?: Wheel[] | null }[]) {
    for (const wheel of vehicle.wheels ?? []) {
      for (const photo of [...(wheel.beforePhotos ?? []), ...(wheel.afterPhotos ?? [])])
        ids.add(Number(idOf(photo)))
    }
  }
  if (ids.size === 0) return data
  const dealership = idOf(data.dealership ?? originalDoc?.dealership)
  const found = await req.payload.count({
    collection: 'work-order-photos',
    where: { and: [{ id: { in: [...ids] } }, { dealership: { equals: dealership } }] },
    overrideAccess: true,
    req,
  })
  if (found.totalDocs !== ids.size) throw new APIError('A photo could not be found.', 400, null, true)
  return data
}
