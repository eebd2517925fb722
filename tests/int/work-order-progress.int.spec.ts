import { describe, expect, it } from 'vitest'

import { workOrderAdminPath } from '@/lib/work-order-forms'

import { capturedMails, headerOf } from '../helpers/captured-mail'
import { seedWorkOrder, vehicleInput } from '../helpers/dealers'
import { type Doc, setupHarness } from '../helpers/harness'
import { phoneJpeg } from '../helpers/request-fixtures'

// The dealership hears when the technician's "Mark done" finishes a car, and when it finishes
// the last car of a work order: once per event whatever the runners, as its settings ask.

const h = setupHarness({ http: true, partner: true })

type Loose = Record<'update' | 'find', (args: Doc) => Promise<Doc>>
const api = () => h.payload as unknown as Loose

async function markDone(order: number, wheel: string) {
  const form = new FormData()
  form.set('wheel', wheel)
  form.set('back', workOrderAdminPath(order))
  form.set('photo', new Blob([new Uint8Array(await phoneJpeg())], { type: 'image/jpeg' }), 'IMG_0042.jpg')
  const answer = await h.http.post(`/api/work-orders/${order}/wheel-done`, {
    session: h.accounts.staff.session,
    form,
    headers: { Accept: 'application/json' },
  })
  expect(answer.status).toBe(200)
}

// Two runners at once, each job queued twice (as a retry after a runner died would leave it):
// the delivery ledger lets each e-mail out once.
async function runTwoRunners() {
  const { docs } = await api().find({
    collection: 'payload-jobs',
    where: { and: [{ taskSlug: { equals: 'sendWorkOrderProgress' } }, { completedAt: { exists: false } }] },
    limit: 100,
  })
  for (const job of docs) await h.payload.jobs.queue({ task: 'sendWorkOrderProgress', input: job.input })
  await Promise.all([h.payload.jobs.run({ silent: true }), h.payload.jobs.run({ silent: true })])
}

const count = (to: string) => capturedMails(to).length
// The subjects of the e-mails to `to` since it had `before`.
const newSubjects = (to: string, before: number) => {
  const mails = capturedMails(to)
  return mails
    .slice(0, mails.length - before)
    .map((mail) => headerOf(mail, 'Subject'))
    .sort()
}

const setSettings = (emailWhenCarDone: boolean, emailWhenWorkOrderDone: boolean) =>
  api().update({
    collection: 'dealerships',
    id: h.dealerships.own,
    data: { emailWhenCarDone, emailWhenWorkOrderDone },
  })

const twoCars = (poNumber: string) => ({
  poNumber,
  roNumber: null,
  vehicles: [
    vehicleInput({
      stockNumber: `${poNumber}-1`,
      wheels: [
        { position: 'LF', service: 'rim_rash' },
        { position: 'RF', service: 'rim_rash' },
      ],
    }),
    vehicleInput({ stockNumber: `${poNumber}-2` }),
  ],
})

describe("a work order's progress, e-mailed to the dealership", () => {
  it('tells of each car once, and of the order once its last car is done', async () => {
    await setSettings(true, true)
    const to = h.accounts.partner.email
    const before = count(to)
    const order = await seedWorkOrder(h.payload, h.dealerships.own, twoCars('P1'))
    const [first, second] = order.vehicles

    await markDone(order.id, first.wheels[0].id)
    await runTwoRunners()
    expect(newSubjects(to, before)).toEqual([])

    await markDone(order.id, first.wheels[1].id)
    await runTwoRunners()
    expect(newSubjects(to, before)).toEqual(['Car P1-1 is done: PO P1'])
    const [mail] = capturedMails(to)
    expect(mail).toContain('1 of 2 cars done')
    expect(mail).toContain(`/partners/work-orders/${order.id}`)

    await markDone(order.id, second.wheels[0].id)
    await runTwoRunners()
    await runTwoRunners()
    expect(newSubjects(to, before)).toEqual([
      'Car P1-1 is done: PO P1',
      'Car P1-2 is done: PO P1',
      'Work order done: PO P1',
    ])
    // The dealership's billing address hears nothing while it has partner accounts.
    const billing = (
      await api().find({ collection: 'dealerships', where: { id: { equals: h.dealerships.own } } })
    ).docs[0].billingEmail
    expect(capturedMails(billing)).toEqual([])
  })

  it('tells nothing of cars when the dealership asked not to, and of the order only as asked', async () => {
    const to = h.accounts.partner.email
    await setSettings(false, true)
    let before = count(to)
    const quiet = await seedWorkOrder(h.payload, h.dealerships.own, twoCars('P2'))
    await markDone(quiet.id, quiet.vehicles[0].wheels[0].id)
    await markDone(quiet.id, quiet.vehicles[0].wheels[1].id)
    await markDone(quiet.id, quiet.vehicles[1].wheels[0].id)
    await runTwoRunners()
    expect(newSubjects(to, before)).toEqual(['Work order done: PO P2'])

    await setSettings(false, false)
    before = count(to)
    const silent = await seedWorkOrder(h.payload, h.dealerships.own, twoCars('P3'))
    await markDone(silent.id, silent.vehicles[0].wheels[0].id)
    await markDone(silent.id, silent.vehicles[0].wheels[1].id)
    await markDone(silent.id, silent.vehicles[1].wheels[0].id)
    await runTwoRunners()
    expect(newSubjects(to, before)).toEqual([])
  })

  it('is on for a new dealership', async () => {
    const created = await api().find({
      collection: 'dealerships',
      where: { id: { equals: h.dealerships.other } },
    })
    expect(created.docs[0]).toMatchObject({ emailWhenCarDone: true, emailWhenWorkOrderDone: true })
  })
})
