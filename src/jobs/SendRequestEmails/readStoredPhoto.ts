import fs from 'node:fs/promises'
import path from 'node:path'

import type { PayloadRequest } from 'payload'

import type { CustomerUpload } from '@/payload-types'

// Through the storage adapter's file handler when one is configured (S3), else from the upload folder.
export async function readStoredPhoto(req: PayloadRequest, photo: CustomerUpload): Promise<Buffer> {
  const filename = photo.filename ?? ''
  const upload = req.payload.collections['customer-uploads'].config.upload
  for (const handler of upload.handlers ?? []) {
    const res = await handler(req, { doc: photo, params: { collection: 'customer-uploads', filename } })
    if (res instanceof Response) {
      if (!res.ok) throw new Error(`stored photo ${filename}: ${res.status}`)
      return Buffer.from(await res.arrayBuffer())
    }
  }
  return fs.readFile(path.join(upload.staticDir ?? '', path.basename(filename)))
}
