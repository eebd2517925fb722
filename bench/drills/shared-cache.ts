import { startRedisServer } from '../../tests/helpers/redis-server'
import { adminAuthorization } from '../lib/auth'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import { errorLines, freePort, runTag, serverLogFile, sleep } from './lib'
import type { DrillResult } from './lib'

// Drill: an edit reaches every instance's pages. Two production instances from one build
// on one database; a staff member changes the active promotion's banner text through
// instance A (REST PATCH), and instance B's home page is polled until it shows the new
// text. With Redis (REDIS_URL) the figure must be at most 2 s; without it, for contrast,
// B keeps its own copy until its own revalidation (30 s). Then Redis is stopped: both
// instances must go on answering the home page, with the banner, without an error.
const LIMIT_SECONDS = 2
const POLL_MS = 100
const GIVE_UP_SECONDS = 75

type Promotion = { id: number | string; bannerText: string; endDate?: string | null }

async function homeHtml(url: string): Promise<{ status: number; html: string; cache: string | null }> {
  const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(30_000) })
  return { status: res.status, html: await res.text(), cache: res.headers.get('x-nextjs-cache') }
}

// Until the server answers the home page from a fresh cache entry: the build's copy is
// stale by now and is regenerated on the first requests, which would hide the figure.
async function warm(url: string) {
  const deadline = Date.now() + 60_000
  while ((await homeHtml(url)).cache !== 'HIT') {
    if (Date.now() > deadline) throw new Error(`${url} never served its home page from the cache`)
    await sleep(200)
  }
}

// The banner's promotion by the banner's own rule (active, end date empty or ahead, the
// newest), whatever the pages cached before this drill show.
async function bannerPromotion(a: RunningServer, auth: string): Promise<Promotion> {
  const query = 'where[isActive][equals]=true&sort=-createdAt&limit=100&depth=0'
  const res = await fetch(`${a.url}/api/promotions?${query}`, { headers: { Authorization: auth } })
  if (!res.ok) throw new Error(`listing promotions answered ${res.status}`)
  const { docs } = (await res.json()) as { docs: Promotion[] }
  const now = Date.now()
  const live = docs.find((p) => !p.endDate || new Date(p.endDate).getTime() > now)
  if (!live) throw new Error('no active promotion to edit (is the seed there?)')
  return live
}

async function patchBanner(url: string, auth: string, id: Promotion['id'], bannerText: string) {
  const res = await fetch(`${url}/api/promotions/${id}`, {
    method: 'PATCH',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ bannerText }),
  })
  if (!res.ok) throw new Error(`the PATCH answered ${res.status}: ${await res.text()}`)
}

/** Seconds from the save's answer until `url`'s home page shows `text`; null if never. */
async function secondsUntilShown(url: string, text: string, savedAt: number): Promise<number | null> {
  while (Date.now() - savedAt < GIVE_UP_SECONDS * 1000) {
    if ((await homeHtml(url)).html.includes(text)) return Math.round((Date.now() - savedAt) / 100) / 10
    await sleep(POLL_MS)
  }
  return null
}

async function measure(mode: 'redis' | 'no-redis', env: Record<string, string>) {
  const logs = { a: serverLogFile(`cache-${mode}-a`), b: serverLogFile(`cache-${mode}-b`) }
  const [portA, portB] = [await freePort(), await freePort()]
  const servers: RunningServer[] = []
  try {
    // One after the other: both copy the build's static files into place as they start.
    servers.push(await startServer(env, { logFile: logs.a, port: portA }))
    servers.push(await startServer(env, { logFile: logs.b, port: portB }))
    const [a, b] = servers
    const auth = await adminAuthorization(a.url)
    const promotion = await bannerPromotion(a, auth)
    // Both instances have served (and cached) the home page with the old text.
    for (const server of [a, b]) await warm(server.url)
    const text = `Drill ${runTag(mode)}: 20% off any rim repair this week.`
    const patchStarted = Date.now()
    await patchBanner(a.url, auth, promotion.id, text)
    const savedAt = Date.now()
    const [onB, onA] = await Promise.all([
      secondsUntilShown(b.url, text, savedAt),
      secondsUntilShown(a.url, text, savedAt),
    ])
    await patchBanner(a.url, auth, promotion.id, promotion.bannerText)
    return {
      servers,
      logs,
      figures: { onB, onA, patchSeconds: Math.round((savedAt - patchStarted) / 100) / 10 },
      restore: promotion.bannerText,
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()))
    throw error
  }
}

export async function sharedCacheDrill(): Promise<DrillResult> {
  const failures: string[] = []
  const figures: Record<string, unknown> = {}

  // Without Redis first (for contrast): each instance keeps its own cache.
  const plain = await measure('no-redis', {})
  await Promise.all(plain.servers.map((s) => s.stop()))
  figures.withoutRedisSecondsOnB = plain.figures.onB ?? `not within ${GIVE_UP_SECONDS} s`
  figures.withoutRedisSecondsOnA = plain.figures.onA

  const redis = await startRedisServer()
  let shared: Awaited<ReturnType<typeof measure>> | null = null
  try {
    shared = await measure('redis', { REDIS_URL: redis.url })
    const { onA, onB, patchSeconds } = shared.figures
    figures.withRedisSecondsOnB = onB
    figures.withRedisSecondsOnA = onA
    figures.patchSeconds = patchSeconds
    if (onB === null || onB > LIMIT_SECONDS) {
      failures.push(
        `with Redis, instance B showed the edit after ${onB ?? `more than ${GIVE_UP_SECONDS}`} s (limit ${LIMIT_SECONDS} s)`,
      )
    }
    if (onA === null || onA > LIMIT_SECONDS)
      failures.push(`with Redis, instance A showed the edit after ${onA} s`)

    // Redis goes away: pages are rendered without the shared cache, never an error.
    await redis.stop()
    const started = Date.now()
    const answers = await Promise.all(shared.servers.flatMap((s) => [homeHtml(s.url), homeHtml(s.url)]))
    figures.redisDownStatuses = answers.map((a) => a.status)
    figures.redisDownSeconds = Math.round((Date.now() - started) / 100) / 10
    if (answers.some((a) => a.status !== 200 || !a.html.includes(shared!.restore))) {
      failures.push(`with Redis down the home page answered ${answers.map((a) => a.status).join(', ')}`)
    }
    const errors = [...errorLines(shared.logs.a), ...errorLines(shared.logs.b)]
    if (errors.length > 0) failures.push(`error lines in the servers' logs: ${errors.join(' | ')}`)
  } finally {
    await Promise.all((shared?.servers ?? []).map((s) => s.stop()))
    await redis.stop()
  }
  return { failures, figures }
}
