import fs from 'node:fs'
import path from 'node:path'

import { adminBench, adminHtmlBench } from './admin'
import { adminTapBench } from './admin-tap'
import { backofficeBench } from './backoffice'
import { buildBench } from './build'
import { firstLoadJs } from './first-load-js'
import { floorBench } from './floor'
import { httpBench } from './http'
import { lighthouseBench } from './lighthouse'
import { startServer } from './lib/server'
import type { RunningServer } from './lib/server'
import { newReport, selectedNames } from './lib/cli'
import { printTargets } from './lib/stats'
import type { Target } from './lib/stats'
import { requestBench } from './request'

// `npm run bench [-- name...]`: builds for production on a fresh, migrated and seeded
// database (as the end-to-end tests do), then runs each benchmark against its own
// freshly started server and prints its figures and targets. Results go to
// bench/results/<time>.json and bench/results/latest.json.
type Result = Promise<{ targets: Target[] } & Record<string, unknown>>
// `server: false`: the benchmark starts what it needs itself (the build benchmark builds).
type Entry = { title: string; env?: Record<string, string> } & (
  { server?: true; run: (server: RunningServer) => Result } | { server: false; run: () => Result }
)

const BENCHES: Record<string, Entry> = {
  lighthouse: { title: 'Lighthouse, mobile', run: (s) => lighthouseBench(s.url) },
  'first-load-js': { title: 'First-load JavaScript per route', run: (s) => firstLoadJs(s.url) },
  floor: {
    title: 'Floors: an empty page and a styled one-paragraph page beside the home page',
    run: floorBench,
  },
  http: { title: 'HTTP throughput and latency (autocannon)', run: (s) => httpBench(s.url) },
  // The rate limit would refuse a benchmark's submissions from one address.
  quote: {
    title: 'Quote submission with photos',
    env: { QUOTE_RATE_LIMIT_MAX: '100000' },
    run: requestBench,
  },
  backoffice: { title: 'Back office with 10 000 leads', run: (s) => backofficeBench(s.url) },
  admin: {
    title: "The back office on a phone, signed in, beside Payload's own dashboard",
    run: adminBench,
  },
  'admin-html': { title: "The back office's documents, as the server answers them", run: adminHtmlBench },
  'admin-tap': { title: 'A status tap on a slow phone, cold: tap to result', run: adminTapBench },
  build: { title: 'Cold production build', server: false, run: () => buildBench() },
}

const names = selectedNames(BENCHES, process.argv.slice(2), 'benchmark')
const { report, results } = newReport()
let failed = false

for (const name of names) {
  const bench = BENCHES[name]
  console.log(`\n== ${bench.title} (${name})`)
  let server: RunningServer | null = null
  try {
    let result: Awaited<Result>
    if (bench.server === false) result = await bench.run()
    else {
      server = await startServer(bench.env, { waitForWarmUp: true })
      result = await bench.run(server)
    }
    results[name] = result
    printTargets(result.targets)
  } catch (error) {
    failed = true
    results[name] = { error: String(error instanceof Error ? error.stack : error) }
    console.error(`  FAILED: ${error instanceof Error ? error.message : error}`)
  } finally {
    await server?.stop()
  }
}

report.finishedAt = new Date().toISOString()
const dir = path.resolve('bench/results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `${String(report.startedAt).replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, JSON.stringify(report, null, 2))
fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(report, null, 2))
console.log(`\nmachine: ${JSON.stringify(report.machine)}\nresults: ${path.relative(process.cwd(), file)}`)
process.exit(failed ? 1 : 0)
