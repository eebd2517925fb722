// Payload's migration commands (migrate, migrate:create, migrate:status, ...) run in this
// process, started by tsx from package.json scripts.
//
// Not the `payload` bin: on Node 20 its start-up (tsx's tsImport through an async loader
// thread, started with `void start()`) can leave the event loop empty before the command
// has run, and Node then ends the process with status 0, so a skipped migration or seed
// looks like a success. Here the command is awaited at top level, every error ends the
// process with status 1, and a timer set before anything is loaded keeps the loop alive
// while modules come in through tsx's loader thread (without it, Node 20 now and then
// ended with status 13 before the command ran) and bounds the command.
//
// Usage: tsx scripts/payload-db.ts migrate
//        tsx scripts/payload-db.ts migrate:create [name] [--skip-empty] [--force-accept-warning]
const watchdog = setTimeout(() => {
  console.error(`[payload-db] ${process.argv[2]} took more than 15 minutes`)
  process.exit(1)
}, 15 * 60_000)

const positional: string[] = []
const flags: Record<string, true> = {}
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith('--')) flags[arg.slice(2)] = true
  else positional.push(arg)
}
if (!positional[0]?.startsWith('migrate')) {
  console.error(
    'Usage: tsx scripts/payload-db.ts migrate[:create|:status|:down|:fresh] [name] [--skip-empty]',
  )
  process.exit(2)
}

// Status 0 only ever comes from a deliberate process.exit(0): ours after the command, or
// Payload's own (migrate:create --skip-empty with nothing to write). Say so, so that callers
// can tell a finished command from a silent early exit.
process.on('exit', (code) => {
  if (code === 0) console.log(`[payload-db] ${positional[0]}: done`)
})

try {
  const [{ default: config }, { default: payload, migrateCLI }] = await Promise.all([
    import('@payload-config'),
    import('payload'),
  ])
  await migrateCLI({ config: await config, parsedArgs: { _: positional, ...flags } })
  if (payload.db) await payload.destroy()
  clearTimeout(watchdog)
  process.exit(0)
} catch (error) {
  console.error(error)
  process.exit(1)
}

export {}
