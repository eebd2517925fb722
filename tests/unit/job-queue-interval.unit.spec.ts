import { afterEach, describe, expect, it, vi } from 'vitest'

import { jobs } from '@/jobs'

// How often a queue-running instance looks for due jobs: every 10 s unless JOBS_AUTORUN_SECONDS
// names 1-59 seconds; anything else keeps the default rather than a cron Payload would refuse.
describe('the queue interval', () => {
  afterEach(() => vi.unstubAllEnvs())

  const cronWith = async (seconds: string | undefined) => {
    vi.stubEnv('JOBS_AUTORUN_SECONDS', seconds)
    const runs = typeof jobs.autoRun === 'function' ? await jobs.autoRun({} as never) : jobs.autoRun
    return runs?.[0]?.cron
  }

  it('is 10 s by default and takes 1-59 s from the environment', async () => {
    expect(await cronWith(undefined)).toBe('*/10 * * * * *')
    expect(await cronWith('1')).toBe('*/1 * * * * *')
    expect(await cronWith('59')).toBe('*/59 * * * * *')
  })

  it('keeps 10 s for a value that is not a whole number of seconds within a minute', async () => {
    for (const bad of ['0', '60', '2.5', '-1', 'abc', ''])
      expect(await cronWith(bad), bad).toBe('*/10 * * * * *')
  })
})
