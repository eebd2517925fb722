import fs from 'node:fs'
import { join } from 'node:path'

import type { Locator } from '@playwright/test'

import { expect, test } from '../helpers/e2e-test'
import sharp from 'sharp'

import { WARM_UP_LINE } from '../../src/server/warm-pages'
import { SERVER_LOG_FILE } from '../helpers/e2e-server-log'
import { expectNoSeriousAxeViolations, shownWithoutScripts } from '../helpers/public-site'

// Gallery, careers, the policies, the 404 page, SEO files, response headers and caching.

const PARTNER_PAGE = '/become-a-partner'
const PUBLIC_PATHS = ['/', '/gallery', '/join-team', '/privacy-policy', '/terms-of-service', PARTNER_PAGE]
// The partner form's page is rendered per request: it shows the sent-back form (?draft=) or "sent".
const CACHED_PATHS = PUBLIC_PATHS.filter((path) => path !== PARTNER_PAGE)

// The width of the file an image shows (next/image's `w`), whatever the screen's density.
const fileWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) =>
    el.complete && el.currentSrc ? Number(new URL(el.currentSrc).searchParams.get('w')) : 0,
  )
const shownWidth = (img: Locator) => img.evaluate((el) => el.getBoundingClientRect().width)

test.describe('gallery on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })

  test('its photos are files of twice the shown size; a tap enlarges the before and after', async ({
    page,
  }) => {
    await page.goto('/gallery')
    const pair = page
      .getByTestId('gallery-item')
      .first()
      .getByRole('link', { name: /^Enlarge the before and after photos of / })
    for (const img of await pair.locator('img').all()) {
      await expect.poll(() => fileWidth(img)).toBeGreaterThan(0)
      expect(await fileWidth(img)).toBeGreaterThanOrEqual(2 * (await shownWidth(img)))
    }
    await pair.click()
    const enlarged = page.getByRole('dialog', { name: /: before and after$/ })
    await expect(enlarged).toBeVisible()
    const big = enlarged.locator('img')
    await expect(big).toHaveCount(2)
    await expect.poll(() => fileWidth(big.first())).toBeGreaterThan(0)
    // The screen's width on a phone, the next photo a swipe away.
    expect(await shownWidth(big.first())).toBeGreaterThan(300)
    expect(await fileWidth(big.first())).toBeGreaterThanOrEqual(2 * (await shownWidth(big.first())))
    await enlarged.getByRole('link', { name: 'Close' }).click()
    await expect(enlarged).toBeHidden()
  })
})

