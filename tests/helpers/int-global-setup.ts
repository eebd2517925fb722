import { spawn } from 'node:child_process'
import path from 'node:path'

import pg from 'pg'
import type { TestProject } from 'vitest/node'

// Once per integration run, before any file: the run's database (DATABASE_URL, from
// scripts/with-services.mjs) gets the schema pushed from the config, and becomes the
// template each test file copies into a database of its own (tests/helpers/int-setup.ts).
// A copy takes a fraction of a second where the push took several, and files with databases
// of their own can run side by side.

const root = path.resolve(import.meta.dirname, '../..')

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string
  }
}

export function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  url.pathname = '/postgres'
  return url.toString()
}

export const databaseName = (databaseUrl: string) =>
  decodeURIComponent(new URL(databaseUrl).pathname.slice(1))

function pushSchema(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/push-schema.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PAYLOAD_DB_PUSH: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (out += c.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the schema push ended with ${code}:\n${out}`)),
    )
  })
}

// The copies a run's files left (a file stopped mid-way): named after the template.
async function dropCopies(template: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(template) })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${databaseName(template).replace(/_/g, '\\_')}\\_file\\_%`],
    )
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

// Both int projects (vitest.config.mts) run this, one after the other, before any file: the
// second finds the push made.
const run = globalThis as { intTemplatePushed?: Promise<void> }

export default async function setup(project: TestProject) {
  const template = process.env.DATABASE_URL
  if (!template) throw new Error('Integration tests need a database: run them with `npm run test:int`.')
  await (run.intTemplatePushed ??= pushSchema(template))
  project.provide('templateDatabaseUrl', template)
  return () => dropCopies(template)
}
