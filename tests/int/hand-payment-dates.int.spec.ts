import { beforeAll, describe, expect, it } from 'vitest'

import { RECEIVED_DAY_REFUSED } from '@/collections/Payments/hooks/recordByHand'
import { businessDay } from '@/lib/statements'

import { seedLead, seedSentInvoice } from '../helpers/fixtures'
import { type Doc, setupHarness } from '../helpers/harness'

// A payment recorded by hand was received today or on one of the last 90 days, in the
// business's time zone (America/Chicago by default): any other date is refused, nothing stored.

const h = setupHarness({ http: true })
let invoice: Doc

beforeAll(async () => {
  const lead = await seedLead(h.payload, { firstName: 'Dana', lastName: 'Reyes' })
  invoice = await seedSentInvoice(h.payload, lead.id)
})

const DAY = 86_400_000
// Midday in Austin of the business day `days` before today's there: counted in days, not in
// 24-hour steps, which a change of daylight saving time or a late hour would shift by one.
const businessDaysBack = (days: number) => {
  const today = businessDay(new Date().toISOString(), 'America/Chicago')
  return new Date(Date.parse(`${today}T18:00:00Z`) - days * DAY).toISOString()
}
const record = (receivedAt: string) =>
  h.http.post('/api/payments', {
    session: h.sessionOf('staff'),
    json: { invoice: invoice.id, method: 'cash', amountCents: 100, receivedAt },
  })
const paymentCount = async () => (await h.payload.count({ collection: 'payments' })).totalDocs

describe('the date of a payment recorded by hand', () => {
  it.each([
    ['1999-01-01', '1999-01-01T15:00:00.000Z'],
    ['91 days back', businessDaysBack(91)],
    ['tomorrow', new Date(Date.now() + 1.5 * DAY).toISOString()],
    ['a day February does not have', '2026-02-30T15:00:00.000Z'],
    ['year 0', '0000-01-01T15:00:00.000Z'],
    ['a five-digit year', '+099999-01-01T00:00:00.000Z'],
    ['not a date', 'yesterday'],
  ])('%s: 400 naming the field, nothing stored', async (_name, receivedAt) => {
    const before = await paymentCount()
    const res = await record(receivedAt)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].data.errors).toEqual([{ message: RECEIVED_DAY_REFUSED, path: 'receivedAt' }])
    expect(await paymentCount()).toBe(before)
  })

  it('today and a day 89 days back are recorded as given', async () => {
    for (const at of [new Date(), new Date(businessDaysBack(89))]) {
      const res = await record(at.toISOString())
      expect(res.status).toBe(201)
      expect(res.body.doc.receivedAt).toBe(at.toISOString())
      expect(businessDay(res.body.doc.receivedAt, 'America/Chicago')).toBe(
        businessDay(at.toISOString(), 'America/Chicago'),
      )
    }
  })
})
