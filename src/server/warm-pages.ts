import { PUBLIC_PATHS } from '@/lib/seo'

// A new instance renders each page for the first time on its first request, and that visitor (and the
// page's assets) wait for it. So it requests its public pages at start, one at a time, sparing a core.
export const WARM_PATHS: readonly string[] = [...PUBLIC_PATHS, '/login']

export type WarmedPage = { path: string; status: number | string; ms: number }

/** HOSTNAME and PORT as Next's standalone server reads them; any-address forms map to loopback. */
export function ownOrigin(env: Record<string, string | undefined> = process.env): string {
  const port = Number.parseInt(env.PORT ?? '', 10) || 3000
  const host = (env.HOSTNAME ?? '').trim()
  if (!host || host === '0.0.0.0') return `http://127.0.0.1:${port}`
  if (host === '::' || host === '[::]') return `http://[::1]:${port}`
  if (host.includes(':') && !host.startsWith('[')) return `http://[${host}]:${port}`
  return `http://${host}:${port}`
}

/** Never throws: a failed or timed-out page reports its error's name as its status. */
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

export function describeWarmUp(warmed: readonly WarmedPage[]): string {
  const total = warmed.reduce((sum, page) => sum + page.ms, 0)
  const pages = warmed.map((page) => `${page.path} ${page.status} (${page.ms} ms)`).join(', ')
  return `Pages warmed in ${(total / 1000).toFixed(1)} s: ${pages}`
}

export const WARM_UP_LINE = /Pages warmed in [\d.]+ s: .*/

export const warmedWell = (warmed: readonly WarmedPage[]) =>
  warmed.every((page) => typeof page.status === 'number' && page.status < 400)

/** WARM_PAGES=false (the job worker) skips it. */
export async function warmPagesAtStart(env: Record<string, string | undefined> = process.env) {
  if (env.WARM_PAGES === 'false' || env.NODE_ENV !== 'production') return
  const warmed = await warmPages(ownOrigin(env))
  const line = describeWarmUp(warmed)
  if (warmedWell(warmed)) console.log(line)
  else console.error(line)
}
