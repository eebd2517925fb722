import type { Payload } from 'payload'

import type { Doc } from './harness'
import { vehicleInput } from './dealers'

/** A PDF's text, as a reader's copy and paste would give it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  // drizzle-kit (loaded with Payload's schema push in tests) adds an enumerable
  // Array.prototype.random, which pdf.js refuses to load beside: kept, made non-enumerable.
  const random = Object.getOwnPropertyDescriptor(Array.prototype, 'random')
  if (random?.enumerable) Object.defineProperty(Array.prototype, 'random', { ...random, enumerable: false })
  const { PDFParse } = await import('pdf-parse')
  const parser = new PDFParse({ data: new Uint8Array(pdf) })
  try {
    return (await parser.getText()).text
  } finally {
    await parser.destroy()
  }
}

type DoneWheel = { position: string; service?: string; doneAt: string | null }

/** A work order of one car whose wheels staff marked done at the given times. */
export async function seedDoneCar(
  payload: Payload,
  dealership: number,
  staff: Doc,
  car: { stockNumber: string; vin?: string; po?: string; ro?: string; wheels: DoneWheel[] },
): Promise<Doc> {
  const wheels = car.wheels.map((w) => ({
    position: w.position,
    service: w.service ?? 'rim_rash',
    status: w.doneAt ? 'done' : 'to_do',
    doneAt: w.doneAt,
  }))
  return (payload as unknown as { create: (args: Doc) => Promise<Doc> }).create({
    collection: 'work-orders',
    data: {
      dealership,
      poNumber: car.po ?? 'PO-7781',
      roNumber: car.ro ?? 'RO-2210',
      vehicles: [
        vehicleInput({ stockNumber: car.stockNumber, ...(car.vin ? { vin: car.vin } : {}), wheels }),
      ],
    },
    user: staff,
    depth: 0,
  })
}
