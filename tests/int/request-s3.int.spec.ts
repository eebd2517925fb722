import fs from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

import { PHOTOS_NOT_STORED } from '@/lib/request-constants'

import { counts, image, phoneJpeg, requestForm, submitRequest } from '../helpers/request-fixtures'
import { startS3Server } from '../helpers/s3-server'
import { eraseListed } from '../helpers/erase'

// Quote photos with storage-s3 enabled, against a real local S3-compatible server
// (s3rver): stored in the bucket under customer-uploads/, re-encoded, served only to
// approved staff through Payload's file route (the thumbnail too), removed from the bucket
// when the submission is rolled back, and nothing kept when the bucket cannot be written.

const BUCKET = 'curbside-test'
const s3 = await startS3Server(BUCKET)
process.env.S3_BUCKET = BUCKET

const { setupHarness } = await import('../helpers/harness')
const { TEST_DATA_DIR } = await import('../helpers/env')
const h = setupHarness({ http: true })

afterAll(() => s3.remove())

const bucketKeys = () => s3.keys()

describe('quote photos on S3', () => {
  it('are stored in the bucket (not on disk), re-encoded, and readable only by approved staff', async () => {
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'a.jpg', type: 'image/jpeg', bytes: await phoneJpeg() }]),
    )
    expect(res.status).toBe(201)
    const { docs } = await h.payload.find({ collection: 'leads', depth: 1 })
    const photo = docs[0].photos![0] as { filename: string; url: string }
    expect(bucketKeys()).toContain(`customer-uploads/${photo.filename}`)
    expect(fs.existsSync(path.join(TEST_DATA_DIR, 'uploads', 'customer-uploads', photo.filename))).toBe(false)

    const route = `/api/customer-uploads/file/${photo.filename}`
    expect(new URL(photo.url).pathname).toBe(route)
    expect((await h.http.bytes(route)).status).toBe(403)
    expect((await h.http.bytes(route, h.sessionOf('unapproved'))).status).toBe(403)
    const staff = await h.http.bytes(route, h.sessionOf('staff'))
    expect(staff.status).toBe(200)
    const meta = await sharp(staff.bytes).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()

    // the business e-mail attaches the photo, read back from the bucket
    await h.payload.jobs.run({ silent: true })
    const mailDir = path.join(TEST_DATA_DIR, 'mail')
    const mails = fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), 'latin1'))
    const business = mails.find((m) => m.includes('Subject: New quote request'))!
    expect(business).toContain('Content-Disposition: attachment; filename=photo-1.jpg')
    expect(business.replace(/\r\n/g, '')).toContain(staff.bytes.toString('base64'))
  })

  it("a photo's thumbnail is in the bucket too, and refused to anonymous visitors", async () => {
    // big enough for Payload to make the 320 px thumbnail
    const res = await submitRequest(
      h.http,
      requestForm({}, [{ name: 'big.png', type: 'image/png', bytes: await image('png', 400, 400) }]),
    )
    expect(res.status).toBe(201)
    const { docs } = await h.payload.find({ collection: 'leads', depth: 1, sort: '-createdAt', limit: 1 })
    const photo = docs[0].photos![0] as { sizes: { thumbnail: { filename: string; url: string } } }
    const { filename, url } = photo.sizes.thumbnail
    expect(bucketKeys()).toContain(`customer-uploads/${filename}`)
    const route = `/api/customer-uploads/file/${filename}`
    expect(new URL(url).pathname).toBe(route)
    expect((await h.http.bytes(route)).status).toBe(403)
    expect((await h.http.bytes(route, h.sessionOf('unapproved'))).status).toBe(403)
    const staff = await h.http.bytes(route, h.sessionOf('staff'))
    expect(staff.status).toBe(200)
    expect((await sharp(staff.bytes).metadata()).format).toBe('webp')
  })

  it('the S3 server down while storing: the form gets its error naming the photos, and no lead, no photo row, no object remain', async () => {
    const before = { keys: bucketKeys(), counts: await counts(h.payload) }
    await s3.stop()
    try {
      const res = await submitRequest(
        h.http,
        requestForm({ description: 'while S3 is down' }, [
          { name: 'a.png', type: 'image/png', bytes: await image('png') },
          { name: 'b.png', type: 'image/png', bytes: await image('png') },
        ]),
      )
      // The photos named as the cause: the visitor can send the request without them.
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '60'])
      expect(res.body).toEqual({
        message: 'There was a problem submitting your request. Please try again.',
        fieldErrors: { photos: PHOTOS_NOT_STORED },
      })
    } finally {
      await s3.restart()
    }
    expect(await counts(h.payload)).toEqual(before.counts)
    expect(bucketKeys()).toEqual(before.keys)
    const { totalDocs } = await h.payload.count({
      collection: 'leads',
      where: { description: { equals: 'while S3 is down' } },
    })
    expect(totalDocs).toBe(0)
    // and it works again once S3 is back
    expect(
      (
        await submitRequest(
          h.http,
          requestForm({}, [{ name: 'a.png', type: 'image/png', bytes: await image('png') }]),
        )
      ).status,
    ).toBe(201)
  })

  it('a rolled-back submission leaves no object in the bucket', async () => {
    const before = bucketKeys()
    const uploadsBefore = await h.payload.count({ collection: 'customer-uploads' })
    const db = (h.payload.db as unknown as PostgresAdapter).drizzle
    await db.execute(sql`ALTER TABLE leads ADD CONSTRAINT quote_s3_fail CHECK (description <> 'refuse me')`)
    try {
      const res = await submitRequest(
        h.http,
        requestForm({ description: 'refuse me' }, [
          { name: 'a.png', type: 'image/png', bytes: await image('png') },
          { name: 'b.png', type: 'image/png', bytes: await image('png') },
        ]),
      )
      expect(res.status).toBe(500)
    } finally {
      await db.execute(sql`ALTER TABLE leads DROP CONSTRAINT quote_s3_fail`)
    }
    expect(bucketKeys()).toEqual(before)
    expect(await h.payload.count({ collection: 'customer-uploads' })).toEqual(uploadsBefore)
  })
})

describe('erasing a customer on request, with S3', () => {
  it("removes the photos' objects (thumbnails too) and keeps the lead for the counts", async () => {
    const email = 'erase-me-s3@curbside.test'
    const res = await submitRequest(
      h.http,
      requestForm({ email }, [{ name: 'big.png', type: 'image/png', bytes: await image('png', 400, 400) }]),
    )
    expect(res.status).toBe(201)
    const lead = (
      await h.payload.find({ collection: 'leads', where: { email: { equals: email } }, depth: 1 })
    ).docs[0]
    const photo = lead.photos![0] as { filename: string; sizes: { thumbnail: { filename: string } } }
    const keys = [photo.filename, photo.sizes.thumbnail.filename].map((f) => `customer-uploads/${f}`)
    for (const key of keys) expect(bucketKeys()).toContain(key)
    const leads = await h.payload.count({ collection: 'leads' })

    const erased = await eraseListed(h.http, h.sessionOf('staff'), { email })
    expect(erased.status).toBe(200)
    expect(erased.body).toEqual({ erasedLeads: 1, removedPhotos: 1, notListed: 0 })
    for (const key of keys) expect(bucketKeys()).not.toContain(key)
    expect(await h.payload.count({ collection: 'leads' })).toEqual(leads)
  })
})
