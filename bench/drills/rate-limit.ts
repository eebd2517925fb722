import { DEV_ADMIN } from '../../src/seed/dev-admin'
import { AUTH_DOORS } from '../../src/collections/Users/hooks/limitAuthAttempts'
import { startServer } from '../lib/server'
import type { RunningServer } from '../lib/server'
import {
  QUOTE_PATH,
  formOf,
  freePort,
  latency,
  requestFields,
  runTag,
  send,
  serverLogFile,
  tally,
  unhandledFailures,
  withDb,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// The limits hold across instances under a burst: two production servers on one database,
// one client (X-Forwarded-For, one trusted hop) sends at once, every other request to each:
// 200 quote requests under a limit of 50, then 40 wrong passwords for one account under
// the per-account-and-client limit. Exactly the limit passes, the rest are 429 with
// Retry-After, and exactly that many leads exist.
const QUOTES = 200
const QUOTE_LIMIT = 50
const LOGINS = 40

export async function rateLimitDrill(): Promise<DrillResult> {
  const failures: string[] = []
  const tag = runTag('rlim')
  const client = '198.51.100.250'
  const env = { TRUSTED_PROXY_HOPS: '1', QUOTE_RATE_LIMIT_MAX: String(QUOTE_LIMIT), WARM_PAGES: 'false' }
  const servers: RunningServer[] = []
  const logs = [serverLogFile('rate-limit-a'), serverLogFile('rate-limit-b')]
  let quotes: Outcome[] = []
  let logins: Outcome[] = []
  try {
    for (const logFile of logs) servers.push(await startServer(env, { logFile, port: await freePort() }))
    const urlOf = (n: number) => servers[n % 2].url
    quotes = await Promise.all(
      Array.from({ length: QUOTES }, (_, n) =>
        send(`${urlOf(n)}${QUOTE_PATH}`, {
          method: 'POST',
          headers: { 'x-forwarded-for': client },
          body: formOf(requestFields(tag, n)),
        }),
      ),
    )
    logins = await Promise.all(
      Array.from({ length: LOGINS }, (_, n) =>
        send(`${urlOf(n)}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.251' },
          body: JSON.stringify({ email: DEV_ADMIN.email, password: `${tag}-wrong-${n}` }),
        }),
      ),
    )
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
  const leads = await withDb(process.env.DATABASE_URL!, async (db) => {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM leads WHERE last_name LIKE $1`,
      [`${tag} %`],
    )
    return Number(rows[0].n)
  })

  const count = (list: Outcome[], status: number) => list.filter((o) => o.status === status).length
  const withoutRetryAfter = [...quotes, ...logins].filter(
    (o) => o.status === 429 && !o.headers['retry-after'],
  )
  const perAccount = AUTH_DOORS.login.perEmail.max
  if (count(quotes, 201) !== QUOTE_LIMIT)
    failures.push(`${count(quotes, 201)} quotes accepted, not ${QUOTE_LIMIT}`)
  if (count(quotes, 429) !== QUOTES - QUOTE_LIMIT)
    failures.push(`${count(quotes, 429)} quotes refused with 429`)
  if (leads !== QUOTE_LIMIT) failures.push(`${leads} leads saved, not ${QUOTE_LIMIT}`)
  if (count(logins, 401) !== perAccount)
    failures.push(`${count(logins, 401)} logins checked, not ${perAccount}`)
  if (count(logins, 429) !== LOGINS - perAccount)
    failures.push(`${count(logins, 429)} logins refused with 429`)
  if (withoutRetryAfter.length) failures.push(`${withoutRetryAfter.length} refusals without Retry-After`)
  for (const log of logs) failures.push(...unhandledFailures(log))
  return {
    failures,
    figures: {
      instances: 2,
      quotes: tally(quotes.map((o) => o.status ?? `no answer (${o.error})`)),
      leads,
      quoteLatencyMs: {
        accepted: latency(quotes.filter((o) => o.status === 201).map((o) => o.ms)),
        refused: latency(quotes.filter((o) => o.status === 429).map((o) => o.ms)),
      },
      logins: tally(logins.map((o) => o.status ?? `no answer (${o.error})`)),
      loginLatencyMs: {
        checked: latency(logins.filter((o) => o.status === 401).map((o) => o.ms)),
        refused: latency(logins.filter((o) => o.status === 429).map((o) => o.ms)),
      },
    },
  }
}
