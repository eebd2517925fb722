import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { CLAIM_LEASE_SECONDS } from './SendQuoteEmail/deliveryClaim'

// How the job queue behaves with several instances on one database, and on shutdown.
//
// Taking jobs: Payload 3.90 marks the jobs it is about to run `processing` with a find
// followed by an update, so two runners can take the same job. Here the update is one
// conditional statement per job (`processing = false` is checked again under the row's
// lock), so each job goes to exactly one runner; the e-mail's own claim
// (deliveryClaim.ts) stays as the second guard.
//
// A runner killed while holding jobs leaves them `processing` for ever in Payload; jobs
// held longer than the lease are handed back to the queue, and the e-mail claim decides
// whether anything is left to send.
//
// Shutdown: drainJobs() stops the cron, refuses new runs and waits for the runs under way.

type Adapter = PostgresAdapter
type TakeArgs = Parameters<Adapter['updateJobs']>[0] & { id?: number | string; where?: unknown }
type Run = Payload['jobs']['run']

type RunnerState = { inFlight: Set<Promise<unknown>>; draining: Promise<void> | null }
const STATE = Symbol.for('curbside.jobRunner')
type WithState = Payload & { [STATE]?: RunnerState }

export const JOB_LEASE_SECONDS = CLAIM_LEASE_SECONDS

// Payload calls updateJobs with exactly these keys when it takes jobs to run them.
function isTake(data: Record<string, unknown>): boolean {
  return data.processing === true && Object.keys(data).every((k) => k === 'processing' || k === 'updatedAt')
}

export function installJobRunner(payload: Payload): void {
  const state = payload as WithState
  if (state[STATE]) return
  state[STATE] = { inFlight: new Set(), draining: null }
  const adapter = payload.db as unknown as Adapter
  const updateJobs = adapter.updateJobs.bind(adapter)

  adapter.updateJobs = async (updateArgs) => {
    const args = updateArgs as TakeArgs
    if (!isTake(args.data as Record<string, unknown>)) return updateJobs(updateArgs)
    await releaseAbandonedJobs(payload)
    const where = args.id !== undefined ? { id: { equals: args.id } } : args.where
    const { docs } = await payload.db.find({
      collection: 'payload-jobs',
      where: where as never,
      limit: args.limit ?? 0,
      pagination: false,
      sort: args.sort as never,
      req: args.req as never,
    })
    if (!docs.length) return []
    const ids = sql.join(
      docs.map((doc) => sql`${doc.id}`),
      sql`, `,
    )
    // Committed at once, outside the caller's transaction: the moment one runner has a
    // job, every other runner's statement finds it taken.
    const taken = (await adapter.drizzle.execute(sql`
      UPDATE payload_jobs SET processing = true, updated_at = now()
      WHERE id IN (${ids}) AND processing = false AND completed_at IS NULL
      RETURNING id
    `)) as unknown as { rows: { id: number }[] }
    if (!taken.rows.length) return []
    return updateJobs({
      ...args,
      id: undefined,
      limit: taken.rows.length,
      where: { id: { in: taken.rows.map((row) => row.id) } },
    } as Parameters<Adapter['updateJobs']>[0])
  }

  const run: Run = payload.jobs.run
  payload.jobs.run = ((args) => {
    if (state[STATE]!.draining) return Promise.resolve({ noJobsRemaining: true, remainingJobsFromQueried: 0 })
    const running = run(args)
    const { inFlight } = state[STATE]!
    inFlight.add(running)
    void running.then(
      () => inFlight.delete(running),
      () => inFlight.delete(running),
    )
    return running
  }) as Run
}

// Jobs taken longer than the lease ago and never finished: their runner died.
async function releaseAbandonedJobs(payload: Payload): Promise<void> {
  await (payload.db as unknown as Adapter).drizzle.execute(sql`
    UPDATE payload_jobs SET processing = false
    WHERE processing AND completed_at IS NULL
      AND updated_at < now() - ${`${JOB_LEASE_SECONDS} seconds`}::interval
  `)
}

// Stops taking jobs and resolves once the runs under way have finished. Idempotent.
export function drainJobs(payload: Payload): Promise<void> {
  const state = (payload as WithState)[STATE]
  if (!state) return Promise.resolve()
  state.draining ??= (async () => {
    const crons = payload.crons.splice(0, payload.crons.length)
    await Promise.all(crons.map((cron) => cron.stop()))
    await Promise.allSettled([...state.inFlight])
  })()
  return state.draining
}

// On SIGTERM or SIGINT: drain the queue, and hold the process's exit (Next's standalone
// server exits once its HTTP requests are done) until the jobs in hand are finished.
export function drainOnSignals(payload: Payload): void {
  const onSignal = (signal: NodeJS.Signals) => {
    payload.logger.info(`${signal}: taking no more jobs, finishing the ones under way`)
    const drained = drainJobs(payload).then(() => payload.logger.info('Job runner stopped'))
    const exit = process.exit.bind(process)
    process.exit = ((code?: number) => {
      void drained.finally(() => exit(code))
    }) as typeof process.exit
  }
  process.once('SIGTERM', onSignal)
  process.once('SIGINT', onSignal)
}
