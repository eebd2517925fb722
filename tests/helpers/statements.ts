import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

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

/** Runs one of poppler's tools (pdftotext, pdffonts, pdfinfo) on a PDF, as a reader would. */
export async function poppler(
  tool: 'pdftotext' | 'pdffonts' | 'pdfinfo',
  pdf: Uint8Array,
  args: string[] = [],
) {
  const dir = await mkdtemp(path.join(tmpdir(), 'statement-pdf-'))
  try {
    const file = path.join(dir, 'statement.pdf')
    await writeFile(file, pdf)
    const out = tool === 'pdftotext' ? [file, '-'] : [file]
    const { stdout } = await promisify(execFile)(tool, [...args, ...out], { maxBuffer: 32 << 20 })
    return stdout
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export type PdfWord = { page: number; xMin: number; xMax: number; yMin: number; text: string }

/** Every word of the PDF with where it is drawn (pdftotext -bbox), in the order it is drawn. */
export async function pdfWords(pdf: Uint8Array): Promise<PdfWord[]> {
  const html = await poppler('pdftotext', pdf, ['-bbox'])
  const words: PdfWord[] = []
  let page = 0
  const decode = (t: string) =>
    t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  for (const m of html.matchAll(
    /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
  )) {
    if (m[0] === '<page ') page += 1
    else words.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), text: decode(m[4]) })
  }
  return words
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
