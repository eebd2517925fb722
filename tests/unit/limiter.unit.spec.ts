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

  it("a task dated back to its request's arrival goes before those that came later, ties in order", async () => {
    const run = createLimiter(1)
    const gate = deferred()
    const started: string[] = []
    const task = (name: string) => async () => void started.push(name)
    const first = run(async () => {
      started.push('running')
      await gate.promise
    })
    // Two requests: B came a second ago and has its first photo waiting; A came two seconds
    // ago and its photos arrive after B's, yet go first; what is dated the same keeps its order.
    const a = performance.now() - 2000
    const b = a + 1000
    const waiting = [run(task('B1'), b), run(task('A2'), a), run(task('A3'), a), run(task('B2'), b)]
    // Undated: as of now, after every request above.
    waiting.push(run(task('later')))
    gate.resolve()
    await Promise.all([first, ...waiting])
    expect(started).toEqual(['running', 'A2', 'A3', 'B1', 'B2', 'later'])
  })

  it('frees the slot when a task fails', async () => {
    const run = createLimiter(1)
    await expect(run(() => Promise.reject(new Error('broken photo')))).rejects.toThrow('broken photo')
    expect(await run(async () => 'next')).toBe('next')
  })
})
