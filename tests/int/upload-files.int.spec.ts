import fs from 'node:fs'

import { beforeAll, describe, expect, it } from 'vitest'

import { TEST_DATA_DIR } from '../helpers/env'
import { SITE_ORIGIN } from '../helpers/http-client'
import { FORBIDDEN, seedCustomerUpload, seedGalleryImage, uploadPath } from '../helpers/fixtures'
import { type Doc, type Persona, setupHarness } from '../helpers/harness'

// The file routes, /api/<collection>/file/<filename>, over real HTTP: they apply the
// collection's read access. Customer photos are staff-only; gallery images are public.
// A refused request must not leak a single byte of the image.

const h = setupHarness({ http: true })
let customerPhoto: Doc
let galleryImage: Doc

beforeAll(async () => {
  customerPhoto = await seedCustomerUpload(h.payload, 'driveway.png')
  galleryImage = await seedGalleryImage(h.payload, 'After', 'after.png')
})

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff])

// persona → expected status of GET /api/customer-uploads/file/<name>
const CUSTOMER_FILE: [Persona, 200 | 403][] = [
  ['anonymous', 403],
  ['unapproved', 403],
  ['staff', 200],
  ['admin', 200],
]

describe('customer photo file route', () => {
  it('the stored photo is a JPEG on disk', () => {
    expect(customerPhoto.filename).toBe('driveway.jpg')
    const stored = fs.readFileSync(uploadPath(TEST_DATA_DIR, 'customer-uploads', customerPhoto.filename))
    expect(stored.subarray(0, 3)).toEqual(JPEG_MAGIC)
  })

  for (const [persona, status] of CUSTOMER_FILE) {
    it(`${persona}: ${status}`, async () => {
      const stored = fs.readFileSync(uploadPath(TEST_DATA_DIR, 'customer-uploads', customerPhoto.filename))
      const res = await h.http.bytes(
        `/api/customer-uploads/file/${customerPhoto.filename}`,
        h.sessionOf(persona),
      )
      expect(res.status).toBe(status)
      if (status === 200) {
        expect(res.headers.get('content-type')).toBe('image/jpeg')
        expect(res.bytes.equals(stored)).toBe(true)
      } else {
        // a JSON error, and no image data in it
        expect(res.headers.get('content-type')).toContain('application/json')
        expect(JSON.parse(res.bytes.toString('utf8'))).toEqual({ errors: [{ message: FORBIDDEN.message }] })
        expect(res.bytes.includes(JPEG_MAGIC)).toBe(false)
        expect(res.bytes.includes(stored.subarray(0, 64))).toBe(false)
      }
    })
  }

  it("the document's url is the access-checked route, not a public path", () => {
    expect(customerPhoto.url).toBe(`${SITE_ORIGIN}/api/customer-uploads/file/${customerPhoto.filename}`)
  })
})

describe('gallery image file route', () => {
  for (const persona of ['anonymous', 'unapproved', 'staff', 'admin'] as const) {
    it(`${persona}: 200 with the image`, async () => {
      const stored = fs.readFileSync(uploadPath(TEST_DATA_DIR, 'gallery-images', galleryImage.filename))
      const res = await h.http.bytes(
        `/api/gallery-images/file/${galleryImage.filename}`,
        h.sessionOf(persona),
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect(res.bytes.equals(stored)).toBe(true)
    })
  }
})
