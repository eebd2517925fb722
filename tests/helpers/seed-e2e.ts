// Seeds the end-to-end database (migrated, production mode) with the demo content and
// the development admin, as `npm run dev` does on its first start. Run by
// tsx from `npm run test:e2e`.
//
// Node 20 can find its event loop empty while modules are still on their way through
// tsx's loader thread, and then ends the process with status 13 before the seed ran (seen
// now and then on these machines). A timer set before anything is loaded keeps the loop
// alive meanwhile, and bounds the whole run.
// The stage it stopped in is reported: a run has been seen to stay silent past the limit
// (twice in a day, both on a busy machine), and where it waited is not yet known.
let stage = 'loading modules'
const started = Date.now()
const watchdog = setTimeout(() => {
  console.error(`[e2e] seeding took more than 5 minutes, still ${stage}`)
  process.exit(1)
}, 5 * 60_000)

const [{ default: config }, { getPayload }, { seed }] = await Promise.all([
  import('@payload-config'),
  import('payload'),
  import('@/seed'),
])
console.log(`[e2e] modules loaded in ${Date.now() - started} ms`)
stage = 'starting Payload'
const payload = await getPayload({ config })
stage = 'seeding'
const { created } = await seed(payload)
console.log(`[e2e] seeded: ${created.join(', ') || 'nothing new'}`)
await payload.destroy()
clearTimeout(watchdog)
process.exit(0)

export {}
