import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import sharp from 'sharp'

import type { HttpClient, HttpResult } from './http-client'

// Building and sending customers' requests the way the site's forms do (one multipart POST).

export const REQUEST_FIELDS = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  phone: '(512) 555-0177',
  email: 'maria@example.com',
  description: 'Curb rash on both front wheels, 19 inch, gloss black.',
  serviceType: 'wheel_restoration',
} as const

export type Photo = { name: string; type: string; bytes: Buffer }

// A GPS position and a camera serial that must never leave the customer's phone.
export const GPS_LATITUDE = '30/1 16/1 3162/100'
// EXIF tag 0x8825 (GPSInfo), as the little-endian TIFF inside the JPEG writes it.
export const GPS_INFO_TAG = Buffer.from([0x25, 0x88])
export const CAMERA_SERIAL = 'SN-CURBSIDE-4242'

// A JPEG as a phone writes it: EXIF with the camera, its serial and a GPS position, and
// an orientation flag saying "rotate 90°" (stored 60×40, meant to be shown 40×60).
export async function phoneJpeg(color = '#336699'): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Curbside 1' },
      IFD2: { BodySerialNumber: CAMERA_SERIAL },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: GPS_LATITUDE,
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 2520/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
}

export async function image(
  format: 'png' | 'webp' | 'gif' | 'avif',
  width = 30,
  height = 20,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#aa3300' } })
    .toFormat(format)
    .toBuffer()
}

export function requestForm(fields: Record<string, string | undefined> = {}, photos: Photo[] = []): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries({ ...REQUEST_FIELDS, ...fields })) {
    if (value !== undefined) form.append(name, value)
  }
  for (const p of photos) form.append('photos', new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name)
  return form
}

let clients = 0
// Each test speaks from an address of its own, so the rate limit of one does not touch another.
export function newClient(): string {
  clients += 1
  return `203.0.113.${clients}`
}

export function submitRequest(
  http: HttpClient,
  form: FormData,
  options: { key?: string | null; client?: string } = {},
): Promise<HttpResult> {
  const key = options.key === undefined ? randomUUID() : options.key
  const headers: Record<string, string> = { 'X-Forwarded-For': options.client ?? newClient() }
  if (key) headers['Idempotency-Key'] = key
  return http.post('/api/quote-requests', { form, headers })
}

export function storedFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads', 'customer-uploads')
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []
}

export async function counts(payload: Payload) {
  const [leads, uploads, jobs] = await Promise.all([
    payload.count({ collection: 'leads' }),
    payload.count({ collection: 'customer-uploads' }),
    payload.count({ collection: 'payload-jobs' }),
  ])
  return { leads: leads.totalDocs, uploads: uploads.totalDocs, jobs: jobs.totalDocs }
}
