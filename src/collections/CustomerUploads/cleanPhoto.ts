import fs from 'node:fs/promises'

import sharp from 'sharp'

import { createPerCoreLimiter } from '@/lib/limiter'
import { MAX_PHOTO_BYTES, PHOTO_MAX_SIDE } from '@/lib/request-constants'

// sharp reads HEIC and AVIF as 'heif'; HEIC decodes only where libheif has HEVC, else it is refused.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])
// Against decompression bombs; 50 MP holds every phone camera's full-resolution photo.
export const MAX_PIXELS = 50_000_000

export type CleanPhoto = { data: Buffer; width: number; height: number }

export class PhotoRejected extends Error {}

// libvips' operation cache only keeps decoded photos in memory: every photo here is read once.
export function keepNoDecodedImages() {
  sharp.cache(false)
}

// Decides from the bytes alone, never the name or declared type. A file is read by libvips itself, so the
// photo never becomes a buffer in the JS heap; `since` keeps its request's place in line for a core.
export async function cleanPhoto(input: Buffer | string, since?: number): Promise<CleanPhoto> {
  return withPhotoSlot(
    async () => reencode(input, typeof input === 'string' ? (await fs.stat(input)).size : input.byteLength),
    since,
  )
}

// Decoding a 12 MP photo takes about 40 MB and a core: a burst queues here instead of multiplying memory.
const withPhotoSlot = createPerCoreLimiter()

async function reencode(input: Buffer | string, bytes: number): Promise<CleanPhoto> {
  if (bytes === 0) throw new PhotoRejected('is empty.')
  if (bytes > MAX_PHOTO_BYTES) throw new PhotoRejected('is larger than 15 MB.')
  let format: string | undefined
  let pixels = 0
  try {
    // Header only: nothing is decoded, so no pixel limit is needed to read it.
    const meta = await sharp(input, { limitInputPixels: false }).metadata()
    format = meta.format
    pixels = (meta.width ?? 0) * (meta.height ?? 0)
  } catch {
    throw new PhotoRejected('is not an image we can read (JPEG, PNG, WebP, GIF, HEIC or AVIF).')
  }
  if (pixels > MAX_PIXELS) throw new PhotoRejected('is larger than 50 megapixels.')
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new PhotoRejected('is not a JPEG, PNG, WebP, GIF, HEIC or AVIF image.')
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      // libjpeg-turbo rather than mozjpeg: six times faster for files about a tenth larger; a customer waits.
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    throw new PhotoRejected('could not be read as an image.')
  }
}
