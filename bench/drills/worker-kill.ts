import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

import { customerLinkToken } from '../../src/server/customer-link-token'
import { JOB_EMAIL_SUBJECTS } from '../../tests/helpers/job-emails'
import { adminAuthorization } from '../lib/auth'
import { sendNewQuote } from '../lib/quote-link'
import type { RunningServer } from '../lib/server'
import { startServer } from '../lib/server'
import {
  payloadSecret,
  NO_RATE_LIMIT,
  QUOTE_PATH,
  errorLines,
  formOf,
  freePort,
  leadsOf,
  mailHeaders,
  requestFields,
  runTag,
  send,
  serverLogFile,
  sleep,
  withDb,
} from './lib'
import type { DrillResult } from './lib'

// Drill: the worker killed (SIGKILL) at each step of every e-mail job. One web instance with
// JOBS_AUTORUN=false and the worker (scripts/worker.mjs) on one database. For each step, a
// customer of its own: a quote request, the owner's quote sent, accepted, a visit booked, the
// lead completed, so each of the seven e-mails (new lead to the business, confirmation, the
// quote, the acceptance, the visit's confirmation and reminder, the review request) waits in
// the queue. The worker starts; the drill's mail server kills it once all seven reached the
// step: `before send` (at MAIL FROM), `after accepted` (the server's answers written), `after
// completion` (every message in, every job finished). The leases are then moved past (not
// waited for) and the worker started again. Each e-mail must have arrived exactly once, no
// job left, no error line in the logs.
const STEPS = ['before send', 'after accepted', 'after completion'] as const
type Step = (typeof STEPS)[number]
const KINDS = JOB_EMAIL_SUBJECTS
const WAIT_SECONDS = 180
const LEAD_STEPS = ['new', 'contacted', 'quoted', 'completed']

