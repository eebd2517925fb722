import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import Busboy from 'busboy'

import { MAX_PHOTOS, MAX_PHOTO_BYTES } from '@/lib/request-constants'

// Photos stream straight to files in `dir`, so memory stays small whatever their size.
export const MAX_UPLOAD_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024
// The form sends twelve fields; the longest (the description) is at most 5000 characters.
const MAX_FIELDS = 20
const MAX_FIELD_BYTES = 64 * 1024

export type ReceivedPhoto = { name: string; path: string; size: number; tooLarge: boolean }

export type RequestUpload = {
  fields: Map<string, string>
  photos: ReceivedPhoto[]
  photosAsText: boolean
  tooManyPhotos: boolean
}

// A process killed mid-request leaves its folder behind: removeAbandonedUploadFolders() clears it at start.
// Its first name kept: folders an older process left behind are still found and removed.
const FOLDER_PREFIX = 'quote-'
export const makeUploadFolder = () => fs.promises.mkdtemp(path.join(os.tmpdir(), FOLDER_PREFIX))

// No request lasts an hour, so another instance on the same host is not using them.
export async function removeAbandonedUploadFolders(
  maxAgeMs = 60 * 60 * 1000,
  base = os.tmpdir(),
): Promise<string[]> {
  const removed: string[] = []
  const entries = await fs.promises.readdir(base, { withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(FOLDER_PREFIX)) continue
    const folder = path.join(base, entry.name)
    const { mtimeMs } = await fs.promises.stat(folder).catch(() => ({ mtimeMs: Date.now() }))
    if (Date.now() - mtimeMs < maxAgeMs) continue
    await fs.promises.rm(folder, { recursive: true, force: true })
    removed.push(entry.name)
  }
  return removed
}

export class UploadTooLarge extends Error {}
export class UploadUnreadable extends Error {}

export type ReceiveOptions = {
  // Once a photo is wholly on disk (never one cut off at the limit), while the body may still be arriving.
  onPhoto?: (photo: ReceivedPhoto, fieldsSoFar: ReadonlyMap<string, string>) => void
}

export async function receiveRequestUpload(
  body: ReadableStream<Uint8Array> | null,
  headers: Headers,
  dir: string,
  { onPhoto }: ReceiveOptions = {},
): Promise<RequestUpload> {
  if (Number(headers.get('content-length') || 0) > MAX_UPLOAD_BYTES) throw new UploadTooLarge()
  let parser: Busboy.Busboy
  try {
    parser = Busboy({
      headers: { 'content-type': headers.get('content-type') ?? '' },
      limits: {
        fileSize: MAX_PHOTO_BYTES,
        files: MAX_PHOTOS,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_PHOTOS + MAX_FIELDS,
      },
    })
  } catch {
    throw new UploadUnreadable()
  }

  const upload: RequestUpload = { fields: new Map(), photos: [], photosAsText: false, tooManyPhotos: false }
  const writes: Promise<void>[] = []
  const receiving = new Set<Readable>()
  parser.on('field', (name, value) => {
    if (name === 'photos') upload.photosAsText = true
    else if (!upload.fields.has(name)) upload.fields.set(name, value)
  })
  parser.on('file', (name, stream, info) => {
    if (name !== 'photos') return void stream.resume()
    // A form posted without script sends an empty file input as one empty part with no file
    // name; one with bytes in it is refused like a photo sent as text.
    if (!info.filename) {
      stream.on('data', () => (upload.photosAsText = true))
      return void stream.resume()
    }
    const photo: ReceivedPhoto = {
      name: info.filename,
      path: path.join(dir, String(upload.photos.length)),
      size: 0,
      tooLarge: false,
    }
    upload.photos.push(photo)
    // Past 15 MB busboy skips the rest of this part; the photo is refused once all is read.
    stream.on('limit', () => (photo.tooLarge = true))
    receiving.add(stream)
    const file = fs.createWriteStream(photo.path)
    writes.push(
      pipeline(stream, file)
        .then(() => {
          photo.size = file.bytesWritten
          if (!photo.tooLarge) onPhoto?.(photo, upload.fields)
        })
        .finally(() => receiving.delete(stream)),
    )
  })
  parser.on('filesLimit', () => (upload.tooManyPhotos = true))

  // A missing or false Content-Length changes nothing: the bytes are counted.
  let total = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.byteLength
      done(total > MAX_UPLOAD_BYTES ? new UploadTooLarge() : null, chunk)
    },
  })
  const source = body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : Readable.from([])
  try {
    await pipeline(source, counted, parser)
  } catch (err) {
    for (const stream of receiving) stream.destroy()
    await Promise.allSettled(writes)
    throw err instanceof UploadTooLarge ? err : new UploadUnreadable()
  }
  // A photo that could not be written is the server's failure, not the visitor's.
  for (const result of await Promise.allSettled(writes)) if (result.status === 'rejected') throw result.reason
  return upload
}
