import type { CollectionAfterChangeHook } from 'payload'

type Car = { id?: string | null; status?: string | null }

// Each car this save made done, and the order when it made the last one so, tells the
// dealership (src/jobs/SendWorkOrderProgress): queued in the save's transaction, so a save
// that fails queues nothing; named by the save's time, so a car done again later is news again.
export const queueWorkOrderProgress: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || req.context.demoContent) return doc
  const before = new Map(((previousDoc?.vehicles ?? []) as Car[]).map((c) => [c.id, c.status]))
  const event = String(doc.updatedAt)
  const queue = (carId?: string) =>
    req.payload.jobs.queue({
      task: 'sendWorkOrderProgress',
      input: { workOrderId: doc.id, event, ...(carId ? { carId } : {}) },
      req,
    })
  for (const car of (doc.vehicles ?? []) as Car[]) {
    if (car.id && car.status === 'done' && before.get(car.id) !== 'done') await queue(car.id)
  }
  if (doc.status === 'done' && previousDoc?.status !== 'done') await queue()
  return doc
}
