import { spawn } from 'node:child_process'
import fs from 'node:fs'

// Starts the production build the way `npm start` serves it (Next's standalone server),
// on the port the launcher chose, and stops it again. The benchmarks and drills run
// inside `node scripts/with-services.mjs e2e -- ...`, which provides the database,
// the build folder (NEXT_DIST_DIR), a data folder of the run and E2E_PORT.
export type RunningServer = {
  url: string
  pid: number
  /** Resident memory now and at its peak (VmRSS, VmHWM), in MiB. */
  memory: () => { rss: number; peak: number }
  stop: () => Promise<void>
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = Number(process.env.E2E_PORT || 3200)
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['scripts/serve-standalone.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      SERVER_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: string[] = []
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString())
    if (log.length > 200) log.shift()
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log.join('')}`)
    try {
      const res = await fetch(`${url}/`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`the server did not answer within 120 s:\n${log.join('')}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }

  return {
    url,
    pid: child.pid!,
    memory: () => processMemory(child.pid!),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

export function processMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
}
