#!/usr/bin/env node
// Until the first production deploy, the schema lives in one initial migration that
// is regenerated from the config. After that deploy, add migrations with
// `npm run migrate:create -- <name>` instead and never regenerate.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = path.join(root, 'migrations')
for (const f of fs.readdirSync(dir)) if (/^\d{8}_\d{6}_/.test(f)) fs.rmSync(path.join(dir, f))
fs.writeFileSync(path.join(dir, 'index.ts'), 'export const migrations = []\n')
const res = spawnSync(
  process.execPath,
  ['scripts/with-services.mjs', 'e2e', '--', 'tsx', 'scripts/payload-db.ts', 'migrate:create', 'initial'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
if (res.status !== 0) process.exit(res.status ?? 1)
spawnSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', 'migrations/index.ts'], {
  cwd: root,
  stdio: 'inherit',
})
