import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import type pg from 'pg'
import sharp from 'sharp'

import { migrations } from '../../migrations'
import { restoreBackup, takeBackup } from '../../src/server/backup'
import type { Manifest } from '../../src/server/backup'
import { payloadMigrations } from '../../src/server/restore-migrations'
import { migrateDatabaseTo } from '../../tests/helpers/migrations'
import { adminAuthorization } from '../lib/auth'
import {
  DATA_DIR,
  NO_RATE_LIMIT,
  QUOTE_PATH,
  RUN_DIR,
  filesUnder,
  formOf,
  pool,
  requestFields,
  runTag,
  send,
  serverLogFile,
  smallJpeg,
  startDrillServer,
  unhandledFailures,
  withDb,
} from './lib'
import type { DrillResult } from './lib'
import type { RunningServer } from '../lib/server'

// A site with 200 leads with photos and 20 gallery items is backed up while quotes keep
// arriving; then the database and the files are wiped and the backup restored. Every
// table's rows and every file's hash must equal the manifest, every restored lead's photos
// must open, and the site and the back office must answer. Then the same site one migration
// back (its rows in a database the migrations built up to the one before the latest) is
// backed up and restored by `npm run restore`'s script into an empty database: the same
// checks, and every migration recorded.
const LEADS = 200
const GALLERY = 20

export async function backupRestoreDrill(): Promise<DrillResult> {
  const failures: string[] = []
  const tag = runTag('bkp')
  const databaseUrl = process.env.DATABASE_URL!
  const uploadsDir = path.join(DATA_DIR, 'uploads')
  const storage = { uploadsDir }
  const target = path.join(RUN_DIR, 'backups')
  const logs = [
    serverLogFile('backup-restore-before'),
    serverLogFile('backup-restore-after'),
    serverLogFile('backup-restore-one-back'),
  ]
  const figures: Record<string, unknown> = {}

  const first = await startDrillServer(logs[0], { ...NO_RATE_LIMIT, WARM_PAGES: 'false' })
  let server: RunningServer | null = first
  try {
    const seeded = await pool(
      Array.from({ length: LEADS }, (_, n) => n),
      8,
      async (n) =>
        send(`${first.url}${QUOTE_PATH}`, {
          method: 'POST',
          body: formOf(requestFields(tag, n), [
            { name: 'rim.jpg', type: 'image/jpeg', bytes: await smallJpeg(n) },
          ]),
        }),
    )
    const seededOk = seeded.filter((o) => o.status === 201).length
    if (seededOk !== LEADS) failures.push(`${seededOk} of ${LEADS} seed quotes accepted`)
    const auth = await adminAuthorization(first.url)
    for (let n = 0; n < GALLERY; n++) await galleryItem(first.url, auth, `${tag} gallery ${n}`, n)

    // Quotes keep arriving, one after another, while the backup runs.
    let during = 0
    let stop = false
    const arriving = (async () => {
      for (let n = LEADS; !stop; n++) {
        const res = await send(`${first.url}${QUOTE_PATH}`, {
          method: 'POST',
          body: formOf(requestFields(tag, n), [
            { name: 'rim.jpg', type: 'image/jpeg', bytes: await smallJpeg(n) },
          ]),
        })
        if (res.status === 201) during += 1
      }
    })()
    const started = Date.now()
    const { dir, manifest } = await takeBackup({ databaseUrl, storage, target })
    figures.backupSeconds = (Date.now() - started) / 1000
    stop = true
    await arriving
    figures.quotesDuringBackup = during
    figures.backupMiB = +(dirBytes(dir) / 2 ** 20).toFixed(2)
    figures.leadsInBackup = manifest.tables.leads
    figures.filesInBackup = manifest.files.length
    if (manifest.missing.length) failures.push(`rows name ${manifest.missing.length} files not stored`)
    if (manifest.tables.leads < LEADS) failures.push(`${manifest.tables.leads} leads in the backup`)
    if (manifest.tables.gallery_items < GALLERY)
      failures.push(`${manifest.tables.gallery_items} gallery items`)
    await first.stop()
    server = null

    // Wipe everything, then restore.
    await withDb(databaseUrl, async (db) => {
      const { rows } = await db.query<{ t: string }>(
        `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'payload_migrations'`,
      )
      await db.query(`TRUNCATE ${rows.map((r) => `"${r.t}"`).join(', ')} CASCADE`)
    })
    fs.rmSync(uploadsDir, { recursive: true, force: true })
    const restoring = Date.now()
    // Into the same migrations as the backup's: no migration runs.
    const restored = await restoreBackup({
      databaseUrl,
      storage,
      source: dir,
      migrations: payloadMigrations(databaseUrl),
    })
    figures.restoreSeconds = (Date.now() - restoring) / 1000
    figures.restoredRows = Object.values(restored.tables).reduce((a, b) => a + b, 0)

    // Checked again from outside the restore: counts, hashes, every lead's photos.
    figures.leadPhotosChecked = await checkRestoredRows(databaseUrl, manifest, tag, uploadsDir, failures)
    figures.filesOnDisk = filesUnder(uploadsDir).length

    // The site and the back office on the restored data.
    server = await startDrillServer(logs[1], { ...NO_RATE_LIMIT, WARM_PAGES: 'false' })
    await checkRestoredSite(server.url, manifest, failures)
    await server.stop()
    server = null

    const oneBack = await oneMigrationBack({ databaseUrl, uploadsDir, tag, log: logs[2], failures })
    Object.assign(figures, oneBack)
  } finally {
    await server?.stop()
  }
  for (const log of logs) failures.push(...unhandledFailures(log))
  return { failures, figures }
}

