import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

// scripts/with-services.mjs on a cluster of its own: it starts a real PostgreSQL,
// hands DATABASE_URL to the command, forwards Ctrl-C and leaves nothing running.
const root = path.resolve(import.meta.dirname, '../..')
const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-pg-'))
fs.chmodSync(clusterDir, 0o755)

afterAll(() => fs.rmSync(clusterDir, { recursive: true, force: true }))

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

describe('the service launcher', () => {
  it('runs the command against an embedded PostgreSQL and stops everything on SIGINT', async () => {
    const script = `console.log('URL=' + process.env.DATABASE_URL); console.log('LEXICAL=' + require.resolve('lexical')); console.log('PID=' + process.pid); setInterval(() => {}, 1000)`
    const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_POSTGRES_DIR: clusterDir }
    delete env.DATABASE_URL
    delete env.NODE_OPTIONS
    const launcher = spawn(
      process.execPath,
      ['scripts/with-services.mjs', 'dev', '--', process.execPath, '-e', script],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    launcher.stdout.on('data', (c: Buffer) => (out += c.toString()))
    launcher.stderr.on('data', (c: Buffer) => (out += c.toString()))
    const exited = new Promise<number | null>((resolve) => launcher.on('exit', (code) => resolve(code)))

    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (/PID=\d+/.test(out)) {
          clearInterval(check)
          resolve()
        }
        if (launcher.exitCode !== null) {
          clearInterval(check)
          reject(new Error(`launcher exited early:\n${out}`))
        }
      }, 50)
    })
    const url = /URL=(\S+)/.exec(out)![1]
    const commandPid = Number(/PID=(\d+)/.exec(out)![1])
    expect(url).toMatch(/^postgres:\/\/postgres:postgres@127\.0\.0\.1:\d+\/curbside_dev$/)
    // The command starts with Lexical's export condition (src/server/patches/lexical-node-conditions.mjs):
    // its development build, not the entry that chooses one.
    expect(/LEXICAL=(\S+)/.exec(out)![1]).toMatch(/\/lexical\/dist\/Lexical\.dev\.js$/)

    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query('select current_database() as db')
    await client.end()
    expect(rows[0].db).toBe('curbside_dev')
    const postmasterPid = Number(
      fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    )
    expect(isAlive(postmasterPid)).toBe(true)

    launcher.kill('SIGINT')
    const code = await exited
    expect(code).not.toBe(0)
    expect(isAlive(commandPid)).toBe(false)
    expect(isAlive(postmasterPid)).toBe(false)
    expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false)
  }, 120_000)

  it("gives the commands of a production profile Lexical's production build", async () => {
    // Without NODE_ENV: the profile alone decides.
    const env = <NodeJS.ProcessEnv>(
      Object.fromEntries(
        Object.entries({ ...process.env, EMBEDDED_POSTGRES_DIR: clusterDir }).filter(
          ([name]) => !['DATABASE_URL', 'NODE_OPTIONS', 'NODE_ENV'].includes(name),
        ),
      )
    )
    const script = `console.log('LEXICAL=' + require.resolve('lexical'))`
    const launcher = spawn(
      process.execPath,
      ['scripts/with-services.mjs', 'e2e', '--', process.execPath, '-e', script],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    launcher.stdout.on('data', (c: Buffer) => (out += c.toString()))
    launcher.stderr.on('data', (c: Buffer) => (out += c.toString()))
    const code = await new Promise<number | null>((resolve) => launcher.on('exit', resolve))
    expect(code, out).toBe(0)
    expect(/LEXICAL=(\S+)/.exec(out)?.[1], out).toMatch(/\/lexical\/dist\/Lexical\.prod\.js$/)
  }, 120_000)

  it("drops the copies a test run's files made of its database, and those a killed run left", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_POSTGRES_DIR: clusterDir }
    delete env.DATABASE_URL
    delete env.NODE_OPTIONS
    const launch = async (script: string) => {
      const launcher = spawn(
        process.execPath,
        ['scripts/with-services.mjs', 'test', '--', process.execPath, '-e', script],
        { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let out = ''
      launcher.stdout.on('data', (c: Buffer) => (out += c.toString()))
      launcher.stderr.on('data', (c: Buffer) => (out += c.toString()))
      const code = await new Promise<number | null>((resolve) => launcher.on('exit', resolve))
      expect(code, out).toBe(0)
      return out
    }
    // The pid of a run that is over: a process that has ended.
    const ended = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => ended.on('exit', resolve))
    const admin = `const pg = require('pg'); const url = new URL(process.env.DATABASE_URL); const run = url.pathname.slice(1); url.pathname = '/postgres'; const c = new pg.Client({ connectionString: url.toString() });`

    // A file's copy of this run's database, as tests/helpers/int-setup.ts makes it, still
    // there when the run ends; and one named after a run that was killed.
    const first = await launch(
      `${admin} c.connect().then(async () => { await c.query('CREATE DATABASE "' + run + '_file_left" TEMPLATE "' + run + '"'); await c.query('CREATE DATABASE "curbside_test_${ended.pid}_file_left"'); console.log('RUN=' + run); await c.end() })`,
    )
    const firstRun = /RUN=(\S+)/.exec(first)![1]
    const second = await launch(
      `${admin} c.connect().then(async () => { const { rows } = await c.query("SELECT datname FROM pg_database WHERE datname LIKE 'curbside_test%'"); console.log('DATABASES=' + rows.map((r) => r.datname).join(',')); await c.end() })`,
    )
    const databases = /DATABASES=(\S*)/.exec(second)![1].split(',')
    expect(databases).not.toContain(`${firstRun}_file_left`)
    expect(databases).not.toContain(`curbside_test_${ended.pid}_file_left`)
    expect(databases).toHaveLength(1)
    // Two launcher runs, each starting and stopping the cluster.
  }, 240_000)
})
