import fs from 'node:fs/promises'

import sharp from 'sharp'

import { createPerCoreLimiter } from '@/lib/limiter'
import { MAX_PHOTO_BYTES, PHOTO_MAX_SIDE } from '@/lib/quote-constants'

// What sharp reports for the formats customers may send. HEIC and AVIF both read as
// 'heif'; HEIC decodes only where sharp's libheif has an HEVC decoder, otherwise the
// decode below fails and the photo is refused like any unreadable file.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])
// Decompression bombs: a small file that claims a huge canvas. 50 MP holds every phone
// camera's full-resolution photo (the largest are 8160 x 6120, 49.9 MP).
export const MAX_PIXELS = 50_000_000

export type CleanPhoto = { data: Buffer; width: number; height: number }

export class PhotoRejected extends Error {}

// libvips caches the results of recent operations (up to 50 MB and 100 of them) for a
// program that reads the same image again; every photo here is read once, so the cache
// only held decoded photos in the server's memory between requests. Started at boot.
export function keepNoDecodedImages() {
  sharp.cache(false)
}

// Decides from the bytes alone (never the name or declared type) whether this is a photo
// we take, and re-encodes it: auto-oriented, longest side capped, as a JPEG without any
// metadata (sharp drops EXIF, GPS, XMP and ICC unless asked to keep them). A photo waiting
// in a file is read only once its turn has come, so queued photos wait on disk; libvips
// then reads the file itself as it decodes, so the photo's bytes never become a buffer in
// the server's JavaScript heap, where a dead 7 MB buffer stays until the next full GC.
// `since`: when the request it belongs to came in, which keeps that request's place in the
// line for a core (createLimiter).
export async function cleanPhoto(input: Buffer | string, since?: number): Promise<CleanPhoto> {
  return withPhotoSlot(
    async () => reencode(input, typeof input === 'string' ? (await fs.stat(input)).size : input.byteLength),
    since,
  )
}

// Decoding a 12 MP photo takes about 40 MB and a core: at most one photo per core is
// decoded at a time, so a burst of submissions queues here instead of multiplying the
// server's memory (10 submissions of 3 photos at once would otherwise decode 30 photos).
const withPhotoSlot = createPerCoreLimiter()

async function reencode(input: Buffer | string, bytes: number): Promise<CleanPhoto> {
  if (bytes === 0) throw new PhotoRejected('is empty.')
  if (bytes > MAX_PHOTO_BYTES) throw new PhotoRejected('is larger than 15 MB.')
  let format: string | undefined
  let pixels = 0
  try {
    // The header alone: nothing is decoded here, so no pixel limit is needed to read it.
    const meta = await sharp(input, { limitInputPixels: false }).metadata()
    format = meta.format
    pixels = (meta.width ?? 0) * (meta.height ?? 0)
  } catch {
    throw new PhotoRejected('is not an image we can read (JPEG, PNG, WebP, GIF, HEIC or AVIF).')
  }
  // Read from the header alone, before anything is decoded.
  if (pixels > MAX_PIXELS) throw new PhotoRejected('is larger than 50 megapixels.')
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new PhotoRejected('is not a JPEG, PNG, WebP, GIF, HEIC or AVIF image.')
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      // libjpeg-turbo rather than mozjpeg: six times faster on a 12 MP photo, for files
      // about a tenth larger; a customer waits for this step.
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    throw new PhotoRejected('could not be read as an image.')
  }
}
