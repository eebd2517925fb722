import fs from 'node:fs'
import path from 'node:path'

import { newReport, selectedNames } from '../lib/cli'
import { backupRestoreDrill } from './backup-restore'
import { badInputDrill } from './bad-input'
import { coldStartDrill } from './cold-start'
import { doorsDrill } from './doors'
import { concurrentDrill } from './concurrent'
import { exactlyOnceSharedDrill, exactlyOnceSplitDrill } from './exactly-once'
import { homeContentDrill } from './home-content'
import { hostileBodiesDrill } from './hostile-bodies'
import type { DrillResult } from './lib'
import { RUN_DIR } from './lib'
import { mailDownDrill } from './mail-down'
import { moduleLoadDrill } from './module-load'
import { paymentsDrill } from './payments'
import { postgresRestartDrill } from './postgres-restart'
import { promoLimitDrill } from './promo-limit'
import { quoteAnswersDrill } from './quote-answers'
import { rateLimitDrill } from './rate-limit'
import { s3DownDrill } from './s3-down'
import { sharedCacheDrill } from './shared-cache'
import { textsDrill, textsSharedDrill } from './texts'
import { visitsRaceDrill } from './visits-race'
import { workerKillDrill } from './worker-kill'

// `npm run drill [-- name...]`: on a fresh, migrated and seeded database and a production
// build (as `npm run bench`), runs each drill (default: all). A drill starts the server it
// needs (and any SMTP server, S3 store or PostgreSQL cluster of its own), stops them all in
// `finally`, and prints `PASS <drill>` or `FAIL <drill>: <why>` with its figures. Results go
// to bench/results/drills-latest.json; the exit status is 1 when any drill failed.
const DRILLS: Record<string, { title: string; run: () => Promise<DrillResult> }> = {
  concurrent: { title: '500 concurrent quote submissions', run: concurrentDrill },
  'mail-down': { title: 'Mail server down during submissions', run: mailDownDrill },
  'postgres-restart': { title: 'PostgreSQL restarted under load', run: postgresRestartDrill },
  's3-down': { title: 'S3 store down while photos are stored', run: s3DownDrill },
  'bad-input': { title: 'A corpus of bad inputs against every public endpoint', run: badInputDrill },
  'exactly-once': {
    title: 'Quote e-mails exactly once: two instances, one restarted with SIGTERM',
    run: exactlyOnceSharedDrill,
  },
  'exactly-once-split': {
    title: 'Quote e-mails exactly once: two web instances and a worker, the worker restarted',
    run: exactlyOnceSplitDrill,
  },
  'worker-kill': {
    title: 'Every e-mail job with its worker killed before the send, after acceptance, after completion',
    run: workerKillDrill,
  },
  'shared-cache': {
    title: 'An edit through one instance on every instance within 2 s (Redis), and without Redis',
    run: sharedCacheDrill,
  },
  'home-content': {
    title: 'A home page draft on no instance; its publish and a restore on both within 2 s (Redis)',
    run: homeContentDrill,
  },
  'promo-limit': {
    title: 'A promo code limited to 10 uses, 40 requests at once over two instances',
    run: promoLimitDrill,
  },
  'quote-answers': {
    title: '200 acceptances and 200 views of 50 sent quotes at once over two instances',
    run: quoteAnswersDrill,
  },
  'visits-race': {
    title: '100 customers booking the 10 places of one slot at once over two instances',
    run: visitsRaceDrill,
  },
  'rate-limit': {
    title: 'Quote and login limits under a burst from one client over two instances',
    run: rateLimitDrill,
  },
  'hostile-bodies': {
    title: 'Oversized bodies and decompression bombs against memory',
    run: hostileBodiesDrill,
  },
  'cold-start': {
    title: 'The first visitor of each page on a new instance, with and without the pages warmed at start',
    run: coldStartDrill,
  },
  doors: {
    title: "A stranger at the account and quote doors: the owner's lockout, enumeration, mail relay",
    run: doorsDrill,
  },
  'backup-restore': {
    title: 'A backup taken while quotes arrive, the site wiped, the backup restored',
    run: backupRestoreDrill,
  },
  texts: {
    title: '200 received texts, 50 with photos, some delivered twice: two web instances and a worker',
    run: textsDrill,
  },
  'texts-shared': {
    title: '200 received texts, 50 with photos, some delivered twice: two instances running the queue',
    run: textsSharedDrill,
  },
  payments: {
    title: '100 Stripe webhook deliveries at once over two instances, a third twice, some out of order',
    run: paymentsDrill,
  },
  'module-load': {
    title: "Loading Payload and Lexical in a fresh Node, with and without Lexical's export condition",
    run: moduleLoadDrill,
  },
}

const names = selectedNames(DRILLS, process.argv.slice(2), 'drill')
const { report, results } = newReport()
let failed = false

for (const name of names) {
  const drill = DRILLS[name]
  console.log(`\n== ${drill.title} (${name})`)
  const started = Date.now()
  let result: DrillResult
  try {
    result = await drill.run()
  } catch (error) {
    result = {
      failures: [`the drill itself broke: ${error instanceof Error ? error.message : String(error)}`],
      figures: {},
    }
    console.error(error)
  }
  const seconds = Math.round((Date.now() - started) / 1000)
  const passed = result.failures.length === 0
  failed ||= !passed
  results[name] = { passed, failures: result.failures, seconds, figures: result.figures }
  console.log(passed ? `PASS ${name}` : `FAIL ${name}: ${result.failures.join('; ')}`)
  for (const [key, value] of Object.entries(result.figures)) {
    console.log(`  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
  }
  console.log(`  seconds: ${seconds}`)
}

report.finishedAt = new Date().toISOString()
const dir = path.resolve('bench/results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, 'drills-latest.json')
fs.writeFileSync(file, JSON.stringify(report, null, 2))
// Server logs stay in RUN_DIR for the evidence; nothing else of the drills is left there.
console.log(
  `\nmachine: ${JSON.stringify(report.machine)}\nresults: ${path.relative(process.cwd(), file)}\nserver logs: ${RUN_DIR}`,
)
process.exit(failed ? 1 : 0)
