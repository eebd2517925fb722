import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort } from '../../scripts/free-port.mjs'
import { FIRST_ACCOUNT_NEEDS_TOKEN } from '../../src/collections/Users/hooks/assignRoleOnCreate'
import { startServer } from '../../bench/lib/server'
import type { RunningServer } from '../../bench/lib/server'
import { expect, test } from '../helpers/e2e-test'
import { startRedisServer } from '../helpers/redis-server'
import type { RedisServer } from '../helpers/redis-server'

// A fresh deploy: the same production build on a database that has only seen the
// migrations, so it has no account yet. The first account needs the setup link from the
// server's log; a visitor who signs up without it reads why, from this production server.
// It keeps its pages in a Redis of its own: with Next's file-system cache it would share
// the build folder's cache with the suite's server, and the pages it renders (and warms at
// start) from its empty database would replace that server's.
test.describe('a fresh deploy without any account', () => {
  const database = `fresh_${process.pid}_${Date.now()}`
  const url = new URL(process.env.DATABASE_URL!)
  const admin = new pg.Client({ connectionString: url.toString() })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-deploy-'))
  let server: RunningServer | undefined
  let redis: RedisServer | undefined
  const freshUrl = () => {
    const fresh = new URL(url)
    fresh.pathname = `/${database}`
    return fresh
  }

  test.beforeAll(async () => {
    test.setTimeout(300_000)
    await admin.connect()
    await admin.query(`CREATE DATABASE "${database}"`)
    const fresh = freshUrl()
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: fresh.toString(),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PAYLOAD_DB_PUSH: 'false',
    }
    const migrated = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/payload-db.ts', 'migrate'], {
        env,
      })
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => (out += chunk))
      child.stderr.on('data', (chunk: Buffer) => (out += chunk))
      child.on('exit', (code) => resolve({ code, out }))
    })
    expect(migrated.code, migrated.out).toBe(0)
    redis = await startRedisServer()
    server = await startServer(
      { DATABASE_URL: fresh.toString(), DATA_DIR: dataDir, REDIS_URL: redis.url },
      { port: await freePort() },
    )
  })

  test.afterAll(async () => {
    await server?.stop()
    await redis?.stop()
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
    await admin.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('signing up without the setup link reads why it was refused, and no account is made', async ({
    page,
  }) => {
    await page.goto(`${server!.url}/login`)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByLabel('Email').fill('owner@example.com')
    await page.getByLabel('Password').fill('a long enough passphrase 42')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText(FIRST_ACCOUNT_NEEDS_TOKEN, { exact: true })).toBeVisible()

    const fresh = new pg.Client({ connectionString: freshUrl().toString() })
    await fresh.connect()
    try {
      const { rows } = await fresh.query('SELECT count(*)::int AS n FROM users')
      expect(rows[0].n).toBe(0)
    } finally {
      await fresh.end()
    }
  })

  test("the home page's history starts from the spec's page", async () => {
    const fresh = new pg.Client({ connectionString: freshUrl().toString() })
    await fresh.connect()
    try {
      const { rows } = await fresh.query(
        `SELECT v.version__status AS status, o.title, o.price::float8 AS price
           FROM _home_page_v v JOIN _home_page_v_version_pricing_offers o ON o._parent_id = v.id
          ORDER BY o._order`,
      )
      expect(rows).toEqual([
        { status: 'published', title: 'Rim Rash / Curbed Rim', price: 125 },
        { status: 'published', title: 'Cracked Windshield Repair', price: 110 },
        { status: 'published', title: 'Headlight Refresh', price: 85 },
        { status: 'published', title: 'Bent, Powder Coating, or Cracked Rims', price: 250 },
      ])
    } finally {
      await fresh.end()
    }
  })
})