// The site's rows, as they are now, in a database the migrations built up to the one before
// the latest, backed up; then restored by the restore script into an empty database, which
// it builds up to the backup's migrations, loads, and migrates to the latest.
async function oneMigrationBack(options: {
  databaseUrl: string
  uploadsDir: string
  tag: string
  log: string
  failures: string[]
}): Promise<Record<string, unknown>> {
  const { databaseUrl, uploadsDir, tag, log, failures } = options
  const names = migrations.map((m) => m.name)
  const figures: Record<string, unknown> = { oneBackMigration: names.at(-2) }
  const [source, restored] = ['one_back', 'one_back_restored'].map((suffix) => {
    const url = new URL(databaseUrl)
    url.pathname = `${url.pathname}_${suffix}`
    return url
  })
  const databases = [source, restored].map((url) => decodeURIComponent(url.pathname.slice(1)))
  let server: RunningServer | null = null
  try {
    await withDb(databaseUrl, async (db) => {
      for (const name of databases) {
        await db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
        await db.query(`CREATE DATABASE "${name}"`)
      }
    })
    await migrateDatabaseTo(source.toString(), names.at(-2)!)
    await withDb(databaseUrl, (from) => withDb(source.toString(), (to) => copyRows(from, to)))

    const { dir, manifest } = await takeBackup({
      databaseUrl: source.toString(),
      storage: { uploadsDir },
      target: path.join(RUN_DIR, 'backups-one-back'),
    })
    if (manifest.migrations.join() !== names.slice(0, -1).join()) {
      failures.push(`the one-back backup was taken at ${manifest.migrations.at(-1)}`)
    }
    figures.oneBackLeads = manifest.tables.leads
    figures.oneBackFiles = manifest.files.length
    fs.rmSync(uploadsDir, { recursive: true, force: true })

    const restoring = Date.now()
    const { code, out } = await restoreScript(restored.toString(), dir)
    figures.oneBackRestoreSeconds = (Date.now() - restoring) / 1000
    fs.appendFileSync(log, `--- npm run restore\n${out}\n`)
    if (code !== 0) failures.push(`restore of the one-back backup exited ${code}: ${out.trim().slice(-500)}`)
    const line = `[restore] loaded at ${names.at(-2)}, then migrated: ${names.at(-1)}`
    if (!out.includes(line)) failures.push(`restore did not print "${line}"`)

    await withDb(restored.toString(), async (db) => {
      const { rows } = await db.query<{ name: string }>(`SELECT name FROM payload_migrations ORDER BY name`)
      if (rows.map((r) => r.name).join() !== names.join()) {
        failures.push(
          `after the one-back restore the migrations recorded are ${rows.length} of ${names.length}`,
        )
      }
    })
    figures.oneBackPhotosChecked = await checkRestoredRows(
      restored.toString(),
      manifest,
      tag,
      uploadsDir,
      failures,
    )
    server = await startDrillServer(log, {
      ...NO_RATE_LIMIT,
      WARM_PAGES: 'false',
      DATABASE_URL: restored.toString(),
    })
    await checkRestoredSite(server.url, manifest, failures)
  } finally {
    await server?.stop()
    await withDb(databaseUrl, async (db) => {
      for (const name of databases) await db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    })
  }
  return figures
}

// Every row of every table the older schema has, in place of the rows its migrations seeded,
// through JSON as restore loads them (columns it does not have are left out).
async function copyRows(from: pg.Client, to: pg.Client) {
  const { rows: tables } = await to.query<{ t: string }>(
    `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'payload_migrations'`,
  )
  await to.query('BEGIN')
  await to.query('SET LOCAL session_replication_role = replica')
  await to.query(`TRUNCATE ${tables.map(({ t }) => `"${t}"`).join(', ')}`)
  for (const { t } of tables) {
    const { rows } = await from.query<{ j: string }>(`SELECT row_to_json(r)::text AS j FROM "${t}" r`)
    if (!rows.length) continue
    await to.query(`INSERT INTO "${t}" SELECT * FROM json_populate_recordset(NULL::"${t}", $1::json)`, [
      `[${rows.map((r) => r.j).join(',')}]`,
    ])
  }
  await to.query('COMMIT')
}

