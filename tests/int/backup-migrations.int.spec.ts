import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RestoreRefused, restoreBackup, takeBackup } from '@/server/backup'

import { migrations } from '../../migrations'
import { migrateDatabaseTo } from '../helpers/migrations'

// A site that has not yet taken the latest migration is backed up; `npm run restore` of
// this version puts it into an empty database: built up to the backup's migrations, the rows
// loaded, then the later migrations applied to them, each recorded. A backup of migrations
// this version does not have, or a target that holds data, is refused before anything
// changes.

const root = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
const base = new URL(process.env.DATABASE_URL!)
const names = migrations.map((m) => m.name)
const oneBack = names.at(-2)!
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-migrations-'))
const sourceUploads = path.join(scratch, 'source-uploads')
const photo = Buffer.from('a quote photo, as stored')

const admin = new pg.Client({ connectionString: base.toString() })
const created: string[] = []

async function newDatabase(suffix: string): Promise<string> {
  const name = `${base.pathname.slice(1)}_${suffix}`
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.query(`CREATE DATABASE "${name}"`)
  created.push(name)
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

// `npm run restore` in a database of its own: the script as the npm script starts it.
async function restoreCommand(url: string, dir: string, dataDir: string) {
  return run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/restore.ts', dir], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PAYLOAD_DB_PUSH: 'false',
    },
    timeout: 240_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({
      code: err.code ?? -1,
      out: `${err.stdout ?? ''}${err.stderr ?? ''}`,
    }),
  )
}

const LEADS = `SELECT id, first_name, last_name, email, phone, description, service_type::text, created_at
  FROM leads ORDER BY id`

let source: string
let backupDir: string

beforeAll(async () => {
  await admin.connect()
  source = await newDatabase('one_back')
  await migrateDatabaseTo(source, oneBack)
  await query(
    source,
    `INSERT INTO users (email, role) VALUES ('owner@curbside.test', 'admin');
     INSERT INTO site_settings (notification_recipients) VALUES ('owner@curbside.test, van@curbside.test');
     INSERT INTO leads (first_name, last_name, email, phone, description, service_type, created_at)
       VALUES ('Ana', 'Rivera', 'ana@example.com', '5125550101', 'Curb rash, front left', 'rim_rash', '2026-11-20T15:00:00Z'),
              ('Ben', 'Okafor', 'ben@example.com', '5125550102', 'Four wheels', 'wheel_restoration', '2026-11-21T16:30:00Z');
     INSERT INTO lead_events (lead_id, kind, text) SELECT id, 'note', 'Called, back Friday.' FROM leads;
     INSERT INTO payload_jobs (task_slug, input) VALUES ('sendQuoteEmail', '{"lead": 1}');
     INSERT INTO customer_uploads (filename, mime_type, filesize) VALUES ('rim.jpg', 'image/jpeg', ${photo.length});
     INSERT INTO leads_rels (parent_id, path, "order", customer_uploads_id)
       SELECT l.id, 'photos', 1, u.id FROM leads l, customer_uploads u WHERE l.first_name = 'Ana';`,
  )
  fs.mkdirSync(path.join(sourceUploads, 'customer-uploads'), { recursive: true })
  fs.writeFileSync(path.join(sourceUploads, 'customer-uploads', 'rim.jpg'), photo)
  const { dir, manifest } = await takeBackup({
    databaseUrl: source,
    storage: { uploadsDir: sourceUploads },
    target: path.join(scratch, 'backups'),
  })
  expect(manifest.migrations).toEqual(names.slice(0, -1))
  backupDir = dir
})

afterAll(async () => {
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
  fs.rmSync(scratch, { recursive: true, force: true })
})

