import { spawn } from 'node:child_process'
import fs from 'node:fs'

import { WARM_UP_LINE } from '../../src/server/warm-pages'

// Starts the production build the way `npm start` serves it (Next's standalone server),
// on the port the launcher chose, and stops it again. The benchmarks and drills run
// inside `node scripts/with-services.mjs e2e -- ...`, which provides the database,
// the build folder (NEXT_DIST_DIR), a data folder of the run and E2E_PORT.
export type RunningServer = {
  url: string
  pid: number
  /** Resident memory now and at its peak (VmRSS, VmHWM), and now in mapped files (RssFile: code and libraries), in MiB. */
  memory: () => { rss: number; peak: number; files: number }
  stop: () => Promise<void>
}

/**
 * With `logFile`, the server's whole output goes there (the drills report its error
 * lines as evidence; SERVER_LOG_FILE is not enough, since Payload's logger writes to file
 * descriptor 1 past the hook scripts/serve-standalone.mjs puts on process.stdout).
 * Without it, the last lines are kept to explain a server that does not start.
 * `readyPath` is what is asked for until the server answers (default: the home page).
 * `waitForWarmUp`: return only once the server has logged that it warmed its pages
 * (src/server/warm-pages.ts), so that a benchmark's first figures do not share the
 * processor with the server's own first renders.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    logFile?: string
    port?: number
    script?: string
    args?: string[]
    cwd?: string
    readyPath?: string
    waitForWarmUp?: boolean
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? Number(process.env.E2E_PORT || 3200)
  const url = `http://127.0.0.1:${port}`
  const { logFile } = options
  let out: number | null = null
  // Only what this server writes to the log counts (a log file may hold earlier servers').
  const logStart = logFile && fs.existsSync(logFile) ? fs.statSync(logFile).size : 0
  if (logFile) {
    fs.appendFileSync(logFile, `--- server started at ${new Date().toISOString()}\n`)
    out = fs.openSync(logFile, 'a')
  }
  const child = spawn(process.execPath, options.args ?? [options.script ?? 'scripts/serve-standalone.mjs'], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      SERVER_URL: url,
      ...env,
    },
    stdio: out === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', out, out],
  })
  if (out !== null) fs.closeSync(out)
  const recent: string[] = []
  let warmed = false
  const keep = (chunk: Buffer) => {
    warmed ||= WARM_UP_LINE.test(chunk.toString())
    recent.push(chunk.toString())
    if (recent.length > 200) recent.shift()
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const output = () => (logFile ? `see ${logFile}` : `\n${recent.join('')}`)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output()}`)
    try {
      if ((await fetch(`${url}${options.readyPath ?? '/'}`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      await exited
      throw new Error(`the server did not answer within 120 s: ${output()}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const logged = () =>
    logFile ? WARM_UP_LINE.test(fs.readFileSync(logFile).subarray(logStart).toString()) : warmed
  while (options.waitForWarmUp && !logged()) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output()}`)
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      await exited
      throw new Error(`the server did not warm its pages within 120 s: ${output()}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }

  return {
    url,
    pid: child.pid!,
    memory: () => processMemory(child.pid!),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

export function processMemory(pid: number): { rss: number; peak: number; files: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024, files: kib('RssFile') / 1024 }
}

/**
 * Processor time used so far by a process and every process below it (user + system, in
 * ms, from /proc): a server started with `next start` serves from a child process.
 */
export function processTreeCpuMs(pid: number): number {
  const stats = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // The command name (2nd field) may hold spaces: the fields that follow it are counted from its ")".
        const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
        return [
          { pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) },
        ]
      } catch {
        return [] // gone between the listing and the read
      }
    })
  const tree = new Set([pid])
  for (let grew = true; grew;) {
    grew = false
    for (const s of stats)
      if (!tree.has(s.pid) && tree.has(s.ppid)) {
        tree.add(s.pid)
        grew = true
      }
  }
  // Linux counts processor time in clock ticks of 1/100 s (USER_HZ).
  return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) * 10
}
