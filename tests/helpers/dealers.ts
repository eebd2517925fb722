import type { Payload } from 'payload'

import type { Doc } from './harness'

// Real VINs (tests/unit/vin.unit.spec.ts) and a wrong check digit for each.
export const VINS = ['1HGCM82633A004352', 'JH4KA7561PC008269', 'WP0AB2A93KS114315', '1N4AL3AP8JC231503']
export const WRONG_CHECK_DIGIT = '1HGCM82643A004352'

let seq = 0
const loose = (payload: Payload) => payload as unknown as { create: (args: Doc) => Promise<Doc> }

export async function seedDealership(payload: Payload, name: string, overrides: Doc = {}): Promise<Doc> {
  seq += 1
  return loose(payload).create({
    collection: 'dealerships',
    data: { name, billingEmail: `billing${seq}@dealer.test`, ...overrides },
    depth: 0,
  })
}

export function vehicleInput(overrides: Doc = {}): Doc {
  seq += 1
  return {
    stockNumber: `S${1000 + seq}`,
    vin: VINS[seq % VINS.length],
    year: 2019,
    make: 'Honda',
    model: 'Accord',
    colour: 'Silver',
    lotLocation: 'Row C',
    wheels: [{ position: 'LF', service: 'rim_rash' }],
    ...overrides,
  }
}

export function workOrderInput(overrides: Doc = {}): Doc {
  return {
    poNumber: 'PO-7781',
    roNumber: 'RO-2210',
    notes: 'Front line by Friday',
    vehicles: [vehicleInput()],
    ...overrides,
  }
}

export async function seedWorkOrder(payload: Payload, dealership: number, overrides: Doc = {}): Promise<Doc> {
  return loose(payload).create({
    collection: 'work-orders',
    data: { ...workOrderInput(overrides), dealership },
    depth: 0,
  })
}
