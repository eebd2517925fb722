import os from 'node:os'

// Runs at most `slots` tasks at a time; the others wait their turn, first come first
// served. A task may say it came earlier than it asked (`since`, a performance.now()
// time): the parts of one request then keep that request's place in line, so in a burst
// the first request's later photos go before the next request's first ones, and requests
// finish in the order they came. In-process only: each app instance bounds its own work.
export function createLimiter(slots: number) {
  let busy = 0
  // In the order they are let in: earliest `since` first, ties in the order asked.
  const waiting: { since: number; start: () => void }[] = []
  return async function run<T>(work: () => Promise<T>, since: number = performance.now()): Promise<T> {
    if (busy >= slots) {
      await new Promise<void>((start) => {
        const at = waiting.findIndex((other) => other.since > since)
        waiting.splice(at === -1 ? waiting.length : at, 0, { since, start })
      })
    } else busy += 1
    try {
      return await work()
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift()
      if (next) next.start()
      else busy -= 1
    }
  }
}

// One slot per core, for work that keeps a core busy (decoding photos, building the e-mails
// that carry them). Server code only.
export const createPerCoreLimiter = () => createLimiter(Math.max(1, os.availableParallelism()))
