import { APIError, type CollectionBeforeChangeHook, ValidationError } from 'payload'

type Wheel = { beforePhotos?: unknown; afterPhotos?: unknown }

const idOf = (photo: unknown) =>
  typeof photo === 'object' && photo !== null ? (photo as { id: unknown }).id : photo

// A whole positive number, or its digits as text (as a form may send it); anything else is null.
const photoId = (photo: unknown): number | null => {
  const id = idOf(photo)
  const n = typeof id === 'string' && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : id
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null
}

export const PHOTO_TWICE = 'This photo is on the work order already.'

// A work order shows only its own dealership's photos: naming another's photo id would show
// it to this dealership. The refusal names no one's photo. This runs before Payload's field
// checks, so an id that is not a whole number is refused here (Postgres would throw on it).
export const photosOfTheDealership: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const ids = new Set<number>()
  const errors: { path: string; message: string }[] = []
  const vehicles = Array.isArray(data.vehicles) ? (data.vehicles as { wheels?: unknown }[]) : []
  vehicles.forEach((vehicle, v) => {
    const wheels = Array.isArray(vehicle?.wheels) ? (vehicle.wheels as Wheel[]) : []
    wheels.forEach((wheel, w) => {
      for (const name of ['beforePhotos', 'afterPhotos'] as const) {
        const photos = wheel?.[name]
        if (photos == null) continue
        const list = Array.isArray(photos) ? photos.map(photoId) : null
        if (!list || list.some((id) => id === null)) {
          errors.push({
            path: `vehicles.${v}.wheels.${w}.${name}`,
            message: 'Photos are named by their id numbers.',
          })
          continue
        }
        // A photo shows one wheel, once: the same photo twice on an order is a slip.
        if (list.some((id, i) => ids.has(id!) || list.indexOf(id) !== i)) {
          errors.push({ path: `vehicles.${v}.wheels.${w}.${name}`, message: PHOTO_TWICE })
          continue
        }
        list.forEach((id) => ids.add(id!))
      }
    })
  })
  if (errors.length) throw new ValidationError({ collection: 'work-orders', errors })
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
