import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

// Workaround: Payload 3.90 takes jobs with a find followed by an update, so two runners
// (two instances, or an instance and the worker) can take the same job; a runner killed
// while holding jobs leaves them `processing` for ever; and nothing drains the queue on
// SIGTERM. Here a job is taken with one conditional UPDATE, jobs held past the lease go
// back to the queue, and drainJobs() waits for the runs under way.
// Upstream: https://github.com/payloadcms/payload/pull/17441 (processingToken, Payload 4).
// Remove when Payload claims jobs atomically; tests/int/patches.int.spec.ts says when.
type Adapter = PostgresAdapter
type TakeArgs = Parameters<Adapter['updateJobs']>[0] & { id?: number | string; where?: unknown }
type Run = Payload['jobs']['run']

type RunnerState = { inFlight: Set<Promise<unknown>>; draining: Promise<void> | null }
const STATE = Symbol.for('curbside.jobRunner')
type WithState = Payload & { [STATE]?: RunnerState }

// As long as an e-mail's delivery claim (src/server/email-delivery.ts).
export const JOB_LEASE_SECONDS = 10 * 60

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
