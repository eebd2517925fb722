import { startServer } from '../lib/server'
import type { RunningServer } from '../lib/server'
import {
  NO_RATE_LIMIT,
  formOf,
  freePort,
  idempotencyKey,
  latency,
  requestFields,
  runTag,
  serverLogFile,
  submitRequest,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// A promotion with usageLimit 10 and 40 quote requests carrying its code at once, spread
// over two instances of the production server on one database (every other request to
// each). Exactly 10 leads hold the promotion, its usageCount is 10, the other 30 are told
// "This code has reached its usage limit." on the code, and no refused request left a
// lead behind. Then the 10 accepted submissions are replayed with their keys: nothing more
// is counted.
const TOTAL = 40
const LIMIT = 10
const USED_UP = 'This code has reached its usage limit.'

export async function promoLimitDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('promo')
  const code = tag.toUpperCase().slice(0, 40)
  const failures: string[] = []

  const promotionId = await withDb(databaseUrl, async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO promotions (_status, title, discount_code, discount_type, discount_value, minimum_amount, is_active, usage_limit, usage_count)
       VALUES ('published', $1, $2, 'percentage', 15, 0, true, $3, 0) RETURNING id`,
      [`Drill ${tag}`, code, LIMIT],
    )
    return rows[0].id
  })

  const ports = { a: await freePort(), b: await freePort() }
  const servers: RunningServer[] = []
  let burst: Outcome[]
  let replays: Outcome[]
  const keyOf = (n: number) => idempotencyKey(tag, n)
  const formFor = (n: number) => formOf({ ...requestFields(tag, n), promoCode: code.toLowerCase() })
  try {
    servers.push(
      ...(await Promise.all([
        startServer(NO_RATE_LIMIT, { logFile: serverLogFile('promo-limit-a'), port: ports.a }),
        startServer(NO_RATE_LIMIT, { logFile: serverLogFile('promo-limit-b'), port: ports.b }),
      ])),
    )
    const urlOf = (n: number) => servers[n % 2].url
    burst = await Promise.all(
      Array.from({ length: TOTAL }, (_, n) => submitRequest(urlOf(n), formFor(n), keyOf(n), 120_000)),
    )
    const accepted = burst.flatMap((o, n) => (o.status === 201 ? [n] : []))
    // Replayed on the other instance than the one that saved it.
    replays = await Promise.all(
      accepted.map((n) => submitRequest(urlOf(n + 1), formFor(n), keyOf(n), 120_000)),
    )
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }

  const { leads, usageCount } = await withDb(databaseUrl, async (db) => {
    const leadRows = await db.query<{ promotion_id: number | null; promo_code: string | null }>(
      `SELECT promotion_id, promo_code FROM leads WHERE last_name LIKE $1`,
      [`${tag} %`],
    )
    const promo = await db.query<{ usage_count: string }>(
      `SELECT usage_count FROM promotions WHERE id = $1`,
      [promotionId],
    )
    // The drill's promotion goes out of the way of later drills (the newest active one is
    // the site's banner).
    await db.query(`UPDATE promotions SET is_active = false WHERE id = $1`, [promotionId])
    return { leads: leadRows.rows, usageCount: Number(promo.rows[0]?.usage_count) }
  })

  const statuses = tally(burst.map((o) => o.status ?? `no answer (${o.error})`))
  const created = burst.filter((o) => o.status === 201).length
  const refused = burst.filter((o) => o.status === 400)
  const usedUpMessages = refused.filter(
    (o) => (o.json?.fieldErrors as Record<string, string> | undefined)?.promoCode === USED_UP,
  ).length
  const holding = leads.filter((l) => l.promotion_id === promotionId && l.promo_code === code).length

  if (created !== LIMIT) failures.push(`${created} of ${TOTAL} requests were accepted, not ${LIMIT}`)
  if (refused.length !== TOTAL - LIMIT) failures.push(`${refused.length} were refused, not ${TOTAL - LIMIT}`)
  if (usedUpMessages !== TOTAL - LIMIT)
    failures.push(`${usedUpMessages} refusals carried "${USED_UP}" on the code, not ${TOTAL - LIMIT}`)
  if (leads.length !== LIMIT) failures.push(`${leads.length} leads were saved, not ${LIMIT}`)
  if (holding !== LIMIT) failures.push(`${holding} leads hold the promotion and its code, not ${LIMIT}`)
  if (usageCount !== LIMIT) failures.push(`usageCount is ${usageCount}, not ${LIMIT}`)
  const replayed = replays.filter(
    (o) => o.status === 201 && o.headers['idempotent-replayed'] === 'true',
  ).length
  if (replayed !== replays.length)
    failures.push(`${replays.length - replayed} replays were not answered as replays`)

  return {
    failures,
    figures: {
      instances: 2,
      requests: TOTAL,
      usageLimit: LIMIT,
      statuses,
      leadsHoldingCode: holding,
      usageCount,
      replays: `${replayed} of ${replays.length} answered as replays`,
      latencyMs: latency(burst.map((o) => o.ms)),
    },
  }
}
