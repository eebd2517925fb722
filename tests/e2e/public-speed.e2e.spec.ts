import type { Page } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import { layoutShifts, recordLayoutShifts } from '../helpers/public-site'

// What keeps the public pages fast on a phone: the first screen paints once, from the
// HTML, and the home page downloads the code of the quote forms, their dialog and the
// notices only when a visitor comes near them (the HTML's own form posts until then).

// Strings that only the code of one part contains (kept by minification: texts, and the
// component names Radix and sonner use as strings).
const MARKERS = {
  'quote form': 'Submit Request',
  'dialog (Radix)': 'DialogContent',
  'toaster (sonner)': 'data-sonner-toaster',
}

// The JavaScript the page has fetched so far, concatenated.
function collectScripts(page: Page) {
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
  })
  return async () => (await Promise.all(bodies)).join('\n')
}

const loaded = (js: string) =>
  Object.entries(MARKERS)
    .filter(([, marker]) => js.includes(marker))
    .map(([name]) => name)

test.describe('home page on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the first screen loads no form, dialog or toaster code; each comes when wanted', async ({ page }) => {
    const scripts = collectScripts(page)
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    expect(loaded(await scripts())).toEqual([])
    // The form the server sent is there (it posts without script); the scripted one is not.
    await expect(page.locator('#quote form[action="/api/quote-requests"]')).toHaveCount(1)
    await expect(page.locator('#quote').getByRole('button', { name: 'Add photos' })).toHaveCount(0)

    // Pointing at a pricing card's button fetches its dialog (and the notices) ahead of the click.
    const getStarted = page.locator('#pricing').getByRole('button', { name: 'Get Started' }).first()
    await getStarted.hover()
    await expect.poll(async () => loaded(await scripts())).toEqual(Object.keys(MARKERS))
  })

  test("the scripted #quote form takes the server's form's place as it nears the screen, in the same room", async ({
    page,
  }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await expect(page.locator('#quote').getByRole('button', { name: 'Add photos' })).toHaveCount(0)
    const contactTop = () =>
      page.locator('#contact').evaluate((el) => el.getBoundingClientRect().top + scrollY)
    const before = await contactTop()
    await page.locator('#quote').scrollIntoViewIfNeeded()
    await expect(page.locator('#quote').getByRole('button', { name: 'Add photos' })).toBeVisible()
    // The server's form had the scripted one's height within a few lines at this width.
    expect(Math.abs((await contactTop()) - before)).toBeLessThan(80)
  })
})

test('the hero is painted once, at the first paint, in its final font', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __paints: { type: string; time: number; element?: string }[] }
    w.__paints = []
    for (const type of ['paint', 'largest-contentful-paint'])
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__paints.push({
            type: entry.name === 'first-contentful-paint' ? 'fcp' : entry.entryType,
            time: entry.startTime,
            element: (() => {
              const el = (entry as unknown as { element?: Element }).element
              return el ? `${el.tagName} ${(el.textContent ?? '').slice(0, 40)}` : undefined
            })(),
          })
      }).observe({ type, buffered: true })
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  // A web font with `swap` paints the text again when it arrives; `optional` never does.
  const inter = await page.evaluate(() =>
    [...document.fonts].filter((f) => !/fallback/i.test(f.family)).map((f) => f.display),
  )
  expect(inter.length).toBeGreaterThan(0)
  expect(new Set(inter)).toEqual(new Set(['optional']))

  const paints = await page.evaluate(
    () => (window as unknown as { __paints: { type: string; time: number; element?: string }[] }).__paints,
  )
  const fcp = paints.find((p) => p.type === 'fcp')
  expect(fcp).toBeTruthy()
  const lcps = paints.filter((p) => p.type === 'largest-contentful-paint')
  expect(lcps.length).toBeGreaterThan(0)
  // No element is painted a second time (a font swap repaints the hero's text, and that
  // second paint became the LCP). When the first candidate comes is the machine's business:
  // on a busy one the font can arrive within `optional`'s short block period, and the text
  // is then first painted a little after the first paint, once.
  const elements = lcps.map((p) => p.element)
  expect(new Set(elements).size, JSON.stringify(lcps)).toBe(elements.length)
})

// Chrome paints a page while its HTML is still arriving. A header painted with half its links,
// or the hero's text column centred on cards that have not all arrived, then moves as the rest
// comes (seen as a shift of 0.002-0.03 on a wide screen). The first paint waits for both: a
// render-blocking `expect` link on an empty marker at each one's end.
test('on a slow connection the header and hero are painted whole and never move', async ({ page }) => {
  await recordLayoutShifts(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 20 * 1024,
    uploadThroughput: 20 * 1024,
  })
  await page.goto('/', { waitUntil: 'load' })
  const expected = await page.evaluate(() =>
    [...document.head.querySelectorAll('link[rel="expect"][blocking="render"]')].map((l) =>
      l.getAttribute('href'),
    ),
  )
  expect(expected).toEqual(['#site-header-end', '#hero-end'])
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  expect(await layoutShifts(page)).toEqual([])
})

// Every page's inline server payload carries the not-found boundaries of its layouts;
// without a root not-found.tsx that includes Next's built-in 404 page (styles and texts).
test("the home page's HTML does not carry Next's built-in 404 page", async ({ page }) => {
  const html = await (await page.request.get('/')).text()
  expect(html).toContain('What Our Customers Say')
  expect(html).not.toContain('This page could not be found')
})
