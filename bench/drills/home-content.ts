import { startRedisServer } from '../../tests/helpers/redis-server'
import { DEFAULT_HOME_CONTENT, homePageData } from '../../src/lib/home-content'
import { adminAuthorization } from '../lib/auth'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import { errorLines, freePort, serverLogFile, sleep } from './lib'
import type { DrillResult } from './lib'

// Drill: the owner's home page edits on two instances sharing Redis. A draft price saved
// through instance A is on neither instance's home page; once published through A, both
// show it within 2 s; the earlier version restored through B is back on both within 2 s.
const LIMIT_SECONDS = 2
const GIVE_UP_SECONDS = 40
const POLL_MS = 100

const rimCard = (html: string) => html.match(/data-offer="rim_rash"[\s\S]*?<\/li>/)?.[0] ?? ''

async function rimPriceShown(url: string): Promise<string | null> {
  const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(30_000) })
  if (res.status !== 200) throw new Error(`${url}/ answered ${res.status}`)
  return rimCard(await res.text()).match(/\$\d+/)?.[0] ?? null
}

async function save(url: string, auth: string, price: number, draft: boolean) {
  const offers = homePageData(DEFAULT_HOME_CONTENT).pricing.offers.map((o) =>
    o.key === 'rim_rash' ? { ...o, price } : o,
  )
  const res = await fetch(`${url}/api/globals/home-page${draft ? '?draft=true' : ''}`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ pricing: { offers }, _status: draft ? 'draft' : 'published' }),
  })
  if (!res.ok) throw new Error(`saving the home page answered ${res.status}: ${await res.text()}`)
}

/** Seconds from `since` until every instance shows `price`; null if one never does. */
async function secondsUntilEverywhere(servers: RunningServer[], price: string, since: number) {
  while (Date.now() - since < GIVE_UP_SECONDS * 1000) {
    const shown = await Promise.all(servers.map((s) => rimPriceShown(s.url)))
    if (shown.every((p) => p === price)) return Math.round((Date.now() - since) / 100) / 10
    await sleep(POLL_MS)
  }
  return null
}

export async function homeContentDrill(): Promise<DrillResult> {
  const failures: string[] = []
  const figures: Record<string, unknown> = {}
  const redis = await startRedisServer()
  const logs = { a: serverLogFile('home-content-a'), b: serverLogFile('home-content-b') }
  const servers: RunningServer[] = []
  try {
    const env = { REDIS_URL: redis.url }
    servers.push(await startServer(env, { logFile: logs.a, port: await freePort() }))
    servers.push(await startServer(env, { logFile: logs.b, port: await freePort() }))
    const [a, b] = servers
    const auth = await adminAuthorization(a.url)
    figures.before = await Promise.all(servers.map((s) => rimPriceShown(s.url)))

    await save(a.url, auth, 135, true)
    // Read twice on each, the second from the cache: a draft is served by neither.
    await sleep(1_000)
    figures.withDraft = await Promise.all([...servers, ...servers].map((s) => rimPriceShown(s.url)))
    if ((figures.withDraft as (string | null)[]).some((p) => p !== '$125')) {
      failures.push(`a draft reached a visitor: ${JSON.stringify(figures.withDraft)}`)
    }

    let since = Date.now()
    await save(a.url, auth, 135, false)
    figures.publishSecondsOnBoth = await secondsUntilEverywhere(servers, '$135', since)

    since = Date.now()
    await save(b.url, auth, 125, false)
    figures.restoreSecondsOnBoth = await secondsUntilEverywhere(servers, '$125', since)

    for (const [name, seconds] of [
      ['publish', figures.publishSecondsOnBoth],
      ['restore', figures.restoreSecondsOnBoth],
    ] as const) {
      if (seconds === null || (seconds as number) > LIMIT_SECONDS) {
        failures.push(
          `the ${name} reached both instances after ${seconds ?? `more than ${GIVE_UP_SECONDS}`} s`,
        )
      }
    }
    const errors = [...errorLines(logs.a), ...errorLines(logs.b)]
    if (errors.length > 0) failures.push(`error lines in the servers' logs: ${errors.join(' | ')}`)
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await redis.stop()
  }
  return { failures, figures }
}
