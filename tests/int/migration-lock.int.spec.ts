import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MIGRATION_LOCK_KEY } from '@/server/patches/payload-migration-lock'

import { migrations } from '../../migrations'

// Two processes applying migrations to one empty database at once (two instances of a
// rolling deploy starting, or `npm run migrate` beside a starting server): each run holds
// an advisory lock for its whole length, so the second waits for the first and then finds
// nothing to do. The test holds the lock itself first, to see both runs wait on it.

const root = path.resolve(import.meta.dirname, '../..')
const base = new URL(process.env.DATABASE_URL!)
const database = `${base.pathname.slice(1)}_lock`
const url = new URL(base)
url.pathname = `/${database}`

const admin = new pg.Client({ connectionString: base.toString() })
const holder = new pg.Client({ connectionString: url.toString() })

beforeAll(async () => {
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${database}"`)
  await admin.query(`CREATE DATABASE "${database}"`)
  await holder.connect()
})

afterAll(async () => {
  await holder.end().catch(() => undefined)
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await admin.end()
})

function migrate(): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/payload-db.ts', 'migrate'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url.toString(), PAYLOAD_DB_PUSH: 'false', NODE_ENV: 'production' },
  })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk))
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  )
  return { child, done }
}

async function waitingOnLock(): Promise<number> {
  const { rows } = await holder.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`,
    [MIGRATION_LOCK_KEY],
  )
  return Number(rows[0].n)
}

describe('migrations from two processes at once', () => {
  it('run one after the other: each migration applied and recorded once, both processes succeed', async () => {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    const runs = [migrate(), migrate()]

    // Both reach the lock (each loads the whole config first: allow for a slow machine).
    const deadline = Date.now() + 120_000
    while ((await waitingOnLock()) < 2) {
      const exited = await Promise.race([
        ...runs.map((r) => r.done),
        new Promise((r) => setTimeout(r, 250, null)),
      ])
      if (exited)
        throw new Error(`a migrate run ended before the lock was released: ${JSON.stringify(exited)}`)
      if (Date.now() > deadline) {
        // Say where each run was: what it printed before it was stopped.
        for (const run of runs) run.child.kill('SIGKILL')
        const outputs = (await Promise.all(runs.map((r) => r.done))).map((r) => r.out.slice(-2000))
        throw new Error(
          `the two migrate runs never waited on the lock; their output:\n${outputs.join('\n---\n')}`,
        )
      }
    }
    const { rows: before } = await holder.query(`SELECT to_regclass('payload_migrations') AS t`)
    expect(before[0].t).toBeNull()

    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    const results = await Promise.all(runs.map((r) => r.done))
    for (const { code, out } of results) expect(code, out).toBe(0)

    const { rows } = await holder.query<{ name: string; n: string }>(
      `SELECT name, count(*) AS n FROM payload_migrations GROUP BY name ORDER BY name`,
    )
    expect(rows.map((r) => [r.name, Number(r.n)])).toEqual(
      migrations.map((m) => [m.name, 1]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    )
  }, 240_000)
})
