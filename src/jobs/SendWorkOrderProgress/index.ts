import type { PayloadRequest, TaskConfig } from 'payload'

import { serverUrl } from '@/lib/server-url'
import { workOrderTitle } from '@/lib/work-order-status'
import type { Dealership } from '@/payload-types'
import { deliverOnce } from '@/server/email-delivery'

// Who hears of a dealership's work: its partner accounts (they send the work orders and read
// them in the portal), else its billing address.
async function partnerAddresses(req: PayloadRequest, dealership: Dealership): Promise<string[]> {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: {
      and: [
        { role: { equals: 'partner' } },
        { approved: { equals: true } },
        { dealership: { equals: dealership.id } },
      ],
    },
    select: { email: true },
    depth: 0,
    limit: 20,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const emails = docs.map((u) => u.email).filter(Boolean)
  return emails.length ? emails : [dealership.billingEmail]
}

// A car of a work order done (`carId`), or the whole order (no `carId`), to the dealership, as
// its settings ask. Queued by the save that made it so (hooks/queueWorkOrderProgress.ts), named
// by that save's time: once per event whatever the runners (src/server/email-delivery.ts).
export const sendWorkOrderProgress: TaskConfig<'sendWorkOrderProgress'> = {
  slug: 'sendWorkOrderProgress',
  label: 'Tell a dealership a car or a work order is done',
  inputSchema: [
    { name: 'workOrderId', type: 'number', required: true },
    { name: 'carId', type: 'text' },
    { name: 'event', type: 'text', required: true },
  ],
  outputSchema: [{ name: 'sent', type: 'checkbox' }],
  retries: { attempts: 12, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const order = await payload.findByID({
      collection: 'work-orders',
      id: input.workOrderId,
      depth: 1,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    const dealership = order && typeof order.dealership === 'object' ? order.dealership : null
    if (!order || !dealership) return { output: { sent: false } }
    const cars = order.vehicles ?? []
    const car = input.carId ? cars.find((c) => c.id === input.carId) : null
    // Undone since, or the dealership asked not to hear of it: nothing to say.
    const wanted = input.carId
      ? car?.status === 'done' && dealership.emailWhenCarDone !== false
      : order.status === 'done' && dealership.emailWhenWorkOrderDone !== false
    if (!wanted) return { output: { sent: false } }
    const key = input.carId
      ? `car-done:${order.id}:${input.carId}:${input.event}`
      : `work-order-done:${order.id}:${input.event}`
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, req })
    const to = await partnerAddresses(req, dealership)
    const sent = await deliverOnce(payload, key, async (withHandOver) => {
      const { render } = await import('@react-email/render')
      const { WorkOrderProgressEmail, workOrderProgressSubject } =
        await import('@/email/templates/work-order-progress')
      const props = {
        businessName: settings.businessName,
        businessPhone: settings.phone,
        dealershipName: dealership.name,
        title: workOrderTitle(order),
        car: car
          ? {
              stockNumber: car.stockNumber,
              vehicle: [car.year, car.make, car.model].filter(Boolean).join(' '),
              vin: car.vin,
            }
          : null,
        carsDone: cars.filter((c) => c.status === 'done').length,
        cars: cars.length,
        portalLink: `${serverUrl()}/partners/work-orders/${order.id}`,
      }
      const element = WorkOrderProgressEmail(props)
      await payload.sendEmail(
        withHandOver({
          to,
          replyTo: settings.email,
          subject: workOrderProgressSubject(props),
          html: await render(element),
          text: await render(element, { plainText: true }),
        }),
      )
      return true
    })
    return { output: { sent } }
  },
}
