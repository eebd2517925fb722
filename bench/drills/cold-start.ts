import fs from 'node:fs'

import { WARM_PATHS, WARM_UP_LINE } from '../../src/server/warm-pages'
import { startRedisServer } from '../../tests/helpers/redis-server'
import type { RedisServer } from '../../tests/helpers/redis-server'
import { median, round } from '../lib/stats'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import { errorLines, freePort, serverLogFile, sleep } from './lib'
import type { DrillResult } from './lib'

// Drill: the first visitor of each page on an instance that has just started, as after a
// deploy. Each round starts a fresh instance of the production build on an empty Redis
// cache (a new build's instances share nothing cached yet, docker-compose.yml's shape),
// once with the pages warmed at start (src/server/warm-pages.ts) and once with
// WARM_PAGES=false. Five seconds after the server first answers (a route that is not a
// page, so that nothing else warms it) or, when warming, after it logged its warm-up, one
// visitor opens each public page in turn: the HTML, then at once everything its
// head names (stylesheets, the preloaded font, the scripts), as a browser asks for them.
// Figures: per page, the median over the rounds of the HTML's time and of the time until
// the last of those files arrived. The drill fails when a page does not answer 200, when
// the warm-up does not report every page as 200, or when WARM_PAGES=false still warms.
const ROUNDS = 3
const SETTLE_MS = 5_000

type Visit = {
  path: string
  status: number
  cache: string | null
  htmlMs: number
  loadedMs: number
  files: number
}

// What the browser fetches as soon as it has read the head of the page.
function filesNamedBy(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>') + 1 || html.length)
  const hrefs = [...head.matchAll(/<link[^>]+rel="(?:stylesheet|preload)"[^>]*>/g)].map(
    (m) => /href="([^"]+)"/.exec(m[0])?.[1],
  )
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1])
  return [...new Set([...hrefs, ...scripts].filter((h): h is string => Boolean(h)))].map((h) =>
    h.replaceAll('&amp;', '&'),
  )
}

async function visit(url: string, path: string): Promise<Visit> {
  const started = performance.now()
  const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(60_000) })
  const html = await res.text()
  const htmlMs = performance.now() - started
  const files = filesNamedBy(html)
  await Promise.all(
    files.map(async (file) => {
      const asset = await fetch(new URL(file, url), { signal: AbortSignal.timeout(60_000) })
      await asset.arrayBuffer()
      if (!asset.ok) throw new Error(`${file} (named by ${path}) answered ${asset.status}`)
    }),
  )
  return {
    path,
    status: res.status,
    cache: res.headers.get('x-nextjs-cache'),
    htmlMs: round(htmlMs),
    loadedMs: round(performance.now() - started),
    files: files.length,
  }
}

type Run = { visits: Visit[]; warmLine: string | null; rssAfterStartMiB: number; rssAfterVisitsMiB: number }

async function instance(mode: 'warmed' | 'cold', round_: number, failures: string[]): Promise<Run | null> {
  const logFile = serverLogFile(`cold-start-${mode}-${round_}`)
  let redis: RedisServer | null = null
  let server: RunningServer | null = null
  try {
    redis = await startRedisServer()
    const env: Record<string, string> = { REDIS_URL: redis.url }
    if (mode === 'cold') env.WARM_PAGES = 'false'
    // Warmed: returns once the server has logged its warm-up (or throws after 120 s).
    server = await startServer(env, {
      logFile,
      port: await freePort(),
      readyPath: '/robots.txt',
      waitForWarmUp: mode === 'warmed',
    })
    await sleep(SETTLE_MS)
    const warmLine = WARM_UP_LINE.exec(fs.readFileSync(logFile, 'utf8'))?.[0] ?? null
    if (mode === 'cold' && warmLine)
      failures.push(`round ${round_}: the server warmed its pages with WARM_PAGES=false`)
    if (mode === 'warmed' && !WARM_PATHS.every((p) => warmLine?.includes(` ${p} 200 (`)))
      failures.push(`round ${round_}: a page was not warmed: ${warmLine}`)
    const rssAfterStartMiB = round(server.memory().rss)
    const visits: Visit[] = []
    for (const path of WARM_PATHS) visits.push(await visit(server.url, path))
    for (const v of visits)
      if (v.status !== 200) failures.push(`round ${round_} (${mode}): ${v.path} answered ${v.status}`)
    for (const line of errorLines(logFile)) failures.push(`round ${round_} (${mode}) server log: ${line}`)
    return { visits, warmLine, rssAfterStartMiB, rssAfterVisitsMiB: round(server.memory().rss) }
  } catch (error) {
    failures.push(`round ${round_} (${mode}): ${error instanceof Error ? error.message : String(error)}`)
    return null
  } finally {
    await server?.stop()
    await redis?.stop()
  }
}

export async function coldStartDrill(): Promise<DrillResult> {
  const failures: string[] = []
  const runs: Record<'warmed' | 'cold', Run[]> = { warmed: [], cold: [] }
  for (let r = 1; r <= ROUNDS; r++) {
    // Alternating, so that the machine's load falls on both alike.
    for (const mode of r % 2 ? (['cold', 'warmed'] as const) : (['warmed', 'cold'] as const)) {
      const run = await instance(mode, r, failures)
      if (run) runs[mode].push(run)
    }
  }
  const figures: Record<string, unknown> = { rounds: ROUNDS }
  for (const mode of ['cold', 'warmed'] as const) {
    const all = runs[mode]
    if (!all.length) continue
    const perPage: Record<string, string> = {}
    let html = 0
    let loaded = 0
    for (const path of WARM_PATHS) {
      const of = all.map((run) => run.visits.find((v) => v.path === path)!)
      const h = median(of.map((v) => v.htmlMs))
      const l = median(of.map((v) => v.loadedMs))
      html += h
      loaded += l
      const caches = [...new Set(of.map((v) => v.cache ?? '-'))].join('/')
      perPage[path] = `HTML ${round(h)} ms, with its ${of[0].files} files ${round(l)} ms (cache ${caches})`
    }
    figures[`${mode}: first visit per page (median of ${all.length})`] = perPage
    figures[`${mode}: all ${WARM_PATHS.length} pages, HTML / with files (ms)`] =
      `${round(html)} / ${round(loaded)}`
    figures[`${mode}: RSS after start / after the visits (MiB, median)`] =
      `${median(all.map((r) => r.rssAfterStartMiB))} / ${median(all.map((r) => r.rssAfterVisitsMiB))}`
    if (mode === 'warmed') figures['warmed: the warm-up lines'] = all.map((r) => r.warmLine)
  }
  return { failures, figures }
}
