import { phonePhoto } from '../lib/photos'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import {
  NO_RATE_LIMIT,
  RecordingSmtp,
  emailJobs,
  envSeconds,
  errorLines,
  formOf,
  freePort,
  idempotencyKey,
  leadsOf,
  pool,
  requestFields,
  quoteMailOf,
  runTag,
  serverLogFile,
  sleep,
  submitRequest,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// Drill: every quote e-mail exactly once with several instances on one database.
// 200 quote submissions (every other one with a phone photo) spread over two app
// instances; halfway, one process is stopped with SIGTERM and started again while the
// submissions go on. `shared`: both instances run the job queue. `split`: both run with
// JOBS_AUTORUN=false and a worker (scripts/worker.mjs) runs the queue; the worker is the
// one stopped. Then: exactly 400 e-mails captured, none twice (by lead and audience), every
// lead once, no job left, no error line in any log.
const TOTAL = 200
const CONCURRENCY = 6

type Mode = 'shared' | 'split'

export const exactlyOnceSharedDrill = () => exactlyOnceDrill('shared')
export const exactlyOnceSplitDrill = () => exactlyOnceDrill('split')

async function exactlyOnceDrill(mode: Mode): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const drainSeconds = envSeconds('BENCH_EXACTLY_ONCE_DRAIN_SECONDS', 300)
  const tag = runTag(mode === 'shared' ? 'once' : 'split')
  const failures: string[] = []
  const smtp = new RecordingSmtp()
  const smtpPort = await smtp.start(0)
  const photos = await Promise.all([1, 2, 3, 4].map((seed) => phonePhoto(seed)))
  const hasPhoto = (n: number) => n % 2 === 0
  const formFor = (n: number) =>
    formOf(
      requestFields(tag, n),
      hasPhoto(n) ? [{ name: `IMG_${n}.jpg`, type: 'image/jpeg', bytes: photos[n % photos.length] }] : [],
    )

  // Unfinished e-mail jobs of earlier drills would be sent to this drill's mail server.
  const foreignJobs = await withDb(databaseUrl, async (db) => {
    const { rowCount } = await db.query(
      `DELETE FROM payload_jobs WHERE task_slug = 'sendQuoteEmail' AND completed_at IS NULL`,
    )
    return rowCount ?? 0
  })

  const env = {
    ...NO_RATE_LIMIT,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    QUOTE_EMAIL_BACKOFF_MS: '2000',
  }
  const logs = {
    a: serverLogFile(`${mode}-a`),
    b: serverLogFile(`${mode}-b`),
    worker: serverLogFile(`${mode}-worker`),
  }
  const ports = { a: await freePort(), b: await freePort(), worker: await freePort() }
  const webEnv = mode === 'split' ? { ...env, JOBS_AUTORUN: 'false' } : env
  const startA = () => startServer(webEnv, { logFile: logs.a, port: ports.a })
  const startWorker = () =>
    startServer(
      { ...env, WORKER_PORT: String(ports.worker) },
      { logFile: logs.worker, port: ports.worker, script: 'scripts/worker.mjs' },
    )

  const servers: RunningServer[] = []
  const outcomes: Outcome[] = new Array(TOTAL)
  let restart = { stopSeconds: 0, downSeconds: 0, exit: '' }
  let drainedAfterSeconds: number | null = null
  try {
    const [a, b] = await Promise.all([startA(), startServer(webEnv, { logFile: logs.b, port: ports.b })])
    servers.push(a, b)
    let worker: RunningServer | null = null
    if (mode === 'split') servers.push((worker = await startWorker()))
    // The one stopped halfway: instance a (shared) or the worker (split).
    let restarting: 'a' | 'worker' | null = null
    let urlA = a.url
    const target = (n: number) => (n % 2 === 0 && restarting !== 'a' ? urlA : b.url)
    // Submissions on their way to instance a: a rolling deploy stops routing to the old
    // process, lets the requests it was given finish, then sends SIGTERM (a request still
    // in the listener's backlog when the process closes it would be cut, as behind any
    // proxy that routes to a process after it was told to stop).
    const toA = new Set<Promise<unknown>>()
    const submit = async (n: number) => {
      const url = target(n)
      const sent = submitRequest(url, formFor(n), idempotencyKey(tag, n), 300_000)
      if (url === urlA) {
        toA.add(sent)
        void sent.finally(() => toA.delete(sent))
      }
      outcomes[n] = await sent
    }

    const t0 = Date.now()
    const half = TOTAL / 2
    await pool(
      Array.from({ length: half }, (_, n) => n),
      CONCURRENCY,
      submit,
    )
    // Halfway: SIGTERM while the second half is being submitted, then back.
    const second = pool(
      Array.from({ length: half }, (_, i) => half + i),
      CONCURRENCY,
      submit,
    )
    // Into the second half: the stopped process holds e-mail jobs of the first half.
    await sleep(3_000)
    const stopped = mode === 'shared' ? a : worker!
    restarting = mode === 'shared' ? 'a' : 'worker'
    await Promise.allSettled([...toA])
    const stopAt = Date.now()
    await stopped.stop()
    restart.stopSeconds = Math.round((Date.now() - stopAt) / 100) / 10
    servers.splice(servers.indexOf(stopped), 1)
    const again = mode === 'shared' ? await startA() : await startWorker()
    servers.push(again)
    if (mode === 'shared') urlA = again.url
    restarting = null
    restart.downSeconds = Math.round((Date.now() - stopAt) / 100) / 10
    await second
    const submittedSeconds = (Date.now() - t0) / 1000

    // Until every e-mail of the drill is in and no job of it is left (bounded).
    const deadline = Date.now() + drainSeconds * 1000
    const upAt = Date.now()
    for (;;) {
      const left = await withDb(databaseUrl, async (db) => {
        const ids = new Set((await leadsOf(db, tag)).map((l) => l.id))
        return (await emailJobs(db)).filter((j) => ids.has(j.leadId)).length
      })
      const mine = smtp.received.filter((m) => quoteMailOf(m.headers, m.to)?.email.startsWith(`${tag}-`))
      if (left === 0 && mine.length >= 2 * TOTAL) {
        drainedAfterSeconds = Math.round((Date.now() - upAt) / 1000)
        break
      }
      if (Date.now() > deadline) break
      await sleep(2_000)
    }
    // A late duplicate would come within the next tick of a queue.
    await sleep(12_000)
    restart = { ...restart, exit: `submissions took ${Math.round(submittedSeconds)} s` }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await smtp.stop()
  }

  const statuses = tally(outcomes.map((o) => o?.status ?? `no answer (${o?.error})`))
  const notCreated = outcomes.filter((o) => o?.status !== 201).length
  if (notCreated) failures.push(`${notCreated} of ${TOTAL} submissions were not answered 201`)

  const { leads, jobs } = await withDb(databaseUrl, async (db) => {
    const leads = await leadsOf(db, tag)
    const ids = new Set(leads.map((l) => l.id))
    return { leads, jobs: (await emailJobs(db)).filter((j) => ids.has(j.leadId)) }
  })
  const keys = new Set(leads.map((l) => l.key))
  if (leads.length !== TOTAL || keys.size !== TOTAL)
    failures.push(`${leads.length} leads (${keys.size} distinct keys), expected ${TOTAL}`)
  const withPhotos = leads.filter((l) => l.photos.length === 1).length
  if (withPhotos !== TOTAL / 2) failures.push(`${withPhotos} leads with their photo, expected ${TOTAL / 2}`)

  const counts = new Map<string, number>()
  let captured = 0
  for (const m of smtp.received) {
    const about = quoteMailOf(m.headers, m.to)
    if (!about || !about.email.startsWith(`${tag}-`)) continue
    captured += 1
    const k = `${about.email}|${about.audience}`
    counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  let missing = 0
  for (const lead of leads)
    for (const audience of ['business', 'customer'])
      if (!counts.get(`${lead.email.toLowerCase()}|${audience}`)) missing += 1
  const duplicates = [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0)
  if (captured !== 2 * TOTAL) failures.push(`${captured} e-mails captured, expected exactly ${2 * TOTAL}`)
  if (duplicates) failures.push(`${duplicates} e-mails were sent more than once`)
  if (missing) failures.push(`${missing} e-mails never arrived`)
  if (jobs.length) failures.push(`${jobs.length} e-mail jobs left unfinished`)

  const errors = Object.fromEntries(
    Object.entries(logs)
      .filter(([name]) => mode === 'split' || name !== 'worker')
      .map(([name, file]) => [name, errorLines(file, 8)]),
  )
  const errorCount = Object.values(errors).reduce((sum, lines) => sum + lines.length, 0)
  if (errorCount) failures.push(`${errorCount} distinct error lines in the logs`)

  return {
    failures,
    figures: {
      mode,
      instances: mode === 'shared' ? '2 web + queue' : '2 web (JOBS_AUTORUN=false) + 1 worker',
      submissions: TOTAL,
      withPhoto: TOTAL / 2,
      statuses,
      restarted: mode === 'shared' ? 'instance a' : 'worker',
      sigtermToExitSeconds: restart.stopSeconds,
      downSeconds: restart.downSeconds,
      note: restart.exit,
      earlierDrillsJobsRemoved: foreignJobs,
      leads: leads.length,
      captured,
      expected: 2 * TOTAL,
      duplicates,
      missing,
      jobsLeft: jobs.length,
      drainedSecondsAfterSubmissions: drainedAfterSeconds,
      errorLines: errors,
      logs,
    },
  }
}
