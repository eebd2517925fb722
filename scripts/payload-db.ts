// Payload's migration commands (migrate, migrate:create, migrate:status, ...) run in this
// process, started by tsx from package.json scripts, through scripts/with-services.mjs.
//
// Not the `payload` bin: it starts its command with `void start()`, so should the event
// loop empty before the command has run, Node ends the process with status 0 and a skipped
// migration or seed looks like a success. Here the command is awaited at top level, every
// error ends the process with status 1, and a timer set before anything is loaded bounds
// the command. Loading the config once stalled for good now and then (Node 20 on Lexical's
// entry modules): with-services.mjs starts every command with the export condition that
// avoids it (src/server/patches/lexical-node-conditions.mjs).
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