test.describe('gallery', () => {
  test('before/after cards, newest first, with title and description', async ({ page }) => {
    await page.goto('/gallery')
    await expect(page).toHaveTitle('Before & After Gallery | Curbside Rim Co.')
    const items = page.getByTestId('gallery-item')
    // The seed creates the BMW first, then the Mercedes.
    await expect(items.locator('h2')).toHaveText([
      'Mercedes AMG - Full Rim Restoration',
      'BMW M3 Competition - Curb Rash Repair',
    ])
    for (const item of await items.all()) {
      const pair = item.getByRole('link', { name: /^Enlarge the before and after photos of / })
      await expect(pair.getByText('BEFORE', { exact: true })).toBeVisible()
      await expect(pair.getByText('AFTER', { exact: true })).toBeVisible()
      await expect(item.locator('p')).not.toHaveText('')
      // Served through next/image from the gallery's file route, as a modern format.
      const img = item.locator('img').first()
      await expect(img).toHaveAttribute('src', /\/_next\/image\?url=%2Fapi%2Fgallery-images%2Ffile%2F/)
      await expect(img).toHaveAttribute('srcset', /w=/)
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
    }
    await expect(items.first()).toContainText('restored with a gloss black finish')
  })

  test('navigation has an Admin link to /login; the call to action has text-us instructions and a call link', async ({
    page,
  }) => {
    await page.goto('/gallery')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
    ).toHaveAttribute('href', '/login')
    const cta = page.locator('section[aria-labelledby="gallery-cta"]')
    await expect(cta).toContainText(
      'Text a photo of your wheel with your name and location to (512) 555-0142',
    )
    await expect(cta.getByRole('link', { name: 'Call (512) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+15125550142',
    )
  })

  test('images are optimised to AVIF or WebP', async ({ page, request }) => {
    await page.goto('/gallery')
    const src = await page.getByTestId('gallery-item').first().locator('img').first().getAttribute('src')
    const res = await request.get(src as string, { headers: { Accept: 'image/avif,image/webp,*/*' } })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/image\/(avif|webp)/)
  })

  test('no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/gallery')
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('careers', () => {
  test('the Mobile Wheel Technician posting, applied for by e-mail', async ({ page }) => {
    await page.goto('/join-team')
    await expect(page).toHaveTitle('Careers - Mobile Wheel Technician | Curbside Rim Co.')
    await expect(page.getByRole('heading', { name: 'Mobile Wheel Technician' })).toBeVisible()
    const details = page.getByRole('list', { name: 'Position details' })
    await expect(details).toContainText('Full-time')
    await expect(details).toContainText('Central Austin')
    await expect(details).toContainText('Competitive pay')
    // The posting the migration made from the written careers text.
    await expect(page.getByText('Repair curb rash, scrapes and cosmetic damage')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Apply by Email' })).toHaveAttribute(
      'href',
      'mailto:service@curbsiderim.co?subject=Application%3A%20Mobile%20Wheel%20Technician',
    )
  })

  test('no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/join-team')
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('privacy policy and terms of service', () => {
  test('the privacy policy is readable text that names tire services and how to reach us', async ({
    page,
  }) => {
    await page.goto('/privacy-policy')
    await expect(page).toHaveTitle('Privacy Policy | Curbside Rim Co.')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
    const body = page.locator('article')
    await expect(body).toContainText('tire services')
    await expect(body).toContainText('30-day workmanship warranty')
    // How to ask for deletion, and what happens to the backups.
    await expect(body).toContainText(
      'You can ask us to show, correct or delete the information we hold about you.',
    )
    await expect(body).toContainText(
      'Copies in our backups disappear as those backups age out, within five weeks.',
    )
    await expect(body.getByRole('heading', { level: 2 })).not.toHaveCount(0)
  })

  test('the terms state tire services, the 30-day warranty, 24-hour cancellation and 30-day estimates', async ({
    page,
  }) => {
    await page.goto('/terms-of-service')
    await expect(page).toHaveTitle('Terms of Service | Curbside Rim Co.')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
    const body = page.locator('article')
    await expect(body).toContainText('tire services')
    await expect(body).toContainText('30-day workmanship warranty')
    await expect(body).toContainText('at least 24 hours ahead')
    await expect(body).toContainText('valid for 30 days')
  })

  for (const path of ['/privacy-policy', '/terms-of-service']) {
    test(`${path}: no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path)
      await expectNoSeriousAxeViolations(page)
    })
  }
})

test.describe('404', () => {
  test('any other path: Oops! Page not found, a link home, status 404, the path in the server log', async ({
    page,
  }) => {
    const path = `/no-such-page-${Date.now()}`
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await expect
      .poll(() => (fs.existsSync(SERVER_LOG_FILE) ? fs.readFileSync(SERVER_LOG_FILE, 'utf8') : ''))
      .toContain(`[404] page not found: ${path}`)
    await expectNoSeriousAxeViolations(page)
  })

  test("the server's HTML shows the page before any script; nested paths are 404 too", async ({
    request,
    browser,
  }) => {
    for (const path of [`/no-such-page-${Date.now()}`, '/gallery/nothing/here', '/page-not-found']) {
      const res = await request.get(path)
      expect(res.status(), path).toBe(404)
      const shown = shownWithoutScripts(await res.text())
      expect(shown, path).toContain('Oops! Page not found')
      expect(shown, path).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/)
      expect(shown, path).toMatch(/<html lang="en"/)
      expect(shown, path).toContain('<meta name="robots" content="noindex"/>')
    }
    const head = await request.head('/no-such-page-head')
    expect(head.status()).toBe(404)
    // A phone that runs no script sees the page, styled.
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    expect((await page.goto('/no-such-page-without-script'))?.status()).toBe(404)
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('heading', { name: '404' })).toHaveCSS('font-weight', '800')
    await context.close()
  })
})

test.describe('a new server', () => {
  test('asks itself for each public page and the sign-in page as it starts, and logs each answer', async () => {
    // The server's own requests (src/server/warm-pages.ts), made before any test's.
    const warmLine = () => {
      const log = fs.existsSync(SERVER_LOG_FILE) ? fs.readFileSync(SERVER_LOG_FILE, 'utf8') : ''
      return WARM_UP_LINE.exec(log)?.[0] ?? ''
    }
    await expect.poll(warmLine).toMatch(/^Pages warmed/)
    const answers = warmLine()
      .replace(/^Pages warmed in [\d.]+ s: /, '')
      .split(', ')
    expect(answers.map((a) => a.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      ...PUBLIC_PATHS.map((path) => `${path} 200`),
      '/login 200',
    ])
  })
})

test.describe('SEO files and headers', () => {
  test('/sitemap.xml lists the public pages; /robots.txt points to it', async ({ request, baseURL }) => {
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    const xml = await sitemap.text()
    for (const path of PUBLIC_PATHS) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`)
    }
    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    const text = await robots.text()
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
    expect(text).toContain('Disallow: /admin')
  })

  test('every page has its own description and Open Graph tags', async ({ page }) => {
    const seen = new Set<string>()
    for (const path of PUBLIC_PATHS) {
      await page.goto(path)
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      expect(description).toBeTruthy()
      seen.add(description as string)
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        description as string,
      )
      const ogUrl = await page.locator('meta[property="og:url"]').getAttribute('content')
      expect(new URL(ogUrl as string).pathname).toBe(path)
    }
    expect(seen.size).toBe(PUBLIC_PATHS.length)
  })

  test('every page names a share image (Open Graph and Twitter) that answers as a 1200x630 PNG', async ({
    page,
    request,
  }) => {
    const images = new Set<string>()
    for (const path of PUBLIC_PATHS) {
      await page.goto(path)
      const og = page.locator('meta[property="og:image"]')
      await expect(og).toHaveCount(1)
      const url = (await og.getAttribute('content')) as string
      images.add(new URL(url).pathname)
      await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200')
      await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630')
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        'content',
        'summary_large_image',
      )
      await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', url)
    }
    expect([...images]).toEqual(['/og-image.png'])
    const res = await request.get('/og-image.png')
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
    const meta = await sharp(await res.body()).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 })
  })

  for (const path of ['/', '/gallery', '/login', '/admin', '/api/gallery-items', '/no-such-page']) {
    test(`security headers on ${path}`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 })
      const h = res.headers()
      expect(h['x-content-type-options']).toBe('nosniff')
      const csp = h['content-security-policy'].split(';').map((d) => d.trim())
      for (const directive of [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive)
      }
      expect(h['x-frame-options']).toBe('DENY')
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(h['permissions-policy']).toContain('camera=()')
      expect(h['strict-transport-security']).toContain('max-age=')
      expect(h['x-powered-by']).toBeUndefined()
      // The admin's theme hint is asked for, never as critical (a first visit would be requested twice).
      expect(h['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme')
      expect(h['critical-ch']).toBeUndefined()
    })
  }
})

test.describe('served from the cache', () => {
  // A page that reads headers() or cookies() (or opts out of caching) is rendered per
  // request: it would be missing from the build's prerender list and come without these
  // headers, and the pages would no longer meet the speed targets.
  test('the public pages are prerendered at build and answered from the cache, at most 30 s old', async ({
    request,
  }) => {
    const distDir = process.env.NEXT_DIST_DIR || '.next'
    const manifest = JSON.parse(fs.readFileSync(join(distDir, 'prerender-manifest.json'), 'utf8')) as {
      routes: Record<string, { initialRevalidateSeconds: number | false }>
    }
    for (const page of CACHED_PATHS) {
      expect(manifest.routes[page]?.initialRevalidateSeconds, page).toBe(30)
      await request.get(page)
      const res = await request.get(page)
      expect(res.status()).toBe(200)
      const h = res.headers()
      expect(h['x-nextjs-cache'], page).toMatch(/^(HIT|STALE)$/)
      expect(h['x-nextjs-prerender'], page).toBe('1')
      expect(h['cache-control'], page).toMatch(/\bs-maxage=30\b/)
    }
  })
})
