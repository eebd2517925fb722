import { chromium } from 'playwright-core'
import type { Locator, Page } from 'playwright-core'

import { chromePath, FRAME_FLAGS, RUNS } from './lighthouse'
import { adminAuthorization } from './lib/auth'
import type { RunningServer } from './lib/server'
import { median, round, target } from './lib/stats'
import type { Target } from './lib/stats'

// The owner on the road: a phone on a slow connection (Lighthouse's mobile profile: 1.6 Mbit/s
// down, 750 kbit/s up, 150 ms round trips, a 4× slower CPU), a new lead opened cold (empty
// cache). "Mark Contacted" is tapped the moment it is on screen, as a thumb does, and the time
// runs until the lead's status reads Contacted. A button that does not answer yet is tapped
// again until it does (Playwright waits for it to be enabled), so a tap that has to wait for
// the page's script counts that wait.

// Lighthouse's own figures (its constants.js), in bytes per second.
const PROFILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const CPU_SLOWDOWN = 4
// Lighthouse's mobile screen.
const VIEWPORT = { width: 412, height: 823 }
const TARGET_MS = 3000
const TIMEOUT_MS = 60_000

type Tap = { visibleMs: number; resultMs: number; tapToResultMs: number }

async function newLead(
  url: string,
  authorization: string,
  run: number,
): Promise<{ id: number; name: string }> {
  const lastName = `Roadtap${run}${Date.now().toString(36)}`
  const res = await fetch(`${url}/api/leads?depth=0`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify({
      firstName: 'Tara',
      lastName,
      phone: '512-555-0188',
      email: `${lastName.toLowerCase()}@example.com`,
      description: 'Curb rash on the front right wheel.',
      serviceType: 'rim_rash',
    }),
  })
  if (res.status !== 201) throw new Error(`creating a lead answered ${res.status}: ${await res.text()}`)
  return { id: ((await res.json()) as { doc: { id: number } }).doc.id, name: `Tara ${lastName}` }
}

/** One cold load of `path` on the slow phone; `scope` finds the lead's part of the page. */
async function tapOnce(url: string, path: string, authorization: string, scope: (page: Page) => Locator) {
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
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILE })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const lead = scope(page)
    const button = lead.getByRole('button', { name: 'Mark Contacted' })
    const started = Date.now()
    await page.goto(`${url}${path}`, { waitUntil: 'commit' })
    await button.waitFor({ state: 'visible' })
    const visibleMs = Date.now() - started
    await button.click()
    await lead.locator('.cbo-status', { hasText: 'Contacted' }).waitFor({ state: 'visible' })
    const resultMs = Date.now() - started
    return { visibleMs, resultMs, tapToResultMs: resultMs - visibleMs }
  } finally {
    await browser.close()
  }
}

function summary(taps: Tap[]) {
  return {
    visibleMs: round(median(taps.map((t) => t.visibleMs)), 0),
    tapToResultMs: round(median(taps.map((t) => t.tapToResultMs)), 0),
    runs: taps.map((t) => `${t.visibleMs} + ${t.tapToResultMs}`),
  }
}

export async function adminTapBench(site: RunningServer) {
  const owner = await adminAuthorization(site.url)
  const list: Tap[] = []
  const details: Tap[] = []
  for (let i = 0; i < RUNS; i++) {
    // The newest lead is the list's first card.
    const a = await newLead(site.url, owner, i)
    list.push(
      await tapOnce(site.url, '/admin?tab=leads', owner, (page) =>
        page.getByTestId('lead').filter({ hasText: a.name }),
      ),
    )
    const b = await newLead(site.url, owner, i)
    details.push(
      await tapOnce(site.url, `/admin/collections/leads/${b.id}`, owner, (page) =>
        page.getByTestId('lead-details'),
      ),
    )
    console.log(
      `  round ${i + 1}: leads tab visible at ${list[i].visibleMs} ms, Contacted ${list[i].tapToResultMs} ms after the tap; a lead's details ${details[i].visibleMs} ms, ${details[i].tapToResultMs} ms`,
    )
  }
  const results = { 'leads tab': summary(list), "a lead's details": summary(details) }
  for (const [name, r] of Object.entries(results)) console.log(`  ${name}: ${JSON.stringify(r)}`)
  const targets: Target[] = [
    target('leads tab: tap to Contacted (ms)', results['leads tab'].tapToResultMs, TARGET_MS, '<=', ' ms'),
    target(
      "a lead's details: tap to Contacted (ms)",
      results["a lead's details"].tapToResultMs,
      TARGET_MS,
      '<=',
      ' ms',
    ),
  ]
  return { runs: RUNS, profile: { ...PROFILE, cpuSlowdown: CPU_SLOWDOWN }, results, targets }
}
