import os from 'node:os'

// Runs at most `slots` tasks at a time; the others wait their turn, first come first
// served. In-process only: each app instance bounds its own work.
export function createLimiter(slots: number) {
  let busy = 0
  const waiting: (() => void)[] = []
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (busy >= slots) await new Promise<void>((resolve) => waiting.push(resolve))
    else busy += 1
    try {
      return await work()
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift()
      if (next) next()
      else busy -= 1
    }
  }
}

// One slot per core, for work that keeps a core busy (decoding photos, building the e-mails
// that carry them). Server code only.
export const createPerCoreLimiter = () => createLimiter(Math.max(1, os.availableParallelism()))
