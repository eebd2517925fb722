import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'

import { DEV_ADMIN } from '../../src/seed/dev-admin'

// Accessibility: no serious or critical axe violation on the page as it is now.
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  expect(serious).toEqual([])
}

// A REST token of the development admin, for arranging data through the API.
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/users/login', {
    data: { email: DEV_ADMIN.email, password: DEV_ADMIN.password },
  })
  expect(res.status()).toBe(200)
  return (await res.json()).token as string
}

export function auth(token: string) {
  return { Authorization: `JWT ${token}` }
}

// A lead made as staff through the API (no rate limit, no photos); its id.
export async function staffLead(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
): Promise<number> {
  const made = await request.post('/api/leads?depth=0', { headers, data })
  expect(made.status()).toBe(201)
  return ((await made.json()) as { doc: { id: number } }).doc.id
}

/**
 * What a page's server HTML shows before any script: the markup without its scripts (the
 * inline server payload repeats every text, so a bare `toContain` would pass on a blank page).
 */
export function shownWithoutScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<div hidden[^>]*>[\s\S]*?<\/div>/gi, '')
}

type Shifts = { __shifts: string[] }

// Records, from before the page's first byte, every layout shift with what moved and where
// from, so a failing check names the element rather than a score. Read with layoutShifts().
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = []
    ;(window as unknown as Shifts).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as {
          value: number
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
        }
        const moved = shift.sources.map(({ node, previousRect: a, currentRect: b }) => {
          const el = node instanceof Element ? node : node?.parentElement
          const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}` : '?'
          return `${name} ${a.x},${a.y} ${a.width}x${a.height} -> ${b.x},${b.y} ${b.width}x${b.height}`
        })
        shifts.push(`${shift.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

export const layoutShifts = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as Shifts).__shifts)
