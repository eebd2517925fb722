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

// Drill: customers answering their priced quotes, raced. 50 customers ask for a quote, each
// from an address of its own; the owner writes and sends a quote on each lead; once every
// link has been e-mailed, each customer opens it once (one at a time: the quiet figure), then
// 200 acceptances and 200 views of the quote pages at once (four of each per quote) spread
// over two instances on one database, both running the job queue. Then: no answer ≥ 500 and
// none missing; every acceptance a redirect to its quote's page, which then says it was
// accepted; each quote viewed, then accepted once, from its customer's address, with one job
// and one e-mail to the business; no error line in the logs.
const QUOTES = 50
const PER_QUOTE = 4
// Bounds each wait on the job queue: the links, then the business's e-mails.
const WAIT_SECONDS = 180
const PAGE_CHARS = 1_000_000

// Behind one trusted proxy hop (as in production), so the per-address limit of the customer
// links counts each customer's own requests: 13 at most here, under its 60.
const addressOf = (n: number) => `198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`
const range = (length: number) => Array.from({ length }, (_, n) => n)

// What the quote's page shows: the accept button while open, the notice once accepted.
const OPEN = '>Accept quote</button>'
const ACCEPTED = 'You accepted this quote on'
const showsQuote = (o: Outcome) => o.status === 200 && o.body.includes('>Your quote</h1>')

type Shot = { kind: 'accept' | 'view'; n: number; instance: number }

