import { adminAuthorization } from '../lib/auth'
import { quoteLinkPath, sendNewQuote } from '../lib/quote-link'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import {
  QUOTE_PATH,
  RecordingSmtp,
  logsErrorLines,
  formOf,
  freePort,
  latency,
  leadsOf,
  pool,
  requestFields,
  runTag,
  send,
  serverLogFile,
  sleep,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Mail, Outcome } from './lib'

// Drill: 100 customers race for the 10 places of one slot. Each asks for a quote from an
// address of its own, the owner sends a quote on each lead, each customer accepts it from the
// e-mailed link and lands on its quote page; then all 100 book the same start at once, spread
// over two instances on one database (both running the job queue). The owner sets 10 vans for
// the drill, so the raced start has 10 places: the most contention one slot can have, every
// loser trying each van's place in turn. Then: no answer ≥ 500 and none missing; exactly 10
// `booked` and 90 `taken` (JSON, or for every tenth customer the form's redirect to a page
// that says so and no longer offers the time); 10 live visits at that start on 10 vans, held
// by the customers told `booked`; one confirmation job and e-mail each; no error line.
const CUSTOMERS = 100
const VANS = 10
// Every tenth customer books as the page's form does (no JSON): a 303 back to the page.
const isPlain = (n: number) => n % 10 === 9
// Bounds each wait on the job queue: the links, then the confirmations.
const WAIT_SECONDS = 240
const PAGE_CHARS = 1_000_000
const BOOK_PATH = '/api/quote-links/book'

// Behind one trusted proxy hop, so the customer links' limit per address counts each
// customer's own requests (4 here, under its 60).
const addressOf = (n: number) => `198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`
const range = (length: number) => Array.from({ length }, (_, n) => n)

const PICK = '>Pick a time for the visit</h2>'
const BOOKED = 'Your visit is booked. We e-mailed you the details and a calendar invitation.'
const TAKEN = 'Sorry, that time was just taken. Please pick another.'
// The starts a quote page offers (its radio inputs).
const startsOn = (html: string) => [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1])

