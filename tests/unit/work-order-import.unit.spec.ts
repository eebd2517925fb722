import { describe, expect, it } from 'vitest'

import { serialVin } from '../helpers/vins'

import { parseService, parseVehicleList, parseWheels } from '@/lib/work-order-import'

const ACCORD = '1HGCM82633A004352'
const LEGEND = 'JH4KA7561PC008269'
const PORSCHE = 'WP0AB2A93KS114315'

describe('a pasted list of cars', () => {
  it('reads stock, VIN, wheels and service a line, commas or tabs, with or without a header', () => {
    const text = [
      'Stock #,VIN,Wheels,Service,Color,Lot',
      `A101,${ACCORD},LF RF,rim rash,Silver,Row C`,
      '',
      ['A102', LEGEND.toLowerCase(), 'all', 'Bent, Powder Coating, or Cracked Rims', 'Black', ''].join('\t'),
    ].join('\n')
    expect(parseVehicleList(text)).toEqual({
      ok: true,
      vehicles: [
        {
          stockNumber: 'A101',
          vin: ACCORD,
          colour: 'Silver',
          lotLocation: 'Row C',
          wheels: [
            { position: 'LF', service: 'rim_rash' },
            { position: 'RF', service: 'rim_rash' },
          ],
        },
        {
          stockNumber: 'A102',
          vin: LEGEND,
          colour: 'Black',
          wheels: ['LF', 'RF', 'LR', 'RR'].map((position) => ({ position, service: 'rim_restoration' })),
        },
      ],
    })
    expect(parseVehicleList(`B7,${PORSCHE},spare,restoration\r\n`)).toMatchObject({
      ok: true,
      vehicles: [{ stockNumber: 'B7', wheels: [{ position: 'spare', service: 'rim_restoration' }] }],
    })
  })

  it('reports every bad line by its number and keeps no car', () => {
    const text = [
      `A1,${ACCORD},LF,rash`,
      `A2,1HGCM82643A004352,LF,rash`,
      `,${LEGEND},LF,rash`,
      `A4,${LEGEND},front,rash`,
      `A5,${LEGEND},LF,polish`,
      `A6,${ACCORD},RR,rash`,
      `A1,${PORSCHE},RR,rash`,
    ].join('\n')
    expect(parseVehicleList(text)).toEqual({
      ok: false,
      problems: [
        { line: 2, message: 'This VIN’s check digit (9th character) does not match: check it for a typo.' },
        { line: 3, message: 'The stock number is missing.' },
        { line: 4, message: 'Name the wheels as LF, RF, LR, RR, spare or all.' },
        { line: 5, message: 'Name the service: rim rash or restoration.' },
        { line: 6, message: 'This VIN is on line 1 already.' },
        { line: 7, message: 'This stock number is on line 1 already.' },
      ],
    })
  })

  it('refuses an empty paste and more cars than one work order holds', () => {
    expect(parseVehicleList(' \n\n')).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'Paste at least one car: stock, VIN, wheels, service.' }],
    })
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => `S${i},${serialVin(i)},LF,rash`).join('\n')
    expect(parseVehicleList(many(200)).ok).toBe(true)
    expect(parseVehicleList(many(201))).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'At most 200 cars in one work order.' }],
    })
  })
})

describe('a service per wheel and an RO per car', () => {
  it('reads a wheel’s own service, else the line’s, and the RO in the fifth cell or its column', () => {
    const text = [
      `A101,${ACCORD},LF:restoration RF,rash,RO-1`,
      `A102,${LEGEND},LR:rash;RR=restore,,`,
      `A103,${PORSCHE},all RF:restoration,rash`,
    ].join('\n')
    const parsed = parseVehicleList(text)
    expect(parsed).toMatchObject({ ok: true })
    const vehicles = parsed.ok ? parsed.vehicles : []
    expect(vehicles.map((v) => [v.stockNumber, v.roNumber, v.wheels])).toEqual([
      [
        'A101',
        'RO-1',
        [
          { position: 'LF', service: 'rim_restoration' },
          { position: 'RF', service: 'rim_rash' },
        ],
      ],
      [
        'A102',
        undefined,
        [
          { position: 'LR', service: 'rim_rash' },
          { position: 'RR', service: 'rim_restoration' },
        ],
      ],
      [
        'A103',
        undefined,
        [
          { position: 'LF', service: 'rim_rash' },
          { position: 'RF', service: 'rim_restoration' },
          { position: 'LR', service: 'rim_rash' },
          { position: 'RR', service: 'rim_rash' },
        ],
      ],
    ])
    const headed = parseVehicleList(`VIN,Stock,RO #,Wheels\n${ACCORD},A1,RO-77,LF:rash`)
    expect(headed).toMatchObject({ ok: true, vehicles: [{ stockNumber: 'A1', roNumber: 'RO-77' }] })
  })

  it('refuses a wheel without a service, an unknown one, and a long RO', () => {
    const text = [
      `A1,${ACCORD},LF:rash RF`,
      `A2,${LEGEND},LF:chrome,rash`,
      `A3,${PORSCHE},LF,rash,${'R'.repeat(61)}`,
      `A4,${PORSCHE},LF:rash:rash,rash`,
    ].join('\n')
    expect(parseVehicleList(text)).toEqual({
      ok: false,
      problems: [
        { line: 1, message: 'Name the service: rim rash or restoration.' },
        { line: 2, message: 'Name the service: rim rash or restoration.' },
        { line: 3, message: 'The RO number is longer than 60 characters.' },
        { line: 4, message: 'Name the wheels as LF, RF, LR, RR, spare or all.' },
      ],
    })
  })
})

describe('a pasted file of junk', () => {
  it('is refused in one message when it has more lines than a work order has cars', () => {
    const junk = 'x\n'.repeat(1024 * 1024)
    expect(parseVehicleList(junk)).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'At most 200 cars in one work order.' }],
    })
    const header = 'Stock,VIN,Wheels,Service\n'
    const cars = Array.from({ length: 200 }, (_, i) => `S${i},${serialVin(i)},LF,rash`).join('\n')
    expect(parseVehicleList(header + cars).ok).toBe(true)
  })

  it('names the first 50 bad lines and counts the rest', () => {
    const result = parseVehicleList('x\n'.repeat(120))
    expect(result.ok).toBe(false)
    const { problems } = result as { problems: { line?: number; message: string }[] }
    expect(problems).toHaveLength(51)
    expect(problems[0]).toEqual({ line: 1, message: 'Enter the VIN.' })
    expect(problems[49]!.line).toBe(50)
    expect(problems[50]).toEqual({ message: '…and 70 more lines with problems.' })
  })
})

describe('cells', () => {
  it('read wheel positions and services as people write them', () => {
    expect(parseWheels('lf/rr')).toEqual(['LF', 'RR'])
    expect(parseWheels('4')).toEqual(['LF', 'RF', 'LR', 'RR'])
    expect(parseWheels('LF LF')).toEqual(['LF'])
    expect(parseWheels('')).toBeNull()
    expect(parseService('Rim Rash / Curbed Rim')).toBe('rim_rash')
    expect(parseService('curb rash')).toBe('rim_rash')
    expect(parseService('cracked')).toBe('rim_restoration')
    expect(parseService('tint')).toBeNull()
  })
})
