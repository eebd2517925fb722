import { randomBytes } from 'node:crypto'

import sharp from 'sharp'

import { PHOTO_MAX_SIDE } from '../../src/lib/request-constants'

// A phone photo of realistic size: 4032×3024, fine-grained detail (so JPEG cannot shrink
// it much), EXIF with camera, serial and GPS position, orientation flag set. About 4 MB at
// quality 74, about 7 MB at 90.
export async function phonePhoto(seed: number, quality = 74): Promise<Buffer> {
  const width = 4032
  const height = 3024
  const noise = await sharp(randomBytes((width / 4) * (height / 4) * 3), {
    raw: { width: width / 4, height: height / 4, channels: 3 },
  })
    .resize(width, height, { kernel: 'nearest' })
    .blur(0.6)
    .raw()
    .toBuffer()
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .modulate({ hue: (seed * 37) % 360 })
    .withExif({
      IFD0: { Make: 'BenchPhone', Model: 'Curbside 15' },
      IFD2: { BodySerialNumber: `SN-BENCH-${seed}` },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 3162/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 2520/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality })
    .toBuffer()
}

// A photo as the quote form sends it: downscaled in the browser to the stored size, JPEG
// at 0.9 (src/components/request/downscale-photo.ts), about 2.2 MB for the photos above.
export function asTheFormSendsIt(original: Buffer): Promise<Buffer> {
  return sharp(original)
    .rotate()
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer()
}

export function requestForm(photos: Buffer[], n: number): FormData {
  const form = new FormData()
  form.append('firstName', 'Bench')
  form.append('lastName', `Customer ${n}`)
  form.append('phone', '(512) 555-0100')
  form.append('email', `bench${n}@example.com`)
  form.append('description', 'Curb rash on all four wheels, 20 inch, machined face.')
  form.append('serviceType', 'wheel_restoration')
  photos.forEach((bytes, i) =>
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `IMG_${n}_${i}.jpg`),
  )
  return form
}
