import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const migrationsDir = path.join(root, 'migrations')
const tmpDirs: string[] = []

afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true })
})

// `migrate:create` diffs the config against the newest migration's snapshot.
// Run it against a copy of migrations/ and expect it to find nothing to write: the
// committed migrations match the config exactly.
async function pendingMigrationFiles(extraEnv: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
  tmpDirs.push(dir)
  fs.cpSync(migrationsDir, dir, { recursive: true })
  const before = new Set(fs.readdirSync(dir))
  const { stdout } = await run(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/payload-db.ts', 'migrate:create', 'drift_check', '--skip-empty'],
    {
      cwd: root,
      env: { ...process.env, ...extraEnv, PAYLOAD_MIGRATION_DIR: dir, NODE_ENV: 'production' },
      timeout: 120_000,
    },
  )
  // The command ran to its end (an early silent exit would also leave no new file).
  expect(stdout).toContain('[payload-db] migrate:create: done')
  return fs.readdirSync(dir).filter((f) => !before.has(f))
}

describe('migrations', () => {
  it('match the config: migrate:create has nothing to write', async () => {
    expect(await pendingMigrationFiles({})).toEqual([])
  })

  it('are the same with S3 storage enabled', async () => {
    expect(
      await pendingMigrationFiles({
        S3_BUCKET: 'drift-check',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'y',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual([])
  })

  it('are listed in migrations/index.ts, which production start applies', () => {
    const index = fs.readFileSync(path.join(migrationsDir, 'index.ts'), 'utf8')
    const files = fs.readdirSync(migrationsDir).filter((f) => /^\d{8}_\d{6}_.+\.ts$/.test(f))
    expect(files.length).toBeGreaterThan(0)
    for (const f of files) expect(index).toContain(`'${f.replace(/\.ts$/, '')}'`)
  })
})