export async function visitsRaceDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('visits')
  const failures: string[] = []
  const smtp = new RecordingSmtp({ keepBodies: true })
  const env = {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(await smtp.start(0)),
    SMTP_SECURE: 'false',
    TRUSTED_PROXY_HOPS: '1',
  }
  const logs = { a: serverLogFile('visits-race-a'), b: serverLogFile('visits-race-b') }
  const ports = { a: await freePort(), b: await freePort() }
  const servers: RunningServer[] = []

  const customerOfAddress = (address: string) =>
    new RegExp(`^${tag}-(\\d+)@example\\.com$`).exec(address)?.[1]
  const mailsOf = (subject: string) => {
    const byCustomer = new Map<number, Mail[]>()
    for (const m of smtp.received) {
      const n = customerOfAddress(m.to[0] ?? '')
      if (n === undefined || !(m.headers.subject ?? '').startsWith(subject)) continue
      byCustomer.set(Number(n), [...(byCustomer.get(Number(n)) ?? []), m])
    }
    return byCustomer
  }

  const tokens: string[] = []
  const pages: Outcome[] = []
  let start = ''
  let burst: Outcome[] = []
  let followed: (Outcome | null)[] = []
  let setupSeconds = 0
  let burstSeconds = 0
  let drainedSeconds: number | null = null
  let vansBefore: number | null = null
  let authorization = ''
  try {
    servers.push(
      ...(await Promise.all([
        startServer(env, { logFile: logs.a, port: ports.a }),
        startServer(env, { logFile: logs.b, port: ports.b }),
      ])),
    )
    const urlOf = (instance: number) => servers[instance % 2].url
    const from = (n: number) => ({ 'x-forwarded-for': addressOf(n) })
    const setupAt = Date.now()

    // The owner gives the slot its 10 places (restored in finally).
    authorization = await adminAuthorization(urlOf(0))
    const settings = await send(`${urlOf(0)}/api/globals/site-settings?depth=0`, {
      headers: { Authorization: authorization },
    })
    vansBefore = Number((settings.json?.booking as { vans?: number } | undefined)?.vans)
    if (settings.status !== 200 || !Number.isInteger(vansBefore))
      throw new Error(`the site settings answered ${settings.status}: ${settings.body.slice(0, 200)}`)
    const saved = await saveVans(urlOf(0), authorization, VANS)
    if (saved.status !== 200) throw new Error(`saving ${VANS} vans answered ${saved.status}`)

    // The customers' requests, the owner's quotes, the links: the drill's setup, which must work.
    const requests = await pool(range(CUSTOMERS), 6, (n) =>
      send(`${urlOf(n)}${QUOTE_PATH}`, {
        method: 'POST',
        body: formOf(requestFields(tag, n)),
        headers: from(n),
      }),
    )
    if (requests.some((o) => o.status !== 201))
      throw new Error(
        `quote requests answered ${JSON.stringify(tally(requests.map((o) => o.status ?? 'none')))}`,
      )
    const leadIds = new Map(
      (await withDb(databaseUrl, (db) => leadsOf(db, tag))).map((l) => [l.email, l.id] as const),
    )
    await pool(range(CUSTOMERS), 4, (n) =>
      sendNewQuote(urlOf(n), authorization, {
        lead: leadIds.get(requestFields(tag, n).email)!,
        lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 1 + (n % 4) }],
      }),
    )
    // The links go out through the queue (a tick every 10 s on each instance).
    const links = () => mailsOf('Your quote from')
    for (const deadline = Date.now() + WAIT_SECONDS * 1000; ; await sleep(1_000)) {
      if (links().size === CUSTOMERS || Date.now() > deadline) break
    }
    for (const [n, mails] of links())
      tokens[n] =
        quoteLinkPath(mails[0].raw ?? '')
          ?.split('/')
          .pop() ?? ''
    const linked = tokens.filter(Boolean).length
    if (linked !== CUSTOMERS)
      throw new Error(`${linked} of ${CUSTOMERS} quote links arrived within ${WAIT_SECONDS} s`)

    // Each customer accepts (the page's form) and lands on its page, which offers the times.
    await pool(range(CUSTOMERS), 6, async (n) => {
      const accepted = await send(`${urlOf(n)}/api/quote-links/accept`, {
        method: 'POST',
        body: new URLSearchParams({ token: tokens[n] }),
        headers: from(n),
        redirect: 'manual',
      })
      if (accepted.status !== 303 || !accepted.headers.location)
        throw new Error(`an acceptance answered ${accepted.status ?? accepted.error}`)
      pages[n] = await send(
        new URL(accepted.headers.location, urlOf(n)).href,
        { headers: from(n) },
        120_000,
        PAGE_CHARS,
      )
    })
    const picking = pages.filter((o) => o.status === 200 && o.body.includes(PICK)).length
    if (picking !== CUSTOMERS)
      throw new Error(`${CUSTOMERS - picking} quote pages offered no times after accepting`)

    // The raced time: the latest the first customer's page offers that nobody holds yet (the
    // furthest ahead, so no notice runs out during the drill; checked, not assumed, empty).
    const offered = startsOn(pages[0].body)
    const held = await withDb(databaseUrl, async (db) => {
      const { rows } = await db.query<{ start: Date }>(
        `SELECT DISTINCT start FROM visits WHERE cancelled_at IS NULL AND start = ANY($1::timestamptz[])`,
        [offered],
      )
      return new Set(rows.map((r) => r.start.toISOString()))
    })
    start = [...offered].reverse().find((s) => !held.has(s)) ?? ''
    if (!start) throw new Error(`no free time among the ${offered.length} the page offered`)
    const offering = pages.filter((o) => startsOn(o.body).includes(start)).length
    if (offering !== CUSTOMERS) throw new Error(`${CUSTOMERS - offering} pages did not offer ${start}`)
    setupSeconds = Math.round((Date.now() - setupAt) / 1000)

    // All 100 bookings at once, alternating between the instances.
    const burstAt = Date.now()
    burst = await Promise.all(
      range(CUSTOMERS).map((n) =>
        send(`${urlOf(n)}${BOOK_PATH}`, {
          method: 'POST',
          body: new URLSearchParams({ token: tokens[n], start, address: `${n + 1} S Congress Ave, Austin` }),
          headers: { ...from(n), ...(isPlain(n) ? {} : { Accept: 'application/json' }) },
          redirect: 'manual',
        }),
      ),
    )
    const burstDone = Date.now()
    burstSeconds = Math.round((burstDone - burstAt) / 100) / 10

    // Where each form post sent the browser, opened as the browser would.
    followed = await pool(range(CUSTOMERS), 4, (n) => {
      const location = burst[n].headers.location
      if (!isPlain(n) || !location) return Promise.resolve(null)
      return send(new URL(location, urlOf(n)).href, { headers: from(n) }, 120_000, PAGE_CHARS)
    })

    // Until each booked customer has its confirmation and no confirmation job is left (bounded).
    for (const deadline = Date.now() + WAIT_SECONDS * 1000; ; await sleep(1_000)) {
      const left = await withDb(databaseUrl, async (db) => {
        const { rows } = await db.query(
          `SELECT 1 FROM payload_jobs WHERE task_slug = 'sendVisitConfirmation' AND completed_at IS NULL`,
        )
        return rows.length
      })
      if (left === 0 && mailsOf('Your visit is booked').size >= VANS) {
        drainedSeconds = Math.round((Date.now() - burstDone) / 1000)
        break
      }
      if (Date.now() > deadline) break
    }
    // A late duplicate would come within the next tick of a queue.
    await sleep(12_000)
  } finally {
    if (vansBefore !== null && servers.length) {
      const restored = await saveVans(servers[0].url, authorization, vansBefore)
      const now = (restored.json?.result as { booking?: { vans?: number } } | undefined)?.booking?.vans
      if (restored.status !== 200 || now !== vansBefore)
        failures.push(`restoring ${vansBefore} vans answered ${restored.status}, vans now ${now}`)
    }
    await Promise.all(servers.map((s) => s.stop()))
    await smtp.stop()
  }

  // What each customer was told: the JSON outcome, or the outcome the redirect names.
  const told = burst.map((o, n) => {
    if (!isPlain(n)) return `${o.status ?? 'none'} ${String(o.json?.outcome ?? o.error ?? '')}`
    const visit = o.headers.location
      ? new URL(o.headers.location, 'http://x').searchParams.get('visit')
      : null
    const right = o.headers.location?.startsWith(`/quote/${tokens[n]}?`)
    return `${o.status ?? 'none'} ${right ? visit : (o.headers.location ?? o.error ?? '')}`
  })
  const broken = [...burst, ...followed].filter((o) => o && (o.status === null || o.status >= 500))
  if (broken.length)
    failures.push(
      `${broken.length} answers ≥ 500 or none: ${[...new Set(broken.map((o) => o!.error ?? o!.status))].join(', ')}`,
    )
  const outcomes = tally(told)
  const bookedJson = outcomes['200 booked'] ?? 0
  const takenJson = outcomes['409 taken'] ?? 0
  const bookedPlain = outcomes['303 booked'] ?? 0
  const takenPlain = outcomes['303 taken'] ?? 0
  if (bookedJson + bookedPlain !== VANS)
    failures.push(`${bookedJson + bookedPlain} told booked, expected ${VANS}`)
  if (takenJson + takenPlain !== CUSTOMERS - VANS)
    failures.push(`${takenJson + takenPlain} told taken, expected ${CUSTOMERS - VANS}`)
  const unclear = CUSTOMERS - bookedJson - takenJson - bookedPlain - takenPlain
  if (unclear) failures.push(`${unclear} answers neither booked nor taken: ${JSON.stringify(outcomes)}`)
  const winners = new Set(told.flatMap((t, n) => (/ booked$/.test(t) ? [n] : [])))

  // The pages the form posts led to: the outcome said, and the taken time no longer offered.
  let pagesRight = 0
  const plainPages = followed.flatMap((o, n) => (o ? [{ o, n }] : []))
  for (const { o, n } of plainPages) {
    const times = startsOn(o.body)
    const ok = winners.has(n)
      ? o.status === 200 && o.body.includes(BOOKED) && o.body.includes('data-testid="visit-time"')
      : o.status === 200 && o.body.includes(TAKEN) && times.length > 0 && !times.includes(start)
    if (ok) pagesRight++
  }
  const plainCount = range(CUSTOMERS).filter(isPlain).length
  if (pagesRight !== plainCount)
    failures.push(
      `${pagesRight} of ${plainCount} pages after a form post said the outcome and offered fresh times`,
    )

  const { visits, doubled, raceStartLive, jobs, events } = await withDb(databaseUrl, async (db) => {
    const visits = await db.query<{ email: string; start: Date; van: number; cancelled: boolean }>(
      `SELECT l.email, v.start, v.van::int AS van, v.cancelled_at IS NOT NULL AS cancelled
         FROM visits v JOIN leads l ON l.id = v.lead_id WHERE l.email LIKE $1`,
      [`${tag}-%`],
    )
    const doubled = await db.query(
      `SELECT start, van FROM visits WHERE cancelled_at IS NULL GROUP BY start, van HAVING count(*) > 1`,
    )
    const raceStartLive = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM visits WHERE cancelled_at IS NULL AND start = $1`,
      [start || null],
    )
    const jobs = await db.query<{ done: boolean; has_error: boolean | null }>(
      `SELECT j.completed_at IS NOT NULL AS done, j.has_error FROM payload_jobs j
         JOIN visits v ON v.id = (j.input->>'visitId')::int JOIN leads l ON l.id = v.lead_id
        WHERE j.task_slug = 'sendVisitConfirmation' AND l.email LIKE $1`,
      [`${tag}-%`],
    )
    const events = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM lead_events e JOIN leads l ON l.id = e.lead_id
        WHERE e.kind = 'visit_booked' AND l.email LIKE $1`,
      [`${tag}-%`],
    )
    return {
      visits: visits.rows,
      doubled: doubled.rows.length,
      raceStartLive: Number(raceStartLive.rows[0]?.n ?? 0),
      jobs: jobs.rows,
      events: Number(events.rows[0]?.n ?? 0),
    }
  })
  const live = visits.filter((v) => !v.cancelled)
  const atStart = live.filter((v) => v.start.toISOString() === start)
  const vans = [...new Set(atStart.map((v) => v.van))].sort((a, b) => a - b)
  if (visits.length !== VANS || atStart.length !== VANS)
    failures.push(
      `${visits.length} visits of the drill, ${atStart.length} live at ${start}; expected ${VANS}`,
    )
  if (raceStartLive !== VANS)
    failures.push(`${raceStartLive} live visits at ${start} in all, expected ${VANS}`)
  if (vans.length !== atStart.length || vans.some((v, i) => v !== i + 1))
    failures.push(`visits per van at ${start}: ${JSON.stringify(tally(atStart.map((v) => v.van)))}`)
  if (doubled) failures.push(`${doubled} (start, van) pairs with more than one live visit`)
  const holders = new Set(atStart.map((v) => Number(customerOfAddress(v.email))))
  if (holders.size !== winners.size || [...winners].some((n) => !holders.has(n)))
    failures.push('the visits are not held by the customers told booked')
  if (events !== VANS) failures.push(`${events} visit_booked events, expected ${VANS}`)
  if (jobs.length !== VANS || jobs.some((j) => !j.done || j.has_error))
    failures.push(
      `confirmation jobs: ${jobs.length}, ${jobs.filter((j) => !j.done || j.has_error).length} unfinished or failed`,
    )

  const confirmations = mailsOf('Your visit is booked')
  const duplicates = [...confirmations.values()].reduce((sum, m) => sum + m.length - 1, 0)
  const confirmedWinners = [...confirmations.keys()].filter((n) => winners.has(n)).length
  if (confirmations.size !== VANS || confirmedWinners !== VANS || duplicates)
    failures.push(
      `confirmations: ${confirmations.size} customers (${confirmedWinners} told booked), ${duplicates} duplicates`,
    )

  const errors = logsErrorLines(logs, failures)

  const ms = burst.map((o) => o.ms)
  return {
    failures,
    figures: {
      instances: '2 web + queue, one database',
      customers: CUSTOMERS,
      places: `${VANS} vans at one start (${start})`,
      setupSeconds,
      burstSeconds,
      outcomes,
      bookedPerInstance: tally([...winners].map((n) => (n % 2 ? 'b' : 'a'))),
      bookingLatencyMs: latency(ms),
      bookedLatencyMs: latency(ms.filter((_, n) => winners.has(n))),
      takenLatencyMs: latency(ms.filter((_, n) => !winners.has(n))),
      formPagesSayingOutcome: `${pagesRight} of ${plainCount}`,
      liveVisitsAtStart: raceStartLive,
      vansAtStart: vans,
      visitBookedEvents: events,
      confirmationJobs: jobs.length,
      confirmationEmails: { customers: confirmations.size, duplicates },
      drainedSecondsAfterBurst: drainedSeconds,
      errorLines: errors,
      logs,
    },
  }
}

// The owner's save of the Visits settings through the REST API, as the back office does.
function saveVans(url: string, authorization: string, vans: number) {
  return send(`${url}/api/globals/site-settings?depth=0`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ booking: { vans } }),
  })
}
