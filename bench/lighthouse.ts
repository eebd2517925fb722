import fs from 'node:fs'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Flags } from 'lighthouse'

import { sentQuotePath } from './lib/quote-link'
import { median, round, target } from './lib/stats'
import type { Target } from './lib/stats'

// Lighthouse's default (mobile) run, simulated throttling as PageSpeed uses, driving the
// system Chromium: the four category scores, FCP, LCP, TBT, CLS and bytes transferred
// per public page, median of RUNS runs.
export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)
export const LIGHTHOUSE_PAGES = ['/', '/gallery', '/join-team', '/privacy-policy', '/login']
// The customer's quote page opens only with a sent quote's link: one is written and sent
// first, and the page is reported under this name.
export const QUOTE_PAGE = '/quote/<token>'
const NOINDEX_PAGES = new Set(['/login', QUOTE_PAGE])
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export function chromePath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => Boolean(p && fs.existsSync(p)),
  )
}

export type PageFigures = {
  scores: Record<(typeof CATEGORIES)[number], number>
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  transferKiB: number
  observedFirstPaintMs: number
  /** The document's time to first byte as Lighthouse saw it (server-response-time). */
  ttfbMs: number
  /** Main-thread style calculation and layout before that first paint, unthrottled (the trace's own). */
  styleBeforePaintMs: number
  layoutBeforePaintMs: number
  /** What the largest paint was (selector and text), and how long it waited to render after its resources. */
  lcpElement: string
  lcpRenderDelayMs: number
}

export type TraceEvent = {
  name: string
  ts: number
  dur?: number
  pid?: number
  tid?: number
  args?: { data?: { documentLoaderURL?: string } }
}

/** The page's navigation in a Lighthouse trace: its start, on the page's main thread. */
export const pageNavigation = (events: TraceEvent[]) =>
  events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'))

/** Milliseconds spent in trace events named `name` that started before the page's first contentful paint. */
function beforeFirstPaint(events: TraceEvent[], name: string): number {
  const navigation = pageNavigation(events)
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= (navigation?.ts ?? 0))
  if (!navigation || !paint) return NaN
  const micros = events
    .filter((e) => e.name === name && e.ts >= navigation.ts && e.ts < paint.ts)
    .reduce((sum, e) => sum + (e.dur ?? 0), 0)
  return micros / 1000
}

// Headless Chromium's display compositor does not wait for a page's new frame before it
// draws: on these two busy cores a page's first frames (Payload's own dashboard's as ours)
// were presented about 1 or 2 s after they were painted, in most cold runs, and Lighthouse
// then charged every script download to the first paint. A phone's screen presents a
// frame at the next refresh; this switch makes the headless display wait for the frame.
export const FRAME_FLAGS = ['--run-all-compositor-stages-before-draw']

export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...FRAME_FLAGS,
    ],
  })
}

/** Lighthouse's own flags a run may add: request headers, a kept cache, fewer categories. */
export type RunFlags = Pick<
  Flags,
  | 'extraHeaders'
  | 'disableStorageReset'
  | 'onlyCategories'
  | 'onlyAudits'
  | 'skipAudits'
  | 'additionalTraceCategories'
>

/** One Lighthouse run of one page in the Chromium listening on `port`, as Lighthouse returns it. */
export async function lighthouseResult(port: number, pageUrl: string, flags: RunFlags = {}) {
  const result = await lighthouse(pageUrl, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...flags,
  })
  if (!result) throw new Error(`lighthouse gave no result for ${pageUrl}`)
  if (result.lhr.runtimeError) throw new Error(`lighthouse on ${pageUrl}: ${result.lhr.runtimeError.message}`)
  return result
}

/** One Lighthouse run of one page in the Chromium listening on `port`. */
export async function lighthouseRun(
  port: number,
  pageUrl: string,
  flags: RunFlags = {},
): Promise<PageFigures> {
  return figuresOf(await lighthouseResult(port, pageUrl, flags))
}

type Run = Awaited<ReturnType<typeof lighthouseResult>>
type Item = Record<string, unknown>

/** An audit's table rows. */
export function items(run: Run, audit: string): Item[] {
  return ((run.lhr.audits[audit]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[]
}

type NodeItem = { selector?: string; nodeLabel?: string }
type TableItem = { items?: (Item & { node?: NodeItem; timing?: number })[] }

const describe = (node?: NodeItem) =>
  node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)}"` : ''

