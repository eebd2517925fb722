// Seeds the end-to-end database (migrated, production mode) with the demo content and
// the development admin, as `npm run dev` does on its first start. Run by tsx from
// `npm run test:e2e`, through scripts/with-services.mjs.
//
// A timer set before anything is loaded bounds the whole run and says which stage it was
// still in. (Loading the config stalled for good now and then, Node 20 on Lexical's entry
// modules; with-services.mjs now starts every command with the export condition that
// avoids it: src/server/patches/lexical-node-conditions.mjs.)
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
