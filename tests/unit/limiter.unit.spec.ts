import { describe, expect, it } from 'vitest'

import { createLimiter } from '@/lib/limiter'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('createLimiter', () => {
  it('runs at most `slots` tasks at once and starts the waiting ones in order', async () => {
    const run = createLimiter(2)
    const gates = [deferred(), deferred(), deferred(), deferred()]
    const started: number[] = []
    const results = gates.map((gate, i) =>
      run(async () => {
        started.push(i)
        await gate.promise
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    gates[1].resolve()
    await results[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    gates[0].resolve()
    gates[2].resolve()
    gates[3].resolve()
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3])
    expect(started).toEqual([0, 1, 2, 3])
  })

  it('frees the slot when a task fails', async () => {
    const run = createLimiter(1)
    await expect(run(() => Promise.reject(new Error('broken photo')))).rejects.toThrow('broken photo')
    expect(await run(async () => 'next')).toBe('next')
  })
})
