import type { RunningServer } from '../lib/server'
import {
  NO_RATE_LIMIT,
  RecordingSmtp,
  emailJobs,
  envSeconds,
  errorLines,
  formOf,
  idempotencyKey,
  leadsOf,
  requestFields,
  quoteMailOf,
  runTag,
  serverLogFile,
  startDrillServer,
  sleep,
  submitRequest,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// Drill 2: the mail server goes away for BENCH_MAIL_DOWN_SECONDS (120) while quotes keep
// coming in, then comes back on the same port. Every lead's two e-mails (business and
// customer) must arrive afterwards, none twice. The back-off is shortened
// (QUOTE_EMAIL_BACKOFF_MS=2000: retries after 2, 4, 8, ... s) so the drill ends.
const DURING = 20
const BACKOFF_MS = '2000'

export async function mailDownDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const downSeconds = envSeconds('BENCH_MAIL_DOWN_SECONDS', 120)
  // The longest wait after the outage: the retry due after it (up to twice the outage
  // with exponential back-off) plus the queue's 10 s tick and a margin.
  const drainSeconds = envSeconds('BENCH_MAIL_DRAIN_SECONDS', Math.max(180, 2 * downSeconds + 120))
  const tag = runTag('mail')
  const failures: string[] = []
  const logFile = serverLogFile('mail-down')
  const smtp = new RecordingSmtp()
  const port = await smtp.start(0)
  const submissions: { n: number; phase: string; outcome: Outcome }[] = []
  let n = 0
  const submit = async (phase: string) => {
    const i = n++
    submissions.push({
      n: i,
      phase,
      outcome: await submitRequest(serverUrl, formOf(requestFields(tag, i)), idempotencyKey(tag, i)),
    })
  }
  let serverUrl = ''
  let downAt = 0
  let upAt = 0
  let drained = false
  let drainedAfterSeconds: number | null = null
  let leadCount = 0

  // E-mail jobs still queued by an earlier drill of the run (the concurrent drill leaves
  // 1000) would take the queue's 20 slots per 10 s tick ahead of this drill's: removed.
  const foreignJobs = await withDb(databaseUrl, async (db) => {
    const { rowCount } = await db.query(
      `DELETE FROM payload_jobs WHERE task_slug = 'sendQuoteEmail' AND completed_at IS NULL`,
    )
    return rowCount ?? 0
  })
  let server: RunningServer | null = null
  try {
    server = await startDrillServer(logFile, {
      ...NO_RATE_LIMIT,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_SECURE: 'false',
      QUOTE_EMAIL_BACKOFF_MS: BACKOFF_MS,
    })
    serverUrl = server.url
    await submit('before')
    await submit('before')
    await smtp.stop()
    downAt = Date.now()
    for (let i = 0; i < DURING; i++) {
      await submit('down')
      const due = downAt + ((i + 1) * downSeconds * 1000) / DURING
      await sleep(Math.max(0, due - Date.now()))
    }
    await smtp.start(port)
    upAt = Date.now()
    await submit('after')
    await submit('after')

    // Wait (bounded) until no e-mail job of this drill is left and every message is in.
    const deadline = Date.now() + drainSeconds * 1000
    for (;;) {
      const state = await withDb(databaseUrl, async (db) => {
        const leads = await leadsOf(db, tag)
        const ids = new Set(leads.map((l) => l.id))
        const jobs = (await emailJobs(db)).filter((j) => ids.has(j.leadId))
        return { leads: leads.length, jobs }
      })
      leadCount = state.leads
      const mine = smtp.received.filter((m) => quoteMailOf(m.headers, m.to)?.email.startsWith(`${tag}-`))
      if (state.jobs.length === 0 && mine.length >= 2 * state.leads) {
        drained = true
        drainedAfterSeconds = Math.round((Date.now() - upAt) / 1000)
        break
      }
      if (state.jobs.some((j) => j.hasError)) break
      if (Date.now() > deadline) break
      await sleep(2_000)
    }
    // A late duplicate would land within the next tick of the queue.
    await sleep(12_000)
  } finally {
    if (server) await server.stop()
    await smtp.stop()
  }

  const rejected = submissions.filter((s) => s.outcome.status !== 201)
  if (rejected.length) {
    failures.push(
      `${rejected.length} submissions were not answered 201 (${JSON.stringify(tally(rejected.map((s) => `${s.phase}:${s.outcome.status ?? s.outcome.error}`)))})`,
    )
  }

  const { leads, jobs } = await withDb(databaseUrl, async (db) => {
    const leads = await leadsOf(db, tag)
    const ids = new Set(leads.map((l) => l.id))
    return { leads, jobs: (await emailJobs(db)).filter((j) => ids.has(j.leadId)) }
  })
  leadCount = leads.length
  if (leads.length !== submissions.length)
    failures.push(`${leads.length} leads for ${submissions.length} submissions`)

  const delivered = new Map<string, number[]>()
  for (const m of smtp.received) {
    const about = quoteMailOf(m.headers, m.to)
    if (!about || !about.email.startsWith(`${tag}-`)) continue
    const k = `${about.email}|${about.audience}`
    delivered.set(k, [...(delivered.get(k) ?? []), m.receivedAt])
  }
  let missing = 0
  let twice = 0
  for (const lead of leads) {
    for (const audience of ['business', 'customer']) {
      const times = delivered.get(`${lead.email.toLowerCase()}|${audience}`) ?? []
      if (times.length === 0) missing += 1
      if (times.length > 1) twice += 1
    }
  }
  if (!drained)
    failures.push(`the e-mail queue did not drain within ${drainSeconds} s of the mail server's return`)
  if (missing) failures.push(`${missing} of ${2 * leads.length} e-mails never arrived`)
  if (twice) failures.push(`${twice} e-mails arrived more than once`)
  const stuck = jobs.length
  if (stuck)
    failures.push(
      `${stuck} e-mail jobs are still in payload-jobs (${jobs.filter((j) => j.hasError).length} failed for good)`,
    )

  const afterUp = [...delivered.values()].flat().filter((t) => t >= upAt)
  return {
    failures,
    figures: {
      mailDownSeconds: Math.round((upAt - downAt) / 1000),
      earlierDrillsJobsRemoved: foreignJobs,
      backoffMs: Number(BACKOFF_MS),
      submissions: tally(submissions.map((s) => `${s.phase}:${s.outcome.status ?? s.outcome.error}`)),
      leads: leadCount,
      expectedEmails: 2 * leadCount,
      delivered: [...delivered.values()].reduce((sum, t) => sum + t.length, 0),
      deliveredWhileDown: [...delivered.values()].flat().filter((t) => t > downAt && t < upAt).length,
      deliveredAfterReturn: afterUp.length,
      lastDeliverySecondsAfterReturn: afterUp.length
        ? Math.round((Math.max(...afterUp) - upAt) / 1000)
        : null,
      queueDrainedSecondsAfterReturn: drainedAfterSeconds,
      missing,
      deliveredTwice: twice,
      jobsLeft: stuck,
      serverErrors: errorLines(logFile, 5),
      serverLog: logFile,
    },
  }
}
