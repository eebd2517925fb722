import { gzipSync } from 'node:zlib'

import { round, target } from './lib/stats'
import type { Target } from './lib/stats'

// First-load JavaScript per public route, gzip: every script the route's HTML makes the
// browser fetch before it is interactive (<script src> and modulepreload links), each
// fetched from the production server and gzipped at level 9, as a CDN would send it.
// This is what Next's old build report called "First Load JS", read from what the
// build actually serves rather than from a manifest whose shape changes between versions.
export const PUBLIC_ROUTES = ['/', '/gallery', '/join-team', '/privacy-policy', '/terms-of-service', '/login']

function scriptUrls(html: string): string[] {
  const urls = new Set<string>()
  // noModule scripts are polyfills that only browsers without ES modules load (Next writes
  // the attribute after src, so the whole tag is checked).
  for (const m of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\ssrc="([^"]+)"/.exec(m[0])?.[1]
    if (src && !/\snomodule\b/i.test(m[0])) urls.add(src)
  }
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*rel="(?:modulepreload|preload)"/g))
    urls.add(m[1])
  return [...urls].map((u) => u.replace(/&amp;/g, '&'))
}

export type RouteWeight = {
  scripts: number
  gzipKiB: number
  rawKiB: number
  htmlKiB: number
  htmlGzipKiB: number
}

/** One route's first-load JavaScript and HTML; `sizes` caches scripts shared between routes. */
export async function routeWeight(
  url: string,
  route: string,
  sizes = new Map<string, { raw: number; gzip: number }>(),
): Promise<RouteWeight> {
  const html = await (await fetch(`${url}${route}`)).text()
  const htmlBytes = Buffer.from(html)
  let gzip = 0
  let raw = 0
  const scripts = scriptUrls(html)
  for (const src of scripts) {
    const full = new URL(src, url).toString()
    if (!sizes.has(full)) {
      const body = Buffer.from(await (await fetch(full)).arrayBuffer())
      sizes.set(full, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
    }
    raw += sizes.get(full)!.raw
    gzip += sizes.get(full)!.gzip
  }
  return {
    scripts: scripts.length,
    gzipKiB: round(gzip / 1024),
    rawKiB: round(raw / 1024),
    // The document itself, gzip level 9 like the scripts.
    htmlKiB: round(htmlBytes.length / 1024),
    htmlGzipKiB: round(gzipSync(htmlBytes, { level: 9 }).length / 1024),
  }
}

export async function firstLoadJs(url: string) {
  const sizes = new Map<string, { raw: number; gzip: number }>()
  const routes: Record<string, RouteWeight> = {}
  for (const route of PUBLIC_ROUTES) {
    routes[route] = await routeWeight(url, route, sizes)
    console.log(`  ${route}: ${JSON.stringify(routes[route])}`)
  }
  const targets: Target[] = [
    target('first-load JS of / (KiB gzip)', routes['/'].gzipKiB, 130, '<=', ' KiB'),
    // 15, not 12, since the request form is in the HTML so that it posts before any script
    // (it is sent twice: as markup and in the page's server payload).
    target('HTML of / (KiB gzip)', routes['/'].htmlGzipKiB, 15, '<=', ' KiB'),
  ]
  return { routes, targets }
}