// The restore script as `npm run restore` starts it, on another database.
async function restoreScript(databaseUrl: string, dir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'node_modules/.bin/tsx',
      ['scripts/restore.ts', dir],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
        timeout: 600_000,
        maxBuffer: 16 * 2 ** 20,
      },
    )
    return { code: 0, out: stdout + stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}

// Counts and hashes against the manifest, and every lead's photos on disk; the photos checked.
async function checkRestoredRows(
  databaseUrl: string,
  manifest: Manifest,
  tag: string,
  uploadsDir: string,
  failures: string[],
): Promise<number> {
  const checked = await withDb(databaseUrl, async (db) => {
    for (const [table, count] of Object.entries(manifest.tables)) {
      if (table === 'payload_migrations') continue
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)
      if (rows[0].n !== count) failures.push(`${table}: ${rows[0].n} rows, backup ${count}`)
    }
    const { rows: photos } = await db.query<{ lead: number; filename: string | null }>(`
      SELECT r.parent_id AS lead, u.filename FROM leads_rels r
      LEFT JOIN customer_uploads u ON u.id = r.customer_uploads_id WHERE r.path = 'photos'`)
    const broken = photos.filter(
      (p) => !p.filename || !fs.existsSync(path.join(uploadsDir, 'customer-uploads', p.filename)),
    )
    if (broken.length) failures.push(`${broken.length} lead photos missing after the restore`)
    // Every drill lead was sent with one photo: none is in the backup without it.
    const { rows: bare } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leads l WHERE l.last_name LIKE $1
         AND NOT EXISTS (SELECT 1 FROM leads_rels r WHERE r.parent_id = l.id AND r.path = 'photos')`,
      [`${tag} %`],
    )
    if (bare[0].n) failures.push(`${bare[0].n} drill leads restored without their photo`)
    return photos.length
  })
  const wrong = manifest.files.filter(
    ({ key, sha256 }) =>
      createHash('sha256')
        .update(fs.readFileSync(path.join(uploadsDir, key)))
        .digest('hex') !== sha256,
  )
  if (wrong.length) failures.push(`${wrong.length} restored files differ from the manifest`)
  return checked
}

// The public pages, the back office's leads and a restored photo, on a server of the restored data.
async function checkRestoredSite(url: string, manifest: Manifest, failures: string[]) {
  const admin = await adminAuthorization(url)
  for (const page of ['/', '/gallery']) {
    const res = await send(`${url}${page}`)
    if (res.status !== 200) failures.push(`${page} answered ${res.status}`)
  }
  const leads = await fetch(`${url}/api/leads?depth=1&limit=5&sort=-createdAt`, {
    headers: { Authorization: admin },
  })
  const body = (await leads.json()) as { totalDocs: number; docs: { photos: { url: string }[] }[] }
  if (leads.status !== 200 || body.totalDocs !== manifest.tables.leads) {
    failures.push(`the back office reads ${body.totalDocs} leads (${leads.status})`)
  }
  const photoUrl = body.docs[0]?.photos?.[0]?.url
  const photo = photoUrl ? await fetch(photoUrl, { headers: { Authorization: admin } }) : null
  if (!photo || photo.status !== 200 || !(await photo.arrayBuffer()).byteLength) {
    failures.push(`a restored lead's photo answered ${photo?.status}`)
  }
}

async function galleryItem(url: string, auth: string, title: string, n: number) {
  const picture = async (alt: string) => {
    const bytes = await sharp({
      create: { width: 120, height: 90, channels: 3, background: { r: n * 10, g: 80, b: 60 } },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${alt}.png`)
    form.append('_payload', JSON.stringify({ alt }))
    const res = await fetch(`${url}/api/gallery-images`, {
      method: 'POST',
      headers: { Authorization: auth },
      body: form,
    })
    if (res.status !== 201) throw new Error(`gallery image answered ${res.status}: ${await res.text()}`)
    return ((await res.json()) as { doc: { id: number } }).doc.id
  }
  const res = await fetch(`${url}/api/gallery-items`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title,
      beforeImage: await picture(`${title} before`),
      afterImage: await picture(`${title} after`),
    }),
  })
  if (res.status !== 201) throw new Error(`gallery item answered ${res.status}: ${await res.text()}`)
}

function dirBytes(dir: string): number {
  return filesUnder(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0)
}
