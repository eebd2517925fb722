import { randomUUID } from 'node:crypto'

import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { cleanPhoto, keepNoDecodedImages } from '../src/collections/CustomerUploads/cleanPhoto'

import { asTheFormSendsIt, phonePhoto, requestForm } from './lib/photos'
import type { RunningServer } from './lib/server'
import { median, percentile, round, target } from './lib/stats'
import type { Target } from './lib/stats'

// Quote submission with three ~7 MB phone photos: time from the first byte sent to the
// answer (on loopback this is the server's time: parsing, sharp re-encoding of each
// photo, the transaction), sequentially and six at once, and the server's peak memory
// after each phase (VmHWM only grows, so the sequential peak is read before the burst).
// Then the same photos as the form sends them (downscaled in the browser) at a phone's
// upload speed: how long the answer takes once the last byte has been sent.
const SEQUENTIAL = Number(process.env.BENCH_QUOTE_SEQUENTIAL || 10)
const CONCURRENT = 6
const PHOTO_QUALITY = 92
// A phone's upload: 8 Mbit/s, sent in 16 KiB pieces.
const UPLOAD_BYTES_PER_SECOND = 1_000_000
const UPLOAD_PIECE = 16 * 1024
const UPLOADS = 5

async function submit(url: string, photos: Buffer[], n: number): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${url}/api/quote-requests`, {
    method: 'POST',
    body: requestForm(photos, n),
    headers: { 'Idempotency-Key': randomUUID() },
  })
  await res.arrayBuffer()
  if (res.status !== 201) throw new Error(`submission ${n} answered ${res.status}`)
  return performance.now() - started
}

export async function requestBench(server: RunningServer) {
  const photos = await Promise.all([1, 2, 3].map((seed) => phonePhoto(seed, PHOTO_QUALITY)))
  const photoMB = photos.map((p) => round(p.length / 2 ** 20, 2))
  console.log(`  photos: ${photoMB.join(' MB, ')} MB`)
  const before = server.memory()
  // The floor of memory: the same request without photos, so the routes, Payload and the
  // database pool are loaded and warm; what the photos add comes on top of this.
  await submit(server.url, [], -1)
  const textOnly = server.memory()
  const imageWork = await imageWorkAlone(photos)

  await submit(server.url, photos, 0) // warm-up: first use of sharp and the routes
  const firstWithPhotos = server.memory()
  const sequential: number[] = []
  for (let i = 1; i <= SEQUENTIAL; i++) sequential.push(await submit(server.url, photos, i))
  const afterSequential = server.memory()

  const concurrent = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => submit(server.url, photos, 1000 + i)),
  )
  const after = server.memory()

  // Last, so the memory figures above are those of the originals: the same photos as the
  // form sends them, at a phone's upload speed.
  const formPhotos = await Promise.all(photos.map(asTheFormSendsIt))
  const overPhone: number[] = []
  for (let i = 0; i < UPLOADS; i++)
    overPhone.push(await submitOverPhoneUpload(server.url, formPhotos, 2000 + i))

  const result = {
    photoMB,
    sequential: {
      n: sequential.length,
      p50: round(median(sequential)),
      p99: round(percentile(sequential, 99)),
    },
    concurrent: {
      n: concurrent.length,
      p50: round(median(concurrent)),
      p99: round(percentile(concurrent, 99)),
    },
    // Photos as the form sends them, over an 8 Mbit/s upload: from the last byte sent.
    phoneUpload: {
      photoMB: formPhotos.map((p) => round(p.length / 2 ** 20, 2)),
      n: overPhone.length,
      afterLastByteP50: round(median(overPhone)),
    },
    // The floor of time: the server's decode and encode of the three photos alone, as it
    // runs them (cleanPhoto, one per core), in this process.
    imageWorkMs: round(imageWork),
    rssMiB: {
      idle: round(before.rss),
      textOnlyPeak: round(textOnly.peak),
      firstWithPhotosPeak: round(firstWithPhotos.peak),
      // Code and libraries mapped (sharp's libvips among them once a photo came).
      filesTextOnly: round(textOnly.files),
      filesAfter: round(after.files),
      afterSequential: round(afterSequential.rss),
      peakSequential: round(afterSequential.peak),
      peak: round(after.peak),
    },
  }
  const targets: Target[] = [
    target('submission p50, sequential (ms)', result.sequential.p50, 900, '<=', ' ms'),
    target('server peak RSS, sequential (MiB)', result.rssMiB.peakSequential, 400, '<=', ' MiB'),
    target(`server peak RSS, ${CONCURRENT} at once (MiB)`, result.rssMiB.peak, 600, '<=', ' MiB'),
  ]
  console.log(
    `  the form's photos (${result.phoneUpload.photoMB.join(', ')} MB) over an 8 Mbit/s upload: answer ${result.phoneUpload.afterLastByteP50} ms after the last byte (median of ${UPLOADS})`,
  )
  console.log(
    `  floor: the photos' decode and encode alone ${result.imageWorkMs} ms; server peak after a quote without photos ${result.rssMiB.textOnlyPeak} MiB, after the first one with photos ${result.rssMiB.firstWithPhotosPeak} MiB (of it in code and libraries: ${result.rssMiB.filesTextOnly} → ${result.rssMiB.filesAfter} MiB)`,
  )
  return { ...result, targets }
}

// The form's request sent at a phone's upload speed; what the visitor waits for once the
// last byte has left: the photos' work not done while the body was arriving, the files,
// the lead and its transaction.
async function submitOverPhoneUpload(url: string, photos: Buffer[], n: number): Promise<number> {
  const encoded = new Response(requestForm(photos, n))
  const body = Buffer.from(await encoded.arrayBuffer())
  return new Promise((resolve, reject) => {
    let lastByteSent = 0
    const req = http.request(`${url}/api/quote-requests`, {
      method: 'POST',
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': body.byteLength,
        'idempotency-key': randomUUID(),
      },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () =>
        res.statusCode === 201
          ? resolve(performance.now() - lastByteSent)
          : reject(new Error(`submission ${n} answered ${res.statusCode}`)),
      )
    })
    req.on('error', reject)
    let sent = 0
    const sendPiece = () => {
      const end = Math.min(sent + UPLOAD_PIECE, body.byteLength)
      req.write(body.subarray(sent, end))
      sent = end
      if (sent < body.byteLength) setTimeout(sendPiece, (UPLOAD_PIECE / UPLOAD_BYTES_PER_SECOND) * 1000)
      else {
        lastByteSent = performance.now()
        req.end()
      }
    }
    sendPiece()
  })
}

async function imageWorkAlone(photos: Buffer[]): Promise<number> {
  keepNoDecodedImages()
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-photos-'))
  try {
    const files = await Promise.all(
      photos.map(async (bytes, i) => {
        const file = path.join(dir, `${i}.jpg`)
        await fs.writeFile(file, bytes)
        return file
      }),
    )
    const runs: number[] = []
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      await Promise.all(files.map((file) => cleanPhoto(file)))
      runs.push(performance.now() - started)
    }
    return median(runs)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