describe('restoring a backup taken before the latest migration', () => {
  it('loads it at its own migrations, then migrates it up, every migration recorded', async () => {
    const target = await newDatabase('restored')
    const dataDir = path.join(scratch, 'restored-data')
    const { code, out } = await restoreCommand(target, backupDir, dataDir)
    expect(out).toContain(`[restore] loaded at ${oneBack}, then migrated: ${names.at(-1)}`)
    expect(code).toBe(0)

    const recorded = await query<{ name: string; batch: string }>(
      target,
      'SELECT name, batch::text FROM payload_migrations ORDER BY name',
    )
    expect(recorded.map((m) => m.name)).toEqual(names)
    // Up to the backup's in one run, the later ones in the next, as `payload migrate` batches them.
    expect(recorded.map((m) => m.batch)).toEqual([...names.slice(0, -1).map(() => '1'), '2'])

    expect(await query(target, LEADS)).toEqual(await query(source, LEADS))
    expect(await query(target, 'SELECT zip, vehicle FROM leads')).toEqual([
      { zip: null, vehicle: null },
      { zip: null, vehicle: null },
    ])
    expect(await query(target, `SELECT kind::text, text FROM lead_events ORDER BY id`)).toEqual([
      { kind: 'note', text: 'Called, back Friday.' },
      { kind: 'note', text: 'Called, back Friday.' },
    ])
    expect(await query(target, `SELECT task_slug::text, input FROM payload_jobs`)).toEqual([
      { task_slug: 'sendQuoteEmail', input: { lead: 1 } },
    ])
    // The settings' row was there when the last migration added its columns: it has their defaults.
    expect(
      await query(
        target,
        `SELECT notification_recipients, booking_slot_minutes::text, booking_vans::int, booking_notice_hours::int
         FROM site_settings`,
      ),
    ).toEqual([
      {
        notification_recipients: 'owner@curbside.test, van@curbside.test',
        booking_slot_minutes: '120',
        booking_vans: 1,
        booking_notice_hours: 2,
      },
    ])
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'customer-uploads', 'rim.jpg'))).toEqual(photo)
    // Ids carry on after the restored ones.
    const [{ next }] = await query<{ next: number }>(target, `SELECT nextval('leads_id_seq')::int AS next`)
    expect(next).toBe(3)
  })

  it('refuses a backup of a migration this version does not have, naming it, before touching the database', async () => {
    const later = '20991231_000000_from_a_later_version'
    const dir = path.join(scratch, 'from-a-later-version')
    fs.cpSync(backupDir, dir, { recursive: true })
    const manifestFile = path.join(dir, 'manifest.json')
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    manifest.migrations = [...names, later]
    fs.writeFileSync(manifestFile, JSON.stringify(manifest))

    const target = await newDatabase('refused')
    const { code, out } = await restoreCommand(target, dir, path.join(scratch, 'refused-data'))
    expect(out).toContain(
      `[restore] The backup was taken at migration ${later}, which this version of the code does not have: restore it with the version that took it, or a later one.`,
    )
    expect(code).toBe(1)
    expect(await query(target, `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).toEqual([])
  })

  it('refuses a database that holds data before migrating it', async () => {
    const twoBack = names.at(-3)!
    const target = await newDatabase('holds_data')
    await migrateDatabaseTo(target, twoBack)
    await query(
      target,
      `INSERT INTO leads (first_name, last_name, email, phone, description, service_type)
       VALUES ('Cal', 'Nguyen', 'cal@example.com', '5125550103', 'One rim', 'rim_rash')`,
    )
    const asked: (string | undefined)[] = []
    const attempt = restoreBackup({
      databaseUrl: target,
      storage: { uploadsDir: path.join(scratch, 'holds-data-uploads') },
      source: backupDir,
      migrations: { names, up: async (upTo) => void asked.push(upTo) },
    })
    await expect(attempt).rejects.toThrow(RestoreRefused)
    await expect(attempt).rejects.toThrow(
      'The database already holds data (1 leads). Restore into an empty database, or add --force to replace it.',
    )
    expect(asked).toEqual([])
    expect(
      (await query<{ name: string }>(target, 'SELECT name FROM payload_migrations ORDER BY name')).map(
        (m) => m.name,
      ),
    ).toEqual(names.slice(0, -2))
    expect(await query(target, 'SELECT first_name FROM leads')).toEqual([{ first_name: 'Cal' }])
  })
})
