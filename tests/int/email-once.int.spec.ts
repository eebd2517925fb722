import { type ChildProcess, spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { JOB_EMAIL_SUBJECTS } from '../helpers/job-emails'
import { REQUEST_FIELDS } from '../helpers/request-fixtures'

// Every e-mail job sends its e-mail once when the runner that has it is killed: a job runner
// in a process of its own, killed by the mail server at a step of every job at once (before
// the message, or right after the server accepted it); then, the leases over, the queue run
// again here. Each e-mail must have arrived exactly once.

type Step = 'before the message' | 'after the server accepted it'
const EMAILS = JOB_EMAIL_SUBJECTS

const received: string[] = []
// The kill: at which step, once every e-mail has reached it.
const kill: { step: Step | null; runner: ChildProcess | null; waiting: (() => void)[]; done: () => void } = {
  step: null,
  runner: null,
  waiting: [],
  done: () => {},
}
function atStep(step: Step, go: () => void) {
  if (kill.step !== step) return go()
  kill.waiting.push(go)
  if (kill.waiting.length < EMAILS.length) return
  // The server's answers are written first: the runner dies with the server having said yes.
  if (step === 'after the server accepted it') for (const answer of kill.waiting.splice(0)) answer()
  kill.runner?.kill('SIGKILL')
  kill.step = null
  kill.done()
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onMailFrom(_address, _session, callback) {
    atStep('before the message', () => callback())
  },
  onData(stream, _session, callback) {
    let head = ''
    stream.on('data', (c: Buffer) => (head += c.toString('latin1')))
    stream.on('end', () => {
      received.push(/^Subject: (.*)$/m.exec(head)?.[1] ?? '')
      atStep('after the server accepted it', () => callback())
    })
  },
})
const smtpPort = await new Promise<number>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
)
process.env.SMTP_HOST = '127.0.0.1'
process.env.SMTP_PORT = String(smtpPort)
process.env.SMTP_SECURE = 'false'

const { setupHarness } = await import('../helpers/harness')
const { clearRateLimits, emptyCollections } = await import('../helpers/payload')
const { sql } = await import('@payloadcms/db-postgres')
const h = setupHarness({ personas: false })
const execute = async <T>(query: ReturnType<typeof sql>) =>
  (
    (await (
      h.payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }
    ).drizzle.execute(query)) as { rows: T[] }
  ).rows

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeAll(async () => {
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: { notificationRecipients: 'owner@curbside.test' },
  })
})

beforeEach(async () => {
  received.length = 0
  await emptyCollections(h.payload, ['visits', 'quotes', 'lead-events', 'leads', 'payload-jobs'])
  await clearRateLimits(h.payload)
})

let counter = 0
// One e-mail of each job waiting in the queue: the new lead's two, the priced quote, its
// acceptance, the visit's confirmation and reminder, the review request.
async function everyEmailQueued() {
  const lead = await h.payload.create({
    collection: 'leads',
    data: { ...REQUEST_FIELDS, email: `once-${++counter}@example.com`, status: 'new' },
  })
  const quote = await h.payload.create({
    collection: 'quotes',
    data: { lead: lead.id, lines: [{ kind: 'offer', offer: 'rim_rash', quantity: 2 }] } as never,
  })
  await h.payload.db.updateOne({
    collection: 'quotes',
    id: quote.id,
    data: { tokenNonce: `nonce-${counter}`, status: 'accepted', acceptedAt: new Date().toISOString() },
  })
  const start = new Date(Date.now() + 3 * 24 * 3_600_000)
  const visit = await h.payload.db.create({
    collection: 'visits',
    data: {
      lead: lead.id,
      quote: quote.id,
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      van: 1,
      bookedBy: 'customer',
    },
  })
  const queue = h.payload.jobs.queue
  await queue({ task: 'sendQuoteLink', input: { quoteId: quote.id, nonce: `nonce-${counter}` } })
  await queue({ task: 'sendQuoteAnswer', input: { quoteId: quote.id } })
  await queue({ task: 'sendVisitConfirmation', input: { visitId: visit.id } })
  await queue({ task: 'sendVisitReminder', input: { visitId: visit.id } })
  await queue({ task: 'sendReviewRequest', input: { leadId: lead.id } })
}

// A runner of its own takes every job; the mail server kills it at the step.
async function runnerKilledAt(step: Step) {
  const killed = new Promise<void>((resolve) => Object.assign(kill, { step, waiting: [], done: resolve }))
  const root = path.resolve(import.meta.dirname, '../..')
  // tsx as a loader, not its CLI: the CLI runs the script in a child that SIGKILL would not reach.
  const runner = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/job-runner-process.ts'], {
    cwd: root,
    env: process.env,
    stdio: 'ignore',
  })
  kill.runner = runner
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    runner.on('exit', (_code, signal) => resolve(signal)),
  )
  await killed
  expect(await exited).toBe('SIGKILL')
}

// What the leases' end does, moved rather than waited for: the dead runner's jobs go back to
// the queue and its claims (whatever their table) lapse.
async function leasesOver() {
  await execute(sql`UPDATE payload_jobs SET updated_at = now() - interval '11 minutes' WHERE processing`)
  const claims = await execute<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name LIKE '%claimed_at'`)
  for (const { table_name, column_name } of claims) {
    const column = sql.raw(`"${column_name}"`)
    await execute(sql`UPDATE ${sql.raw(`"${table_name}"`)} SET ${column} = ${column} - interval '11 minutes'`)
  }
}

const arrived = () =>
  Object.fromEntries(EMAILS.map((prefix) => [prefix, received.filter((s) => s.startsWith(prefix)).length]))
const onceEach = Object.fromEntries(EMAILS.map((prefix) => [prefix, 1]))
const unfinishedJobs = async () =>
  (await h.payload.count({ collection: 'payload-jobs', where: { completedAt: { exists: false } } })).totalDocs

describe('a runner killed in the middle of every e-mail job', () => {
  it('before the message: every e-mail goes out once after the lease', async () => {
    await everyEmailQueued()
    await runnerKilledAt('before the message')
    expect(received).toEqual([])
    await leasesOver()
    await h.payload.jobs.run({ silent: true })
    expect(arrived()).toEqual(onceEach)
    expect(await unfinishedJobs()).toBe(0)
  })

  it('right after the mail server accepted the message: none goes out again', async () => {
    await everyEmailQueued()
    await runnerKilledAt('after the server accepted it')
    expect(arrived()).toEqual(onceEach)
    await leasesOver()
    await h.payload.jobs.run({ silent: true })
    expect(arrived()).toEqual(onceEach)
    expect(await unfinishedJobs()).toBe(0)
  })
})
