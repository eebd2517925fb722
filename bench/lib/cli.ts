import { machine } from './stats'

// The runs named on the command line (all of them when none is), refusing unknown names.
export function selectedNames(registry: Record<string, unknown>, argv: string[], kind: string): string[] {
  for (const name of argv) {
    if (!(name in registry)) {
      console.error(`unknown ${kind} ${name}; choose from ${Object.keys(registry).join(', ')}`)
      process.exit(2)
    }
  }
  return argv.length ? argv : Object.keys(registry)
}

// The JSON report of a run: when and where it ran, and each run's results by name.
export function newReport() {
  const results: Record<string, unknown> = {}
  const report: Record<string, unknown> = { startedAt: new Date().toISOString(), machine: machine(), results }
  return { report, results }
}
