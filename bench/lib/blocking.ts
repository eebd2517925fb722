import { chromium } from 'playwright-core'

import { chromePath, FRAME_FLAGS } from '../lighthouse'
import { median, round } from './stats'

// A page's blocking time as a phone's browser lives it, beside Lighthouse's simulated one:
// Chromium's own 4× CPU throttling (real task lengths, no simulation), no debugger or
// profiler attached (Lighthouse's lengthen the loading of scripts from V8's code cache),
// warm: the third load of the page in one browser, so V8 has written its code cache (on the
// second) and reads it. Blocking time: each long task's time past 50 ms, from the first
// contentful paint until 5 s after the load event.
const CPU_SLOWDOWN = 4
const SETTLE_MS = 5000
// Lighthouse's mobile screen.
const VIEWPORT = { width: 412, height: 823 }

const OBSERVE_LONG_TASKS = `
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
`

const READ_BLOCKING = `(() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0]
  const from = paint ? paint.startTime : 0
  const blocking = window.__longTasks
    .filter(([start]) => start >= from)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
  return { firstPaintMs: from, blockingMs: blocking }
})()`

export type Blocking = { blockingMs: number; firstPaintMs: number; runs: number[] }

/** Median over `runs` fresh browsers of the warm load's blocking time, signed in with `authorization`. */
export async function warmBlocking(url: string, authorization: string, runs: number): Promise<Blocking> {
  const results: { blockingMs: number; firstPaintMs: number }[] = []
  for (let i = 0; i < runs; i++) {
    const browser = await chromium.launch({
      executablePath: chromePath(),
      args: ['--no-sandbox', ...FRAME_FLAGS],
    })
    try {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: { Authorization: authorization },
      })
      await context.addInitScript(OBSERVE_LONG_TASKS)
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      for (let load = 0; load < 3; load++) {
        await page.goto('about:blank')
        await page.goto(url, { waitUntil: 'load' })
        await page.waitForTimeout(SETTLE_MS)
      }
      results.push((await page.evaluate(READ_BLOCKING)) as { blockingMs: number; firstPaintMs: number })
    } finally {
      await browser.close()
    }
  }
  return {
    blockingMs: round(median(results.map((r) => r.blockingMs)), 0),
    firstPaintMs: round(median(results.map((r) => r.firstPaintMs)), 0),
    runs: results.map((r) => round(r.blockingMs, 0)),
  }
}
