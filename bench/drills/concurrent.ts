import fs from 'node:fs'
import path from 'node:path'

import {
  DATA_DIR,
  NO_RATE_LIMIT,
  capturedMail,
  emailJobs,
  errorLines,
  unhandledFailures,
  formOf,
  idempotencyKey,
  latency,
  leadsOf,
  requestFields,
  quoteMailOf,
  rowCounts,
  runTag,
  serverLogFile,
  smallJpeg,
  startDrillServer,
  submitRequest,
  tally,
  withDb,
} from './lib'
import type { DrillResult, Outcome } from './lib'

// Drill 1: 500 quote submissions at once (every fourth with a small photo), then 20 of them
// replayed twice at once with their own keys. Exactly one lead per submission, both its
// e-mail jobs (business and customer) queued exactly once, no duplicate key, no 5xx.
const TOTAL = 500
const PHOTO_EVERY = 4
const REPLAYS = 20

export async function concurrentDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('conc')
  const failures: string[] = []
  const logFile = serverLogFile('concurrent')
  const photo = await smallJpeg(7)
  const hasPhoto = (n: number) => n % PHOTO_EVERY === 0
  const formFor = (n: number) =>
    formOf(
      requestFields(tag, n),
      hasPhoto(n) ? [{ name: `IMG_${n}.jpg`, type: 'image/jpeg', bytes: photo }] : [],
    )

  const before = await withDb(databaseUrl, rowCounts)
  const server = await startDrillServer(logFile, { ...NO_RATE_LIMIT })
  let burst: Outcome[]
  let replays: Outcome[]
  let burstSeconds: number
  let peakRss: number
  try {
    const t0 = Date.now()
    burst = await Promise.all(
      Array.from({ length: TOTAL }, (_, n) =>
        submitRequest(server.url, formFor(n), idempotencyKey(tag, n), 600_000),
      ),
    )
    burstSeconds = (Date.now() - t0) / 1000
    // The same 20 submissions again, each twice at once, as a browser retrying would.
    const replayed = Array.from({ length: REPLAYS }, (_, i) => Math.floor((i * TOTAL) / REPLAYS))
    replays = await Promise.all(
      replayed.flatMap((n) =>
        [0, 1].map(() => submitRequest(server.url, formFor(n), idempotencyKey(tag, n), 120_000)),
      ),
    )
    peakRss = server.memory().peak
  } finally {
    // Stopped before counting: no job can finish (and be deleted) while the drill counts.
    await server.stop()
  }

  const statuses = tally(burst.map((o) => o.status ?? `no answer (${o.error})`))
  const errors5xx = burst.filter((o) => o.status === null || o.status >= 500)
  if (errors5xx.length) {
    const first = errors5xx[0]
    failures.push(
      `${errors5xx.length} of ${TOTAL} submissions answered >= 500 or not at all (first: ${first.status ?? first.error} ${first.body.slice(0, 200)})`,
    )
  }
  const created = burst.filter((o) => o.status === 201).length
  const replayStatuses = tally(
    replays.map((o) => `${o.status ?? o.error}${o.headers['idempotent-replayed'] ? ' replayed' : ''}`),
  )
  const badReplays = replays.filter((o) => o.status !== 201 || o.headers['idempotent-replayed'] !== 'true')
  if (badReplays.length)
    failures.push(
      `${badReplays.length} of ${replays.length} replays were not answered 201 Idempotent-Replayed`,
    )

  const check = await withDb(databaseUrl, async (db) => {
    const after = await rowCounts(db)
    const leads = await leadsOf(db, tag)
    const { rows: dupes } = await db.query<{ key: string; n: string }>(
      `SELECT idempotency_key AS key, count(*) AS n FROM leads WHERE idempotency_key IS NOT NULL
        GROUP BY idempotency_key HAVING count(*) > 1`,
    )
    const jobs = await emailJobs(db)
    return { after, leads, dupes, jobs }
  })
  const { after, leads, dupes, jobs } = check

  const newLeads = after.leads - before.leads
  if (leads.length !== TOTAL) failures.push(`${leads.length} leads of this drill, expected ${TOTAL}`)
  if (newLeads !== TOTAL) failures.push(`${newLeads} new rows in leads, expected ${TOTAL}`)
  if (dupes.length) failures.push(`${dupes.length} idempotency keys are on more than one lead`)

  const byKey = new Map(leads.map((l) => [l.key, l]))
  let missingLead = 0
  let photoMismatch = 0
  let missingFiles = 0
  const uploadDir = path.join(DATA_DIR, 'uploads', 'customer-uploads')
  burst.forEach((o, n) => {
    const lead = byKey.get(idempotencyKey(tag, n))
    if (o.status === 201 && !lead) missingLead += 1
    if (!lead) return
    if (lead.photos.length !== (hasPhoto(n) ? 1 : 0)) photoMismatch += 1
    for (const p of lead.photos)
      if (!p.filename || !fs.existsSync(path.join(uploadDir, p.filename))) missingFiles += 1
  })
  const expectedUploads = burst.filter((o, n) => o.status === 201 && hasPhoto(n)).length
  const newUploads = after.uploads - before.uploads
  if (missingLead) failures.push(`${missingLead} submissions answered 201 have no lead`)
  if (photoMismatch) failures.push(`${photoMismatch} leads do not have the photos sent with them`)
  failures.push(...unhandledFailures(logFile))
  if (missingFiles) failures.push(`${missingFiles} linked photos have no file in ${uploadDir}`)
  if (newUploads !== expectedUploads)
    failures.push(`${newUploads} new customer-uploads rows, expected ${expectedUploads}`)

  // Each lead's two e-mail jobs: still queued in payload-jobs, or already run (the job is
  // finished and its message captured in DATA_DIR/mail). One of each, never both.
  const leadById = new Map(leads.map((l) => [l.id, l]))
  const seen = new Map<string, { queued: number; sent: number }>()
  const slot = (email: string, audience: string) => {
    const k = `${email}|${audience}`
    if (!seen.has(k)) seen.set(k, { queued: 0, sent: 0 })
    return seen.get(k)!
  }
  for (const j of jobs) {
    const lead = leadById.get(j.leadId)
    if (lead) slot(lead.email.toLowerCase(), j.audience).queued += 1
  }
  for (const m of capturedMail()) {
    const about = quoteMailOf(m.headers, m.to)
    if (about && about.email.startsWith(`${tag}-`.toLowerCase())) slot(about.email, about.audience).sent += 1
  }
  let jobsPerLeadWrong = 0
  let twice = 0
  for (const lead of leads) {
    for (const audience of ['business', 'customer']) {
      const s = seen.get(`${lead.email.toLowerCase()}|${audience}`) ?? { queued: 0, sent: 0 }
      if (s.queued + s.sent !== 1) jobsPerLeadWrong += 1
      if (s.sent > 1 || (s.sent && s.queued)) twice += 1
    }
  }
  const emailJobCount = [...seen.values()].reduce((sum, s) => sum + Math.min(1, s.queued + s.sent), 0)
  if (jobsPerLeadWrong)
    failures.push(`${jobsPerLeadWrong} (lead, audience) pairs do not have exactly one e-mail job`)
  if (twice) failures.push(`${twice} e-mails were sent twice or sent and still queued`)
  const jobErrors = jobs.filter((j) => j.hasError).length
  if (jobErrors) failures.push(`${jobErrors} e-mail jobs failed for good`)

  return {
    failures,
    figures: {
      submissions: TOTAL,
      withPhoto: burst.filter((_, n) => hasPhoto(n)).length,
      statuses,
      created,
      burstSeconds: Math.round(burstSeconds * 10) / 10,
      latencyMs: latency(burst.map((o) => o.ms)),
      serverPeakRssMiB: Math.round(peakRss),
      replays: replayStatuses,
      newLeads,
      drillLeads: leads.length,
      duplicateKeys: dupes.length,
      newCustomerUploads: newUploads,
      emailJobs: {
        pairs: emailJobCount,
        perLead: `${emailJobCount / Math.max(1, leads.length)} (business + customer)`,
        stillQueued: jobs.filter((j) => leadById.has(j.leadId)).length,
        alreadySent: [...seen.values()].reduce((sum, s) => sum + s.sent, 0),
        sentTwice: twice,
      },
      serverErrors: errorLines(logFile),
      serverLog: logFile,
    },
  }
}