export async function workerKillDrill(): Promise<DrillResult> {
  const databaseUrl = process.env.DATABASE_URL!
  const tag = runTag('kill')
  const failures: string[] = []
  // Per customer (step) and kind, the subjects received.
  const received: { n: number; kind: string }[] = []
  let worker: RunningServer | null = null
  const trigger: { step: Step | null; held: (() => void)[]; fired: () => void } = {
    step: null,
    held: [],
    fired: () => {},
  }
  const killWorker = () => {
    if (worker) process.kill(worker.pid, 'SIGKILL')
    trigger.step = null
    trigger.fired()
  }
  const atStep = (step: Step, go: () => void) => {
    if (trigger.step !== step) return go()
    trigger.held.push(go)
    if (trigger.held.length < KINDS.length) return
    if (step === 'after accepted') for (const answer of trigger.held.splice(0)) answer()
    killWorker()
  }
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom: (_address, _session, callback) => atStep('before send', () => callback()),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const headers = mailHeaders(Buffer.concat(chunks).toString('latin1'))
        const subject = headers.subject ?? ''
        const kind = KINDS.find((k) => subject.startsWith(k))
        const who = `${session.envelope.rcptTo.map((r) => r.address).join(' ')} ${subject} ${headers['reply-to'] ?? ''}`
        const n = new RegExp(`${tag}[- ](\\d+)`).exec(who)?.[1]
        if (kind && n !== undefined) received.push({ n: Number(n), kind })
        atStep('after accepted', () => callback())
      })
    },
  })
  smtp.on('error', () => {})
  const smtpPort = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  )
  const env = {
    ...NO_RATE_LIMIT,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    TRUSTED_PROXY_HOPS: '1',
  }
  const logs = { web: serverLogFile('worker-kill-web'), worker: serverLogFile('worker-kill-worker') }
  const workerPort = await freePort()
  const startWorker = () =>
    startServer(
      { ...env, WORKER_PORT: String(workerPort) },
      { logFile: logs.worker, port: workerPort, script: 'scripts/worker.mjs' },
    )
  const sql = <T>(query: string, params: unknown[] = []) =>
    withDb(databaseUrl, async (db) => (await db.query(query, params)).rows as T[])
  // Unfinished e-mail jobs of earlier drills would be sent to this drill's mail server.
  await sql(`DELETE FROM payload_jobs WHERE completed_at IS NULL`)
  // The token the e-mailed link carries (src/server/customer-link-token.ts, with Payload's derived secret).
  const secret = payloadSecret()

  let web: RunningServer | null = null
  const jobsOf = (lead: number) =>
    sql<{ task_slug: string; completed_at: Date | null }>(
      `SELECT task_slug, completed_at FROM payload_jobs
       WHERE (input->>'leadId')::int = $1
          OR (input->>'quoteId')::int IN (SELECT id FROM quotes WHERE lead_id = $1)
          OR (input->>'visitId')::int IN (SELECT id FROM visits WHERE lead_id = $1)`,
      [lead],
    )
  const steps: Record<string, unknown> = {}
  try {
    web = await startServer({ ...env, JOBS_AUTORUN: 'false' }, { logFile: logs.web })
    const url = web.url
    const authorization = await adminAuthorization(url)
    const headers = (n: number) => ({ 'x-forwarded-for': `198.18.7.${n + 1}` })

    for (const [n, step] of STEPS.entries()) {
      // Every e-mail of customer n waiting in the queue.
      const asked = await send(`${url}${QUOTE_PATH}`, {
        method: 'POST',
        body: formOf(requestFields(tag, n)),
        headers: headers(n),
      })
      if (asked.status !== 201) throw new Error(`a quote request answered ${asked.status}`)
      const lead = (await withDb(databaseUrl, (db) => leadsOf(db, tag))).find(
        (l) => l.email === requestFields(tag, n).email,
      )!.id
      const quote = await sendNewQuote(url, authorization, {
        lead,
        lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }],
      })
      const [{ token_nonce: nonce }] = await sql<{ token_nonce: string }>(
        `SELECT token_nonce FROM quotes WHERE id = $1`,
        [quote],
      )
      const token = customerLinkToken(secret, nonce)
      const accepted = await send(`${url}/api/quote-links/accept`, {
        method: 'POST',
        body: new URLSearchParams({ token }),
        headers: headers(n),
        redirect: 'manual',
      })
      if (accepted.status !== 303) throw new Error(`an acceptance answered ${accepted.status}`)
      const page = await send(`${url}/quote/${token}`, { headers: headers(n) }, 120_000, 1_000_000)
      const offered = [...page.body.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1])
      const held = new Set(
        (await sql<{ start: Date }>(`SELECT start FROM visits WHERE cancelled_at IS NULL`)).map((r) =>
          r.start.toISOString(),
        ),
      )
      const start = [...offered].reverse().find((s) => !held.has(s))
      if (!start) throw new Error(`the quote page offered no free time (${offered.length} offered)`)
      const booked = await send(`${url}/api/quote-links/book`, {
        method: 'POST',
        body: new URLSearchParams({ token, start, address: '1234 S Congress Ave, Austin' }),
        headers: { ...headers(n), Accept: 'application/json' },
      })
      if (booked.json?.outcome !== 'booked')
        throw new Error(`a booking answered ${booked.status} ${booked.body}`)
      const [{ status }] = await sql<{ status: string }>(`SELECT status FROM leads WHERE id = $1`, [lead])
      for (const next of LEAD_STEPS.slice(LEAD_STEPS.indexOf(status) + 1)) {
        const saved = await send(`${url}/api/leads/${lead}?depth=0`, {
          method: 'PATCH',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: next }),
        })
        if (saved.status !== 200) throw new Error(`lead status ${next} answered ${saved.status}`)
      }
      // The reminder and the review request are due now rather than in a day or two.
      await sql(`UPDATE payload_jobs SET wait_until = now() WHERE completed_at IS NULL`)
      const queued = (await jobsOf(lead)).map((j) => j.task_slug).sort()
      if (queued.length !== 7) throw new Error(`${queued.length} e-mail jobs queued: ${queued.join(', ')}`)

      // The worker, killed at the step.
      const fired = new Promise<void>((resolve) => Object.assign(trigger, { step, held: [], fired: resolve }))
      const startedAt = Date.now()
      worker = await startWorker()
      const deadline = Date.now() + WAIT_SECONDS * 1000
      if (step === 'after completion') {
        for (;;) {
          const jobs = await jobsOf(lead)
          if (jobs.every((j) => j.completed_at) && received.filter((m) => m.n === n).length >= 7) break
          if (Date.now() > deadline) throw new Error(`the jobs did not finish within ${WAIT_SECONDS} s`)
          await sleep(500)
        }
        killWorker()
      }
      const timedOut = sleep(WAIT_SECONDS * 1000).then(() => 'timeout')
      if ((await Promise.race([fired, timedOut])) === 'timeout')
        throw new Error(`the worker did not reach "${step}" within ${WAIT_SECONDS} s`)
      await worker.stop()
      const killedAfterSeconds = Math.round((Date.now() - startedAt) / 1000)
      const before = received.filter((m) => m.n === n).length

      // The leases' end, moved rather than waited for; then the worker again until all is done.
      await sql(`UPDATE payload_jobs SET updated_at = now() - interval '11 minutes' WHERE processing`)
      await sql(`UPDATE email_deliveries SET claimed_at = claimed_at - interval '11 minutes'`)
      worker = await startWorker()
      for (;;) {
        const jobs = await jobsOf(lead)
        if (jobs.every((j) => j.completed_at) && received.filter((m) => m.n === n).length >= 7) break
        if (Date.now() > deadline + WAIT_SECONDS * 1000) break
        await sleep(1_000)
      }
      // A late duplicate would come within the next tick of the queue.
      await sleep(12_000)
      await worker.stop()
      worker = null
      const left = (await jobsOf(lead)).filter((j) => !j.completed_at).map((j) => j.task_slug)
      const counts = Object.fromEntries(
        KINDS.map((k) => [k, received.filter((m) => m.n === n && m.kind === k).length]),
      )
      steps[step] = { killedAfterSeconds, receivedBeforeKill: before, counts, jobsLeft: left }
      for (const [kind, count] of Object.entries(counts))
        if (count !== 1) failures.push(`killed ${step}: "${kind}" arrived ${count} times`)
      if (left.length) failures.push(`killed ${step}: jobs left unfinished: ${left.join(', ')}`)
    }
  } finally {
    if (worker) await worker.stop()
    if (web) await web.stop()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  }
  const errors = { web: errorLines(logs.web, 8), worker: errorLines(logs.worker, 8) }
  const errorCount = errors.web.length + errors.worker.length
  if (errorCount) failures.push(`${errorCount} distinct error lines in the logs`)
  return { failures, figures: { steps, errorLines: errors, logs } }
}
