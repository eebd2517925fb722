import { describe, expect, it } from 'vitest'

import { type Persona, setupHarness } from '../helpers/harness'
import { serialVin } from '../helpers/vins'

// A lot sweep pasted into the portal: one work order of many cars, or nothing at all.

const h = setupHarness({ http: true, partner: true })

const lines = (n: number) => Array.from({ length: n }, (_, i) => `STK${i + 1},${serialVin(i)},LF RF,rim rash`)
const wrongCheckDigit = (vin: string) => vin.slice(0, 8) + (vin[8] === '0' ? '1' : '0') + vin.slice(9)
const post = (persona: Persona, body: Record<string, unknown>) =>
  h.http.post('/api/work-orders/import', { session: h.sessionOf(persona), json: body })
const orders = async () =>
  (await h.payload.find({ collection: 'work-orders', depth: 0, pagination: false, sort: 'id' })).docs

describe('importing a list of cars', () => {
  it('a CSV of 50 cars with two bad rows imports nothing and names both lines', async () => {
    const csv = ['Stock,VIN,Wheels,Service', ...lines(50)]
    // Line 8 (the 7th car): a wrong check digit; line 40: no wheels named.
    csv[7] = csv[7].replace(serialVin(6), wrongCheckDigit(serialVin(6)))
    csv[39] = `STK39,${serialVin(38)},,rim rash`
    const res = await post('partner', { list: csv.join('\n'), poNumber: 'PO-50' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      errors: [
        {
          line: 8,
          message: 'Line 8: This VIN’s check digit (9th character) does not match: check it for a typo.',
        },
        { line: 40, message: 'Line 40: Name the wheels as LF, RF, LR, RR, spare or all.' },
      ],
    })
    expect(await orders()).toEqual([])
  })

  it('stores a service per wheel and an RO per car', async () => {
    const list = [
      'Stock,VIN,Wheels,Service,RO',
      `STK1,${serialVin(0)},LF:restoration RF,rim rash,RO-11`,
      `STK2,${serialVin(1)},LR:rash RR:restoration,,`,
    ].join('\n')
    const res = await post('partner', { list, roNumber: 'RO-ALL' })
    expect(res.status).toBe(201)
    const [order] = await orders()
    expect(order.roNumber).toBe('RO-ALL')
    expect(
      order.vehicles.map((car) => [
        car.stockNumber,
        car.roNumber ?? null,
        car.wheels.map((w) => `${w.position}:${w.service}`),
      ]),
    ).toEqual([
      ['STK1', 'RO-11', ['LF:rim_restoration', 'RF:rim_rash']],
      ['STK2', null, ['LR:rim_rash', 'RR:rim_restoration']],
    ])
    await h.payload.delete({ collection: 'work-orders', id: order.id })
  })

  it('answers a pasted file of junk in a few lines, and imports nothing', async () => {
    const long = await post('partner', { list: 'x\n'.repeat(300) })
    expect(long.status).toBe(400)
    expect(long.body).toEqual({
      errors: [{ line: 1, message: 'Line 1: At most 200 cars in one work order.' }],
    })
    const bad = await post('partner', { list: 'x\n'.repeat(120) })
    expect(bad.status).toBe(400)
    const errors = (bad.body as { errors: { line?: number; message: string }[] }).errors
    expect(errors).toHaveLength(51)
    expect(errors[49]).toEqual({ line: 50, message: 'Line 50: Enter the VIN.' })
    expect(errors[50]).toEqual({ message: '…and 70 more lines with problems.' })
    expect(await orders()).toEqual([])
  })

  it.each([
    [
      'a NUL in a cell',
      { list: `Stock,VIN,Wheels,Service,Make\nSTK1,${serialVin(0)},LF,rim rash,Fo\u0000rd` },
    ],
    ['a NUL in the PO number', { list: lines(1).join('\n'), poNumber: 'PO\u00001' }],
    ['a NUL in a car’s RO', { list: `STK1,${serialVin(0)},LF,rim rash,RO\u00001` }],
    ['a day February does not have', { list: lines(1).join('\n'), dueDate: '2026-02-30' }],
    ['year 0 as due date', { list: lines(1).join('\n'), dueDate: '0000-01-01' }],
    ['a five-digit year as due date', { list: lines(1).join('\n'), dueDate: '99999-01-01' }],
    ['words as due date', { list: lines(1).join('\n'), dueDate: 'next friday' }],
  ])('refuses %s with a 400 naming the field, and imports nothing', async (_name, body) => {
    const before = await orders()
    const res = await post('partner', body)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/^(vehicles\.0\.(make|roNumber)|poNumber|Due Date): /)
    expect(await orders()).toEqual(before)
  })

  it('keeps a due date that is a calendar day', async () => {
    const res = await post('partner', { list: lines(1).join('\n'), dueDate: '2026-12-02' })
    expect(res.status).toBe(201)
    const order = await h.payload.findByID({ collection: 'work-orders', id: res.body.id, depth: 0 })
    expect(order.dueDate?.slice(0, 10)).toBe('2026-12-02')
    await h.payload.delete({ collection: 'work-orders', id: res.body.id })
  })

  it('makes one work order of the 50 cars, in the partner’s dealership, each car received', async () => {
    const res = await post('partner', {
      list: lines(50).join('\n'),
      poNumber: 'PO-50',
      roNumber: 'RO-9',
      dealership: h.dealerships.other,
    })
    expect([res.status, res.body.message]).toEqual([201, 'Work order created with 50 cars.'])
    const [order] = await orders()
    expect(order).toMatchObject({
      id: res.body.id,
      dealership: h.dealerships.own,
      poNumber: 'PO-50',
      roNumber: 'RO-9',
    })
    expect(order.vehicles).toHaveLength(50)
    expect(order.vehicles[49]).toMatchObject({ stockNumber: 'STK50', vin: serialVin(49), status: 'received' })
    expect(order.vehicles[0].wheels.map((w: { position: string }) => w.position)).toEqual(['LF', 'RF'])
  })

  it('is refused to strangers and accounts waiting for approval; staff name the dealership', async () => {
    const before = (await orders()).length
    for (const persona of ['anonymous', 'unapproved'] as const) {
      expect((await post(persona, { list: lines(1).join('\n') })).status).toBe(403)
    }
    const noDealer = await post('staff', { list: lines(1).join('\n') })
    expect(noDealer.status).toBe(400)
    expect(await orders()).toHaveLength(before)
    const staff = await post('staff', { list: lines(1).join('\n'), dealership: h.dealerships.other })
    expect(staff.status).toBe(201)
    expect((await orders()).at(-1)).toMatchObject({ dealership: h.dealerships.other })
  })
})
