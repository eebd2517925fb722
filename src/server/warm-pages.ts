import { PUBLIC_PATHS } from '@/lib/seo'

// A new instance (every deploy starts some) loads a page's server code and renders it
// for the first time on that page's first request. Until then the page's first visitor
// waits for it, and so does everything the browser asks next (stylesheet, font, scripts):
// the same Node process serves them. Measured with `npm run drill -- cold-start`
// (docs/BENCHMARKS.md). So each instance asks itself for the public pages once, as soon
// as it starts, one page at a time (one core at most, the other stays with visitors).
export const WARM_PATHS: readonly string[] = [...PUBLIC_PATHS, '/login']

export type WarmedPage = { path: string; status: number | string; ms: number }

/**
 * The address the server answers on inside its own host: HOSTNAME and PORT as Next's
 * standalone server reads them, with the any-address forms (0.0.0.0, ::) reached at the
 * loopback address.
 */
export function ownOrigin(env: Record<string, string | undefined> = process.env): string {
  const port = Number.parseInt(env.PORT ?? '', 10) || 3000
  const host = (env.HOSTNAME ?? '').trim()
  if (!host || host === '0.0.0.0') return `http://127.0.0.1:${port}`
  if (host === '::' || host === '[::]') return `http://[::1]:${port}`
  if (host.includes(':') && !host.startsWith('[')) return `http://[${host}]:${port}`
  return `http://${host}:${port}`
}

/**
 * Requests each path once, in order, waiting for the whole answer before the next one.
 * Never throws: a page that fails or takes longer than `timeoutMs` is reported with the
 * error's name in place of a status, and the rest are still requested.
 */
export async function warmPages(
  origin: string,
  paths: readonly string[] = WARM_PATHS,
  timeoutMs = 60_000,
): Promise<WarmedPage[]> {
  const warmed: WarmedPage[] = []
  for (const path of paths) {
    const started = performance.now()
    let status: WarmedPage['status']
    try {
      const res = await fetch(new URL(path, origin), {
        redirect: 'manual',
        headers: { 'User-Agent': 'curbside-warm-up' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      await res.arrayBuffer()
      status = res.status
    } catch (err) {
      status = err instanceof Error ? err.name : 'Error'
    }
    warmed.push({ path, status, ms: Math.round(performance.now() - started) })
  }
  return warmed
}

/** One log line: `Pages warmed in 1.2 s: / 200 (310 ms), /gallery 200 (402 ms), ...` */
export function describeWarmUp(warmed: readonly WarmedPage[]): string {
  const total = warmed.reduce((sum, page) => sum + page.ms, 0)
  const pages = warmed.map((page) => `${page.path} ${page.status} (${page.ms} ms)`).join(', ')
  return `Pages warmed in ${(total / 1000).toFixed(1)} s: ${pages}`
}

/** That line as read back from a server's log (benchmarks, drills, tests). */
export const WARM_UP_LINE = /Pages warmed in [\d.]+ s: .*/

export const warmedWell = (warmed: readonly WarmedPage[]) =>
  warmed.every((page) => typeof page.status === 'number' && page.status < 400)

/** Started by src/instrumentation.ts; WARM_PAGES=false (the job worker) skips it. */
export async function warmPagesAtStart(env: Record<string, string | undefined> = process.env) {
  if (env.WARM_PAGES === 'false' || env.NODE_ENV !== 'production') return
  const warmed = await warmPages(ownOrigin(env))
  const line = describeWarmUp(warmed)
  if (warmedWell(warmed)) console.log(line)
  else console.error(line)
}
