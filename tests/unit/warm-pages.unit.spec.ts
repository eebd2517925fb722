import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  WARM_PATHS,
  WARM_UP_LINE,
  describeWarmUp,
  ownOrigin,
  warmPages,
  warmPagesAtStart,
  warmedWell,
} from '@/server/warm-pages'

// A real HTTP server standing in for the site: it records the paths asked for and how many
// requests it held at once; `/slow` answers after 300 ms, `/hang` never answers.
async function siteServer() {
  const seen: string[] = []
  let open = 0
  let mostAtOnce = 0
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '')
    open += 1
    mostAtOnce = Math.max(mostAtOnce, open)
    res.on('close', () => (open -= 1))
    if (req.url === '/hang') return
    const answer = () => {
      if (req.url === '/moved') res.writeHead(307, { Location: '/elsewhere' }).end()
      else if (req.url === '/broken') res.writeHead(500).end('broken')
      else res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<p>${req.url}</p>`)
    }
    if (req.url === '/slow') setTimeout(answer, 300)
    else answer()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    mostAtOnce: () => mostAtOnce,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const servers: Awaited<ReturnType<typeof siteServer>>[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
async function started() {
  const s = await siteServer()
  servers.push(s)
  return s
}

// The spec's public pages, the dealerships' way in and the sign-in page.
const SITE_PAGES = [
  '/',
  '/gallery',
  '/join-team',
  '/privacy-policy',
  '/terms-of-service',
  '/become-a-partner',
  '/login',
]

describe('pages warmed at start', () => {
  it('are the public pages and the sign-in page', () => {
    expect(WARM_PATHS).toEqual(SITE_PAGES)
  })

  it('are asked for at the address the server listens on', () => {
    expect(ownOrigin({ PORT: '3100', HOSTNAME: '127.0.0.1' })).toBe('http://127.0.0.1:3100')
    expect(ownOrigin({ PORT: '3000', HOSTNAME: '0.0.0.0' })).toBe('http://127.0.0.1:3000')
    expect(ownOrigin({})).toBe('http://127.0.0.1:3000')
    expect(ownOrigin({ PORT: '8080', HOSTNAME: 'app.internal' })).toBe('http://app.internal:8080')
    expect(ownOrigin({ PORT: '8080', HOSTNAME: '::' })).toBe('http://[::1]:8080')
    expect(ownOrigin({ PORT: '8080', HOSTNAME: 'fd00::5' })).toBe('http://[fd00::5]:8080')
    expect(ownOrigin({ PORT: 'x', HOSTNAME: '10.0.0.7' })).toBe('http://10.0.0.7:3000')
  })
})

describe('warmPages', () => {
  it('asks for each path once, in order, one at a time, and reports each status', async () => {
    const site = await started()
    const warmed = await warmPages(site.origin, ['/', '/slow', '/moved', '/broken', '/gallery'])
    expect(site.seen).toEqual(['/', '/slow', '/moved', '/broken', '/gallery'])
    expect(site.mostAtOnce()).toBe(1)
    // The redirect is reported, not followed.
    expect(warmed.map((w) => [w.path, w.status])).toEqual([
      ['/', 200],
      ['/slow', 200],
      ['/moved', 307],
      ['/broken', 500],
      ['/gallery', 200],
    ])
    expect(warmed[1].ms).toBeGreaterThanOrEqual(290)
    expect(warmedWell(warmed)).toBe(false)
    expect(warmedWell(warmed.filter((w) => w.path !== '/broken'))).toBe(true)
  })

  it('gives up on a page that does not answer and still asks for the rest', async () => {
    const site = await started()
    const warmed = await warmPages(site.origin, ['/hang', '/gallery'], 200)
    expect(warmed.map((w) => [w.path, w.status])).toEqual([
      ['/hang', 'TimeoutError'],
      ['/gallery', 200],
    ])
    expect(site.seen).toEqual(['/hang', '/gallery'])
  })

  it('reports a server that is not there without throwing', async () => {
    const site = await started()
    await site.close()
    servers.splice(0)
    const warmed = await warmPages(site.origin, ['/'], 2_000)
    expect(warmed).toHaveLength(1)
    expect(typeof warmed[0].status).toBe('string')
    expect(warmedWell(warmed)).toBe(false)
  })

  it('describes the run in one line', () => {
    expect(
      describeWarmUp([
        { path: '/', status: 200, ms: 310 },
        { path: '/gallery', status: 'TimeoutError', ms: 1_000 },
      ]),
    ).toBe('Pages warmed in 1.3 s: / 200 (310 ms), /gallery TimeoutError (1000 ms)')
    // What benchmarks, drills and the end-to-end suite look for in a server's log.
    const line = describeWarmUp([{ path: '/', status: 200, ms: 5 }])
    expect(WARM_UP_LINE.exec(`[12:00:00] ${line}\nnext line`)?.[0]).toBe(line)
  })
})

describe('warmPagesAtStart', () => {
  it('warms every page of a production server and logs it', async () => {
    const site = await started()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await warmPagesAtStart({ NODE_ENV: 'production', PORT: String(site.port), HOSTNAME: '127.0.0.1' })
    expect(site.seen).toEqual(SITE_PAGES)
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0][0]).toMatch(/^Pages warmed in \d+\.\d s: \/ 200 \(\d+ ms\), \/gallery 200/)
    expect(error).not.toHaveBeenCalled()
  })

  it('logs the line as an error when a page could not be had', async () => {
    const site = await started()
    await site.close()
    servers.splice(0)
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await warmPagesAtStart({ NODE_ENV: 'production', PORT: String(site.port), HOSTNAME: '127.0.0.1' })
    expect(log).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0][0]).toMatch(
      /^Pages warmed in .*: \/ TypeError \(\d+ ms\), \/gallery TypeError/,
    )
  })

  it('asks for nothing in development or with WARM_PAGES=false (the job worker)', async () => {
    const site = await started()
    const base = { PORT: String(site.port), HOSTNAME: '127.0.0.1' }
    await warmPagesAtStart({ ...base, NODE_ENV: 'development' })
    await warmPagesAtStart({ ...base, NODE_ENV: 'production', WARM_PAGES: 'false' })
    expect(site.seen).toEqual([])
  })
})