/** The LCP element and its phases (TTFB, load delay, load time, render delay), and the element that shifted most. */
export function elements(run: Run) {
  const [element, phases] = items(run, 'largest-contentful-paint-element') as TableItem[]
  const shift = items(run, 'layout-shifts')[0] as { node?: NodeItem } | undefined
  return {
    lcp: describe(element?.items?.[0]?.node),
    lcpRenderDelayMs: round(Number(phases?.items?.[3]?.timing ?? NaN), 0),
    shift: describe(shift?.node),
  }
}

/** A run's figures (categories left out of the run score 0). */
export function figuresOf(result: Awaited<ReturnType<typeof lighthouseResult>>): PageFigures {
  const { lhr } = result
  const trace = (result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  // The unthrottled trace's own first paint, which the simulated LCP is derived from.
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0]
  const lcp = elements(result)
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as PageFigures['scores'],
    fcpMs: round(audit('first-contentful-paint'), 0),
    lcpMs: round(audit('largest-contentful-paint'), 0),
    tbtMs: round(audit('total-blocking-time'), 0),
    cls: round(audit('cumulative-layout-shift'), 3),
    transferKiB: round(audit('total-byte-weight') / 1024),
    observedFirstPaintMs: round(metrics?.observedFirstContentfulPaint ?? NaN, 0),
    ttfbMs: round(audit('server-response-time'), 0),
    styleBeforePaintMs: round(beforeFirstPaint(trace, 'UpdateLayoutTree'), 1),
    layoutBeforePaintMs: round(beforeFirstPaint(trace, 'Layout'), 1),
    lcpElement: lcp.lcp,
    lcpRenderDelayMs: lcp.lcpRenderDelayMs,
  }
}

export async function lighthouseBench(url: string) {
  const paths: Record<string, string> = Object.fromEntries(LIGHTHOUSE_PAGES.map((p) => [p, p]))
  paths[QUOTE_PAGE] = await sentQuotePath(url)
  const chrome = await launchChrome()
  const pages: Record<string, PageFigures & { runs: PageFigures[] }> = {}
  try {
    for (const [page, pagePath] of Object.entries(paths)) {
      const runs: PageFigures[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(chrome.port, `${url}${pagePath}`))
      const med = (pick: (r: PageFigures) => number) => median(runs.map(pick))
      pages[page] = {
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, med((r) => r.scores[c])]),
        ) as PageFigures['scores'],
        fcpMs: med((r) => r.fcpMs),
        lcpMs: med((r) => r.lcpMs),
        tbtMs: med((r) => r.tbtMs),
        cls: med((r) => r.cls),
        transferKiB: med((r) => r.transferKiB),
        observedFirstPaintMs: med((r) => r.observedFirstPaintMs),
        ttfbMs: med((r) => r.ttfbMs),
        styleBeforePaintMs: med((r) => r.styleBeforePaintMs),
        layoutBeforePaintMs: med((r) => r.layoutBeforePaintMs),
        lcpElement: [...new Set(runs.map((r) => r.lcpElement))].join(' | '),
        lcpRenderDelayMs: med((r) => r.lcpRenderDelayMs),
        runs,
      }
      const { runs: _runs, ...figures } = pages[page]
      console.log(`  ${page}: ${JSON.stringify(figures)}`)
    }
  } finally {
    chrome.kill()
  }
  const targets: Target[] = []
  for (const [page, p] of Object.entries(pages)) {
    for (const c of CATEGORIES) {
      // Kept out of search engines on purpose: Lighthouse's "is crawlable" check fails them.
      if (c === 'seo' && NOINDEX_PAGES.has(page)) continue
      targets.push(target(`${page} ${c}`, p.scores[c], c === 'performance' ? 99 : 100, '>='))
    }
    targets.push(target(`${page} LCP (ms)`, p.lcpMs, 1300, '<=', ' ms'))
    // The largest paint is the first one when the page's text does not wait for anything.
    targets.push(target(`${page} LCP after FCP (ms)`, p.lcpMs - p.fcpMs, 200, '<=', ' ms'))
    targets.push(target(`${page} TBT (ms)`, p.tbtMs, 50, '<=', ' ms'))
    targets.push(target(`${page} CLS`, p.cls, 0, '<='))
    targets.push(target(`${page} page weight (KiB)`, p.transferKiB, 250, '<=', ' KiB'))
  }
  return { runs: RUNS, pages, targets }
}
