import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { afterAll, inject } from 'vitest'

import { adminUrl, databaseName } from './int-global-setup'
// First, before the test file's own imports: its data folder (DATA_DIR), which src/server/paths.ts
// reads once, whichever module of the app a test file happens to import before the harness.
import './env'

// Before each integration test file (Vitest setupFiles): a database of its own, copied from
// the run's template that tests/helpers/int-global-setup.ts pushed, becomes this file's
// DATABASE_URL; no push (PAYLOAD_DB_PUSH). An isolated file loads the Payload config after
// this; in the `int` project the worker's Payload is pointed at it (int-shared-setup.ts).
// Dropped when the file ends. Processes the file starts inherit both.
const template = inject('templateDatabaseUrl')
const name = `${databaseName(template)}_file_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: adminUrl(template) })
await admin.connect()
try {
  // Nothing may be connected to the template while it is copied: no file ever connects to it.
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${databaseName(template)}"`)
} finally {
  await admin.end()
}
const url = new URL(template)
url.pathname = `/${name}`
process.env.DATABASE_URL = url.toString()
process.env.PAYLOAD_DB_PUSH = 'false'

afterAll(async () => {
  const client = new pg.Client({ connectionString: adminUrl(template) })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
})
