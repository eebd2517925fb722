import { randomUUID } from 'node:crypto'

import { phonePhoto, quoteForm } from './lib/photos'
import type { RunningServer } from './lib/server'
import { median, percentile, round, target } from './lib/stats'
import type { Target } from './lib/stats'

// Quote submission with three ~7 MB phone photos: time from the first byte sent to the
// answer (on loopback this is the server's time: parsing, sharp re-encoding of each
// photo, the transaction), sequentially and six at once, and the server's peak memory
// after each phase (VmHWM only grows, so the sequential peak is read before the burst).
const SEQUENTIAL = Number(process.env.BENCH_QUOTE_SEQUENTIAL || 10)
const CONCURRENT = 6
const PHOTO_QUALITY = 92

async function submit(url: string, photos: Buffer[], n: number): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${url}/api/quote-requests`, {
    method: 'POST',
    body: quoteForm(photos, n),
    headers: { 'Idempotency-Key': randomUUID() },
  })
  await res.arrayBuffer()
  if (res.status !== 201) throw new Error(`submission ${n} answered ${res.status}`)
  return performance.now() - started
}

export async function quoteBench(server: RunningServer) {
  const photos = await Promise.all([1, 2, 3].map((seed) => phonePhoto(seed, PHOTO_QUALITY)))
  const photoMB = photos.map((p) => round(p.length / 2 ** 20, 2))
  console.log(`  photos: ${photoMB.join(' MB, ')} MB`)
  const before = server.memory()

  await submit(server.url, photos, 0) // warm-up: first use of sharp and the routes
  const sequential: number[] = []
  for (let i = 1; i <= SEQUENTIAL; i++) sequential.push(await submit(server.url, photos, i))
  const afterSequential = server.memory()

  const concurrent = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => submit(server.url, photos, 1000 + i)),
  )
  const after = server.memory()

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
    rssMiB: {
      idle: round(before.rss),
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
  return { ...result, targets }
}
