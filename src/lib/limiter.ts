import os from 'node:os'

// First come, first served; `since` lets a request's later parts keep its place in line, so in a burst
// requests finish in the order they came. In-process only: each instance bounds its own work.
export function createLimiter(slots: number) {
  let busy = 0
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
      const next = waiting.shift()
      if (next) next.start()
      else busy -= 1
    }
  }
}

// For work that keeps a core busy (decoding photos, building e-mails that carry them). Server code only.
export const createPerCoreLimiter = () => createLimiter(Math.max(1, os.availableParallelism()))