export async function quoteAnswersDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('answers')
  const failures: string[] = []
  const smtp = new RecordingSmtp({ keepBodies: true })
  const env = {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(await smtp.start(0)),
    SMTP_SECURE: 'false',
    TRUSTED_PROXY_HOPS: '1',
  }
  const logs = { a: serverLogFile('quote-answers-a'), b: serverLogFile('quote-answers-b') }
  const ports = { a: await freePort(), b: await freePort() }
  const servers: RunningServer[] = []

  const mailsOf = (pick: (m: Mail) => number | null) => {
    const counts = new Map<number, Mail[]>()
    for (const m of smtp.received) {
      const n = pick(m)
      if (n !== null) counts.set(n, [...(counts.get(n) ?? []), m])
    }
    return counts
  }
  // The customer's link, and the business's "Quote accepted: Drill <tag> <n>, $…".
  const linkMails = () =>
    mailsOf((m) => {
      const n = new RegExp(`^${tag}-(\\d+)@example\\.com$`).exec(m.to[0] ?? '')?.[1]
      return n !== undefined && (m.headers.subject ?? '').startsWith('Your quote from') ? Number(n) : null
    })
  const answerMails = () =>
    mailsOf((m) => {
      const n = new RegExp(`^Quote accepted: Drill ${tag} (\\d+),`).exec(m.headers.subject ?? '')?.[1]
      return n === undefined ? null : Number(n)
    })

  const paths: string[] = []
  const shots: Shot[] = []
  let burst: Outcome[] = []
  let quiet: Outcome[] = []
  let followed: (Outcome | null)[] = []
  let linksSeconds = 0
  let burstSeconds = 0
  let drainedSeconds: number | null = null
  try {
    servers.push(
      ...(await Promise.all([
        startServer(env, { logFile: logs.a, port: ports.a }),
        startServer(env, { logFile: logs.b, port: ports.b }),
      ])),
    )
    const urlOf = (instance: number) => servers[instance % 2].url
    const from = (n: number) => ({ 'x-forwarded-for': addressOf(n) })

    // The customers' requests, then the owner's quotes: the drill's setup, which must work.
    const requests = await pool(range(QUOTES), 6, (n) =>
      send(`${urlOf(n)}${QUOTE_PATH}`, {
        method: 'POST',
        body: formOf(requestFields(tag, n)),
        headers: from(n),
      }),
    )
    const refused = requests.filter((o) => o.status !== 201)
    if (refused.length)
      throw new Error(
        `quote requests answered ${JSON.stringify(tally(requests.map((o) => o.status ?? 'none')))}`,
      )
    const leadIds = new Map(
      (await withDb(databaseUrl, (db) => leadsOf(db, tag))).map((l) => [l.email, l.id] as const),
    )
    const authorization = await adminAuthorization(urlOf(0))
    const sentAt = Date.now()
    await pool(range(QUOTES), 4, (n) =>
      sendNewQuote(urlOf(n), authorization, {
        lead: leadIds.get(requestFields(tag, n).email)!,
        lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 1 + (n % 4) }],
      }),
    )
    // The links go out through the queue (a tick every 10 s on each instance).
    for (const deadline = Date.now() + WAIT_SECONDS * 1000; ; await sleep(1_000)) {
      if (linkMails().size === QUOTES || Date.now() > deadline) break
    }
    linksSeconds = Math.round((Date.now() - sentAt) / 1000)
    for (const [n, mails] of linkMails()) paths[n] = quoteLinkPath(mails[0].raw ?? '') ?? ''
    const linked = paths.filter(Boolean).length
    if (linked !== QUOTES)
      throw new Error(`${linked} of ${QUOTES} quote links arrived within ${WAIT_SECONDS} s`)

    // Each customer opens the e-mail's link first: the first view is recorded.
    quiet = await pool(range(QUOTES), 1, (n) =>
      send(`${urlOf(n)}${paths[n]}`, { headers: from(n) }, 120_000, PAGE_CHARS),
    )

    // Four acceptances and four views per quote, all at once, each quote's on both instances.
    for (let k = 0; k < PER_QUOTE; k++)
      for (let n = 0; n < QUOTES; n++)
        shots.push({ kind: 'accept', n, instance: n + k }, { kind: 'view', n, instance: n + k + 1 })
    const burstAt = Date.now()
    burst = await Promise.all(
      shots.map(({ kind, n, instance }) =>
        kind === 'accept'
          ? send(`${urlOf(instance)}/api/quote-links/accept`, {
              method: 'POST',
              body: new URLSearchParams({ token: paths[n].split('/').pop()! }),
              headers: from(n),
              redirect: 'manual',
            })
          : send(`${urlOf(instance)}${paths[n]}`, { headers: from(n) }, 120_000, PAGE_CHARS),
      ),
    )
    const burstDone = Date.now()
    burstSeconds = Math.round((burstDone - burstAt) / 100) / 10

    // Where each acceptance sent the browser, opened as the browser would.
    followed = await pool(shots, 8, ({ kind, n, instance }, i) => {
      const location = burst[i].headers.location
      if (kind !== 'accept' || !location) return Promise.resolve(null)
      return send(new URL(location, urlOf(instance)).href, { headers: from(n) }, 120_000, PAGE_CHARS)
    })

    // Until every business e-mail is in and no answer job of the drill is left (bounded).
    for (const deadline = Date.now() + WAIT_SECONDS * 1000; ; await sleep(1_000)) {
      const left = await withDb(databaseUrl, async (db) => {
        const { rows } = await db.query(
          `SELECT 1 FROM payload_jobs j JOIN quotes q ON q.id = (j.input->>'quoteId')::int
             JOIN leads l ON l.id = q.lead_id
            WHERE j.task_slug = 'sendQuoteAnswer' AND j.completed_at IS NULL AND l.email LIKE $1`,
          [`${tag}-%`],
        )
        return rows.length
      })
      if (left === 0 && answerMails().size === QUOTES) {
        drainedSeconds = Math.round((Date.now() - burstDone) / 1000)
        break
      }
      if (Date.now() > deadline) break
    }
    // A late duplicate would come within the next tick of a queue.
    await sleep(12_000)
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await smtp.stop()
  }

  const accepts = burst.filter((_, i) => shots[i].kind === 'accept')
  // Races set up: a quote with acceptances in flight on both instances at the same moment.
  const raced = range(QUOTES).filter((n) => {
    const own = burst.flatMap((o, i) => (shots[i].kind === 'accept' && shots[i].n === n ? [{ o, i }] : []))
    return own.some(({ o, i }) =>
      own.some(
        (other) =>
          shots[other.i].instance % 2 !== shots[i].instance % 2 &&
          other.o.startedAt < o.startedAt + o.ms &&
          o.startedAt < other.o.startedAt + other.o.ms,
      ),
    )
  }).length
  const views = burst.filter((_, i) => shots[i].kind === 'view')
  const quietOpen = quiet.filter((o) => showsQuote(o) && o.body.includes(OPEN)).length
  if (quietOpen !== QUOTES) failures.push(`${QUOTES - quietOpen} first views did not show the open quote`)
  const broken = [...quiet, ...burst, ...followed].filter((o) => o && (o.status === null || o.status >= 500))
  if (broken.length)
    failures.push(
      `${broken.length} answers ≥ 500 or none: ${[...new Set(broken.map((o) => o!.error ?? o!.status))].join(', ')}`,
    )
  const misdirected = burst.filter(
    (o, i) => shots[i].kind === 'accept' && (o.status !== 303 || o.headers.location !== paths[shots[i].n]),
  ).length
  if (misdirected) failures.push(`${misdirected} acceptances were not a 303 to their quote's page`)
  const viewsOpen = views.filter((o) => showsQuote(o) && o.body.includes(OPEN)).length
  const viewsAccepted = views.filter((o) => showsQuote(o) && o.body.includes(ACCEPTED)).length
  if (viewsOpen + viewsAccepted !== views.length)
    failures.push(`${views.length - viewsOpen - viewsAccepted} page views did not show the quote`)
  const pagesAfter = followed.filter((o): o is Outcome => o !== null)
  const showsAccepted = pagesAfter.filter(
    (o) => showsQuote(o) && o.body.includes(ACCEPTED) && !o.body.includes(OPEN),
  ).length
  if (showsAccepted !== accepts.length)
    failures.push(`${accepts.length - showsAccepted} acceptances led to a page not saying it was accepted`)

  const { quotes, jobs } = await withDb(databaseUrl, async (db) => {
    const quotes = await db.query<{
      id: number
      email: string
      status: string
      accepted_at: Date | null
      accepted_from: string | null
      viewed_at: Date | null
    }>(
      `SELECT q.id, l.email, q.status, q.accepted_at, q.accepted_from, q.viewed_at
         FROM quotes q JOIN leads l ON l.id = q.lead_id WHERE l.email LIKE $1`,
      [`${tag}-%`],
    )
    const jobs = await db.query<{ quote_id: number; done: boolean; has_error: boolean | null }>(
      `SELECT (input->>'quoteId')::int AS quote_id, completed_at IS NOT NULL AS done, has_error
         FROM payload_jobs WHERE task_slug = 'sendQuoteAnswer' AND (input->>'quoteId')::int = ANY($1)`,
      [quotes.rows.map((q) => q.id)],
    )
    return { quotes: quotes.rows, jobs: jobs.rows }
  })
  const customerOf = (email: string) => Number(/-(\d+)@/.exec(email)?.[1])
  const acceptedOnce = quotes.filter(
    (q) => q.status === 'accepted' && q.accepted_at && q.accepted_from === addressOf(customerOf(q.email)),
  ).length
  if (quotes.length !== QUOTES) failures.push(`${quotes.length} quotes of the drill, expected ${QUOTES}`)
  if (acceptedOnce !== QUOTES)
    failures.push(`${acceptedOnce} quotes accepted from their customer's address, expected ${QUOTES}`)
  const viewedFirst = quotes.filter((q) => q.viewed_at && q.accepted_at && q.viewed_at < q.accepted_at).length
  if (viewedFirst !== QUOTES)
    failures.push(`${viewedFirst} of ${QUOTES} quotes have a first view recorded before the acceptance`)
  const jobsPerQuote = tally(quotes.map((q) => jobs.filter((j) => j.quote_id === q.id).length))
  if (jobsPerQuote['1'] !== QUOTES) failures.push(`answer jobs per quote: ${JSON.stringify(jobsPerQuote)}`)
  const unfinished = jobs.filter((j) => !j.done || j.has_error).length
  if (unfinished) failures.push(`${unfinished} answer jobs unfinished or failed`)

  const counts = (byQuote: Map<number, Mail[]>) => {
    const sizes = range(QUOTES).map((n) => byQuote.get(n)?.length ?? 0)
    return {
      captured: sizes.reduce((a, b) => a + b, 0),
      missing: sizes.filter((s) => s === 0).length,
      duplicates: sizes.reduce((sum, s) => sum + Math.max(0, s - 1), 0),
    }
  }
  const toBusiness = counts(answerMails())
  const links = counts(linkMails())
  if (toBusiness.missing || toBusiness.duplicates)
    failures.push(
      `business e-mails: ${toBusiness.missing} missing, ${toBusiness.duplicates} sent more than once`,
    )
  if (links.missing || links.duplicates)
    failures.push(`quote links: ${links.missing} missing, ${links.duplicates} sent more than once`)

  const errors = logsErrorLines(logs, failures)

  return {
    failures,
    figures: {
      instances: '2 web + queue, one database',
      quotes: QUOTES,
      linksArrivedSecondsAfterSending: linksSeconds,
      firstViews: quiet.length,
      firstViewLatencyMs: latency(quiet.map((o) => o.ms)),
      acceptances: accepts.length,
      pageViews: views.length,
      burstSeconds,
      quotesWithAcceptancesOnBothInstancesAtOnce: raced,
      acceptStatuses: tally(accepts.map((o) => o.status ?? `no answer (${o.error})`)),
      viewStatuses: tally(views.map((o) => o.status ?? `no answer (${o.error})`)),
      acceptLatencyMs: latency(accepts.map((o) => o.ms)),
      viewLatencyMs: latency(views.map((o) => o.ms)),
      viewsShowing: { open: viewsOpen, accepted: viewsAccepted },
      redirectsShowingAccepted: `${showsAccepted} of ${accepts.length}`,
      acceptedOnceFromCustomersAddress: acceptedOnce,
      viewedBeforeAccepted: viewedFirst,
      answerJobsPerQuote: jobsPerQuote,
      businessEmails: toBusiness,
      linkEmails: links,
      drainedSecondsAfterBurst: drainedSeconds,
      errorLines: errors,
      logs,
    },
  }
}
