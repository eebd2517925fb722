import type { AddressInfo } from 'node:net'

import type { Pool } from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { REQUEST_FIELDS } from '../helpers/request-fixtures'

// The job queue with several runners on one database and on shutdown
// (src/jobs/runner.ts): each job is taken by one runner only, a job left `processing` by
// a runner that died goes back to the queue after the lease, and draining waits for the
// e-mail in hand and takes nothing more.

type Received = { to: string[] }
const received: Received[] = []
// Milliseconds the mail server takes to accept a message.
let acceptDelayMs = 0

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    stream.on('data', () => {})
    stream.on('end', () => {
      setTimeout(() => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).sort() })
        callback()
      }, acceptDelayMs)
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
const { clearRateLimits } = await import('../helpers/payload')
const { drainJobs } = await import('@/server/patches/payload-job-runner')
const { sql } = await import('@payloadcms/db-postgres')
const h = setupHarness({ personas: false })

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeAll(async () => {
  await h.payload.updateGlobal({
    slug: 'site-settings',
    data: { notificationRecipients: 'owner@curbside.test' },
  })
})

beforeEach(async () => {
  received.length = 0
  acceptDelayMs = 0
  await h.payload.db.deleteMany({ collection: 'payload-jobs', where: {} })
  await h.payload.db.deleteMany({ collection: 'lead-events', where: {} })
  await h.payload.db.deleteMany({ collection: 'leads', where: {} })
  // One confirmation per address a day: each test starts a new day.
  await clearRateLimits(h.payload)
})

const runJobs = () => h.payload.jobs.run({ silent: true })
const execute = (query: ReturnType<typeof sql>) =>
  (h.payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle.execute(
    query,
  )
const newLead = () => h.payload.create({ collection: 'leads', data: { ...REQUEST_FIELDS, status: 'new' } })
const jobs = async () =>
  (await h.payload.find({ collection: 'payload-jobs', overrideAccess: true, pagination: false, sort: 'id' }))
    .docs

describe('taking jobs', () => {
  it('each job is run by one of the runners that found it waiting at the same moment', async () => {
    await newLead()
    // Another session holds the jobs' rows, so that two runners both find the jobs
    // waiting and then both queue up to take them, as runners of two instances do.
    const pool = (h.payload.db as unknown as { pool: Pool }).pool
    const holder = await pool.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT id FROM payload_jobs FOR UPDATE')
      const runners = [runJobs(), runJobs()]
      await expect
        .poll(
          async () => {
            // (from another session: the holder's transaction keeps its first view of it)
            const { rows } = await pool.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
            )
            return rows[0].n
          },
          { timeout: 10_000 },
        )
        .toBe(2)
      await holder.query('COMMIT')
      await Promise.all(runners)
    } finally {
      holder.release()
    }
    expect(received.map((m) => m.to[0]).sort()).toEqual(['maria@example.com', 'owner@curbside.test'])
    const all = await jobs()
    expect(all).toHaveLength(2)
    for (const job of all) {
      // One run: one log entry, one try, its e-mail sent by this very run.
      expect(job.log).toHaveLength(1)
      expect(job.log![0]).toMatchObject({ state: 'succeeded', output: { sent: true } })
      expect(job.totalTried).toBe(1)
      expect(job.processing).toBe(false)
      expect(job.completedAt).toBeTruthy()
    }
  })

  it('a job left processing by a runner that died is run again after the lease, not before', async () => {
    await newLead()
    // What a runner killed right after taking the jobs leaves: processing, nothing sent.
    await execute(sql`UPDATE payload_jobs SET processing = true, updated_at = now() - interval '2 minutes'`)
    await runJobs()
    expect(received).toHaveLength(0)

    await execute(sql`UPDATE payload_jobs SET updated_at = now() - interval '11 minutes'`)
    await runJobs()
    expect(received.map((m) => m.to[0]).sort()).toEqual(['maria@example.com', 'owner@curbside.test'])
    for (const job of await jobs()) expect(job.completedAt).toBeTruthy()
  })
})

// The cron Payload starts on the first API request, whatever the instance was told at boot.
describe('JOBS_AUTORUN=false', () => {
  it("leaves the queue to a worker even once Payload's request handlers have started the cron", async () => {
    const { getPayload } = await import('payload')
    const { default: config } = await import('@payload-config')
    // What each API request does (createPayloadRequest): the cron starts here if it had not.
    const payload = await getPayload({ config, cron: true })
    expect(payload.crons.length).toBeGreaterThan(0)
    await newLead()
    expect(process.env.JOBS_AUTORUN).toBe('false')
    await Promise.all(payload.crons.map((cron) => cron.trigger()))
    expect((await jobs()).every((job) => !job.completedAt && !job.processing)).toBe(true)
    expect(received).toHaveLength(0)
    // The same tick on an instance that runs its queue sends both e-mails.
    process.env.JOBS_AUTORUN = 'true'
    try {
      await Promise.all(payload.crons.map((cron) => cron.trigger()))
    } finally {
      process.env.JOBS_AUTORUN = 'false'
    }
    expect(received).toHaveLength(2)
    await Promise.all(payload.crons.splice(0).map((cron) => cron.stop()))
  })
})

// Last: a drained runner stays drained, as in a process that is about to exit.
describe('draining on shutdown', () => {
  it('waits for the e-mails in hand, records them, and takes no job after', async () => {
    acceptDelayMs = 1500
    await newLead()
    const running = runJobs()
    // The runner has taken the jobs and is talking to the mail server.
    await expect.poll(async () => (await jobs()).filter((job) => job.processing).length).toBe(2)
    await drainJobs(h.payload)
    expect(received).toHaveLength(2)
    const lead = (await h.payload.find({ collection: 'leads', overrideAccess: true })).docs[0]
    expect(lead).toMatchObject({
      businessEmailSentAt: expect.any(String),
      customerEmailSentAt: expect.any(String),
    })
    await running

    // Another lead after the drain: its jobs wait for another runner.
    await newLead()
    await runJobs()
    expect(received).toHaveLength(2)
    for (const job of (await jobs()).slice(2)) {
      expect(job.processing).toBe(false)
      expect(job.completedAt ?? null).toBeNull()
    }
  })
})
