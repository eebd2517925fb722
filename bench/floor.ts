import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { freePort } from '../scripts/free-port.mjs'
import { routeWeight } from './first-load-js'
import { launchChrome, lighthouseRun, RUNS } from './lighthouse'
import type { PageFigures } from './lighthouse'
import type { RunningServer } from './lib/server'
import { startServer } from './lib/server'
import { median, target } from './lib/stats'
import type { Target } from './lib/stats'

// The floors the speed targets are read against, measured in the same sitting as the
// site's home page: two throwaway App Router apps built with this repository's
// node_modules (hard-linked, so the same Next and React), served by `next start`:
// - empty: one page, <p>Hello</p>, no stylesheet, no font;
// - styled: this site's stylesheet (as the run's server serves it), Inter as the site
//   loads it (preloaded, `optional`, metric-matched fallback) and the hero's text only.
// Lighthouse runs round-robin over the three (RUNS rounds), so load on the machine falls on
// all of them alike; first-load JavaScript is counted as `first-load-js` counts it.
const ROOT = process.cwd()
const FLOOR_DIR = path.join(ROOT, '.data', 'floor')

const HERO = `export default function Page() {
  return (
    <section className="hero">
      <div className="hero-grid">
        <div>
          <p className="eyebrow text-gold">Mobile Wheel &amp; Rim Repair · Central Austin</p>
          <h1 className="hero-title">Curbside Rim Co.</h1>
          <p className="hero-lead">
            Premium curb rash, rim and wheel repair that comes to you. We fix your wheels at your home,
            office or dealership, usually the same day, without removing them.
          </p>
        </div>
      </div>
    </section>
  )
}
`

