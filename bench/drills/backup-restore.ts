import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import { restoreBackup, takeBackup } from '../../src/server/backup'
import { payloadMigrations } from '../../src/server/restore-migrations'
import { adminAuthorization } from '../lib/auth'
import {
  DATA_DIR,
  NO_RATE_LIMIT,
  QUOTE_PATH,
  RUN_DIR,
  filesUnder,
  formOf,
  pool,
  quoteFields,
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
// must open, and the site and the back office must answer.
const LEADS = 200
const GALLERY = 20

export async function backupRestoreDrill(): Promise<DrillResult> {
  const failures: string[] = []
  const tag = runTag('bkp')
  const databaseUrl = process.env.DATABASE_URL!
  const uploadsDir = path.join(DATA_DIR, 'uploads')
  const storage = { uploadsDir }
  const target = path.join(RUN_DIR, 'backups')
  const logs = [serverLogFile('backup-restore-before'), serverLogFile('backup-restore-after')]
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
          body: formOf(quoteFields(tag, n), [
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
          body: formOf(quoteFields(tag, n), [
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
    await withDb(databaseUrl, async (db) => {
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
      figures.leadPhotosChecked = photos.length
      // Every drill lead was sent with one photo: none is in the backup without it.
      const { rows: bare } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM leads l WHERE l.last_name LIKE $1
           AND NOT EXISTS (SELECT 1 FROM leads_rels r WHERE r.parent_id = l.id AND r.path = 'photos')`,
        [`${tag} %`],
      )
      if (bare[0].n) failures.push(`${bare[0].n} drill leads restored without their photo`)
    })
    const wrong = manifest.files.filter(
      ({ key, sha256 }) =>
        createHash('sha256')
          .update(fs.readFileSync(path.join(uploadsDir, key)))
          .digest('hex') !== sha256,
    )
    if (wrong.length) failures.push(`${wrong.length} restored files differ from the manifest`)
    figures.filesOnDisk = filesUnder(uploadsDir).length

    // The site and the back office on the restored data.
    server = await startDrillServer(logs[1], { ...NO_RATE_LIMIT, WARM_PAGES: 'false' })
    const admin = await adminAuthorization(server.url)
    for (const page of ['/', '/gallery']) {
      const res = await send(`${server.url}${page}`)
      if (res.status !== 200) failures.push(`${page} answered ${res.status}`)
    }
    const leads = await fetch(`${server.url}/api/leads?depth=1&limit=5&sort=-createdAt`, {
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
  } finally {
    await server?.stop()
  }
  for (const log of logs) failures.push(...unhandledFailures(log))
  return { failures, figures }
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