const APPS: Record<string, { layout: string; page: string; css?: true }> = {
  empty: {
    layout: `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
    page: `export default function Page() {
  return <p>Hello</p>
}
`,
  },
  styled: {
    css: true,
    layout: `import localFont from 'next/font/local'
import './site.css'

const inter = localFont({
  src: './inter.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  variable: '--font-inter',
  adjustFontFallback: 'Arial',
})

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="bg-mist text-ink font-sans antialiased">{children}</body>
    </html>
  )
}
`,
    page: HERO,
  },
}

// The site's stylesheet as served, without its @font-face rules (the app declares Inter itself).
async function siteStylesheet(url: string): Promise<string> {
  const html = await (await fetch(`${url}/`)).text()
  const hrefs = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1])
  if (!hrefs.length) throw new Error('the home page links no stylesheet')
  const sheets = await Promise.all(hrefs.map(async (href) => (await fetch(new URL(href, url))).text()))
  return sheets.join('\n').replace(/@font-face\{[^}]*\}/g, '')
}

/** A throwaway app's empty folder, with package.json and a node_modules of its own. */
export function prepareApp(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }))
  // Hard links to the repository's (Turbopack resolves only inside the app's root, and a
  // symbolic link would point outside it); a copy where hard links cannot be made.
  const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')])
  if (linked.status !== 0)
    fs.cpSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true })
}

/** `next build` of a throwaway app, without the run's own build settings (its build folder, its tsconfig), which belong to the site. */
export function buildThrowaway(dir: string, label: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' }
  delete env.NEXT_DIST_DIR
  delete env.NEXT_TSCONFIG_PATH
  const next = path.join(dir, 'node_modules/next/dist/bin/next')
  const built = spawnSync(process.execPath, [next, 'build'], { cwd: dir, env, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`next build of ${label} failed:\n${built.stdout}\n${built.stderr}`)
}

function buildApp(name: string, css: string): string {
  const app = APPS[name]
  const dir = path.join(FLOOR_DIR, name)
  prepareApp(dir)
  fs.mkdirSync(path.join(dir, 'app'))
  fs.writeFileSync(
    path.join(dir, 'next.config.mjs'),
    `export default ${JSON.stringify({ turbopack: { root: dir }, typescript: { ignoreBuildErrors: true } })}\n`,
  )
  fs.writeFileSync(path.join(dir, 'app', 'layout.tsx'), app.layout)
  fs.writeFileSync(path.join(dir, 'app', 'page.tsx'), app.page)
  if (app.css) {
    fs.writeFileSync(path.join(dir, 'app', 'site.css'), css)
    fs.copyFileSync(
      path.join(ROOT, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
      path.join(dir, 'app', 'inter.woff2'),
    )
  }
  buildThrowaway(dir, `the ${name} page`)
  return dir
}

type Row = { firstLoadJsKiB: number; htmlGzipKiB: number; runs: PageFigures[] }

export async function floorBench(site: RunningServer) {
  const css = await siteStylesheet(site.url)
  const servers: Record<string, RunningServer> = { site }
  try {
    for (const name of Object.keys(APPS)) {
      const dir = buildApp(name, css)
      const port = await freePort()
      servers[name] = await startServer(
        {},
        {
          port,
          cwd: dir,
          args: [path.join(dir, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)],
        },
      )
    }
    const rows: Record<string, Row> = {}
    for (const [name, server] of Object.entries(servers)) {
      const size = await routeWeight(server.url, '/')
      rows[name] = { firstLoadJsKiB: size.gzipKiB, htmlGzipKiB: size.htmlGzipKiB, runs: [] }
    }
    const chrome = await launchChrome()
    try {
      for (let i = 0; i < RUNS; i++) {
        for (const [name, server] of Object.entries(servers)) {
          rows[name].runs.push(await lighthouseRun(chrome.port, `${server.url}/`))
        }
      }
    } finally {
      chrome.kill()
    }
    const summary: Record<string, Record<string, number | string>> = {}
    for (const [name, row] of Object.entries(rows)) {
      const pick = (f: (r: PageFigures) => number) => row.runs.map(f)
      const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`
      summary[name] = {
        firstLoadJsKiB: row.firstLoadJsKiB,
        htmlGzipKiB: row.htmlGzipKiB,
        performance: median(pick((r) => r.scores.performance)),
        performanceRange: range(pick((r) => r.scores.performance)),
        fcpMs: median(pick((r) => r.fcpMs)),
        lcpMs: median(pick((r) => r.lcpMs)),
        lcpRangeMs: range(pick((r) => r.lcpMs)),
        lcpAfterFcpMs: median(pick((r) => r.lcpMs - r.fcpMs)),
        tbtMs: median(pick((r) => r.tbtMs)),
        tbtRangeMs: range(pick((r) => r.tbtMs)),
        observedFirstPaintMs: median(pick((r) => r.observedFirstPaintMs)),
        ttfbMs: median(pick((r) => r.ttfbMs)),
        styleBeforePaintMs: median(pick((r) => r.styleBeforePaintMs)),
        layoutBeforePaintMs: median(pick((r) => r.layoutBeforePaintMs)),
        lcpRenderDelayMs: median(pick((r) => r.lcpRenderDelayMs)),
        lcpElement: [...new Set(row.runs.map((r) => r.lcpElement))].join(' | '),
      }
      console.log(`  ${name === 'site' ? 'site /' : name}: ${JSON.stringify(summary[name])}`)
    }
    // Targets here are the floors' own: where a floor misses a target, no page of ours on
    // this stack and machine can meet it.
    const targets: Target[] = []
    for (const name of Object.keys(APPS)) {
      const s = summary[name]
      targets.push(target(`${name} page: first-load JS (KiB)`, Number(s.firstLoadJsKiB), 130, '<=', ' KiB'))
      targets.push(target(`${name} page: performance`, Number(s.performance), 99, '>='))
      targets.push(target(`${name} page: LCP (ms)`, Number(s.lcpMs), 1300, '<=', ' ms'))
      targets.push(target(`${name} page: LCP after FCP (ms)`, Number(s.lcpAfterFcpMs), 200, '<=', ' ms'))
      targets.push(target(`${name} page: TBT (ms)`, Number(s.tbtMs), 50, '<=', ' ms'))
    }
    return { runs: RUNS, pages: rows, summary, targets }
  } finally {
    for (const [name, server] of Object.entries(servers)) if (name !== 'site') await server.stop()
    fs.rmSync(FLOOR_DIR, { recursive: true, force: true })
  }
}
