import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'

import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { TEST_DATA_DIR } from '../helpers/env'
import { setupHarness } from '../helpers/harness'
import { image, phoneJpeg, requestForm, submitRequest } from '../helpers/request-fixtures'

const { RestoreRefused, UPLOAD_FOLDERS, alertBackupFailure, readManifest, restoreBackup, takeBackup } =
  await import('@/server/backup')
const { payloadMigrations } = await import('@/server/restore-migrations')

// A backup of a site with leads, quote photos and gallery pictures, the site wiped, and the
// backup restored: the same rows, the same files, ids carry on; a damaged backup or a
// database that holds data is refused and left as it was.
const h = setupHarness({ http: true })
const db = () => (h.payload.db as unknown as PostgresAdapter).drizzle
const uploads = path.join(TEST_DATA_DIR, 'uploads')
const storage = { uploadsDir: uploads }
const target = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'))
const databaseUrl = () => process.env.DATABASE_URL!
// The test database's schema is pushed: restore runs no migration on it.
const migrations = payloadMigrations(databaseUrl())

async function rows(query: ReturnType<typeof sql>): Promise<unknown[]> {
  return ((await db().execute(query)) as unknown as { rows: unknown[] }).rows
}

function storedFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else out.push(path.relative(uploads, full))
    }
  }
  walk(uploads)
  return out.sort()
}

async function siteContent() {
  const photo = { name: 'rim.jpg', type: 'image/jpeg', bytes: await phoneJpeg() }
  for (let i = 0; i < 3; i++) {
    expect((await submitRequest(h.http, requestForm({ firstName: `Backup${i}` }, [photo]))).status).toBe(201)
  }
  const picture = async (alt: string) =>
    (
      await h.payload.create({
        collection: 'gallery-images',
        data: { alt },
        file: { data: await image('png', 80, 60), mimetype: 'image/png', name: `${alt}.png`, size: 1 },
      })
    ).id
  await h.payload.create({
    collection: 'gallery-items',
    data: { title: 'Backup wheel', beforeImage: await picture('before'), afterImage: await picture('after') },
  })
}

describe('backup and restore', () => {
  it('the upload folders are the collections’ own', () => {
    for (const slug of ['gallery-images', 'customer-uploads', 'exports', 'imports'] as const) {
      const upload = h.payload.collections[slug].config.upload
      const table = slug.replace(/-/g, '_')
      expect(path.basename(String(upload.staticDir))).toBe(UPLOAD_FOLDERS[table])
    }
  })

  it('restores every row and file after the site is wiped', async () => {
    await siteContent()
    const leadsBefore = await rows(sql`SELECT * FROM leads ORDER BY id`)
    const filesBefore = storedFiles()
    expect(filesBefore.some((f) => f.startsWith('customer-uploads/'))).toBe(true)
    expect(filesBefore.some((f) => f.startsWith('gallery/'))).toBe(true)

    const { dir, manifest } = await takeBackup({ databaseUrl: databaseUrl(), storage, target })
    expect(manifest.tables.leads).toBe(3)
    expect(manifest.tables.gallery_items).toBe(1)
    expect(manifest.missing).toEqual([])
    // Every stored file the rows name, image sizes included.
    expect(manifest.files.map((f) => f.key)).toEqual(filesBefore)
    expect(readManifest(dir)).toEqual(manifest)

    // Over data, only when told to.
    await expect(
      restoreBackup({ databaseUrl: databaseUrl(), storage, source: dir, migrations }),
    ).rejects.toThrow(
      /The database already holds data \(.*3 leads.*\)\. Restore into an empty database, or add --force/,
    )

    await db().execute(
      sql`TRUNCATE leads, gallery_items, gallery_images, customer_uploads, users, payload_jobs CASCADE`,
    )
    fs.rmSync(uploads, { recursive: true, force: true })

    const restored = await restoreBackup({ databaseUrl: databaseUrl(), storage, source: dir, migrations })
    expect(restored.tables.leads).toBe(3)
    expect(restored.files).toBe(filesBefore.length)
    expect(await rows(sql`SELECT * FROM leads ORDER BY id`)).toEqual(leadsBefore)
    expect(storedFiles()).toEqual(filesBefore)
    const lead = (await h.payload.find({ collection: 'leads', sort: 'firstName', depth: 1 })).docs[0]
    expect(lead.firstName).toBe('Backup0')
    expect(lead.photos?.length).toBe(1)

    // Ids carry on after the restored ones.
    const maxId = Math.max(...(leadsBefore as { id: number }[]).map((l) => l.id))
    expect((await submitRequest(h.http, requestForm({ firstName: 'After' }))).status).toBe(201)
    const after = await h.payload.find({ collection: 'leads', where: { firstName: { equals: 'After' } } })
    expect(after.docs[0].id).toBeGreaterThan(maxId)
  })

  it('refuses a damaged backup before changing anything', async () => {
    const { dir, manifest } = await takeBackup({
      databaseUrl: databaseUrl(),
      storage,
      target,
      now: new Date(Date.now() + 1000),
    })
    const leads = await h.payload.count({ collection: 'leads' })
    fs.appendFileSync(path.join(dir, 'files', manifest.files[0].key), 'x')
    const attempt = restoreBackup({
      databaseUrl: databaseUrl(),
      storage,
      source: dir,
      migrations,
      force: true,
    })
    await expect(attempt).rejects.toThrow(RestoreRefused)
    await expect(attempt).rejects.toThrow(
      `The backup is damaged: ${manifest.files[0].key} is missing or does not match its SHA-256.`,
    )
    expect(await h.payload.count({ collection: 'leads' })).toEqual(leads)
  })

  it('refuses a truncated dump, replacing nothing', async () => {
    const { dir } = await takeBackup({
      databaseUrl: databaseUrl(),
      storage,
      target,
      now: new Date(Date.now() + 2000),
    })
    const leadsBefore = await rows(sql`SELECT * FROM leads ORDER BY id`)
    const dump = path.join(dir, 'db', 'leads.jsonl.gz')
    const bytes = fs.readFileSync(dump)
    fs.writeFileSync(dump, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await expect(
      restoreBackup({ databaseUrl: databaseUrl(), storage, source: dir, migrations, force: true }),
    ).rejects.toThrow('The backup is damaged: the rows of leads are missing or incomplete.')
    expect(await rows(sql`SELECT * FROM leads ORDER BY id`)).toEqual(leadsBefore)
  })

  it("a failed backup is e-mailed to the settings' notification addresses, and leaves no partial folder", async () => {
    await h.payload.updateGlobal({
      slug: 'site-settings',
      data: { notificationRecipients: 'owner@curbside.test, van@curbside.test' },
    })
    const blocked = path.join(target, 'not-a-folder')
    fs.writeFileSync(blocked, '')
    const failure = await takeBackup({ databaseUrl: databaseUrl(), storage, target: blocked }).catch((e) => e)
    expect(failure).toBeInstanceOf(Error)
    expect(await alertBackupFailure(databaseUrl(), failure)).toEqual([
      'owner@curbside.test',
      'van@curbside.test',
    ])
    const mailDir = path.join(TEST_DATA_DIR, 'mail')
    const mail = fs
      .readdirSync(mailDir)
      .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'))
      .find((m) => m.includes('Subject: The nightly backup failed'))
    expect(mail).toContain('To: owner@curbside.test, van@curbside.test')
    expect(mail).toContain('ENOTDIR: not a directory')
    expect(fs.readdirSync(target).filter((n) => n.endsWith('.partial'))).toEqual([])
  })

  it('sealed with a key: unreadable without it, refused with a wrong one, restored with it', async () => {
    const passphrase = 'correct horse battery staple'
    const { dir, manifest } = await takeBackup({
      databaseUrl: databaseUrl(),
      storage,
      target,
      now: new Date(Date.now() + 3000),
      passphrase,
    })
    expect(manifest.encryption).toMatchObject({ cipher: 'aes-256-gcm' })
    const sealedPhoto = fs.readFileSync(path.join(dir, 'files', manifest.files[0].key))
    expect(sealedPhoto.equals(fs.readFileSync(path.join(uploads, manifest.files[0].key)))).toBe(false)
    expect(() => gunzipSync(fs.readFileSync(path.join(dir, 'db', 'leads.jsonl.gz')))).toThrow()

    const leadsBefore = await rows(sql`SELECT * FROM leads ORDER BY id`)
    await expect(
      restoreBackup({ databaseUrl: databaseUrl(), storage, source: dir, migrations, force: true }),
    ).rejects.toThrow('The backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was taken with.')
    await expect(
      restoreBackup({
        databaseUrl: databaseUrl(),
        storage,
        source: dir,
        migrations,
        force: true,
        passphrase: 'wrong',
      }),
    ).rejects.toThrow(/^The backup is damaged or the key is wrong: /)
    await db().execute(sql`UPDATE leads SET description = 'changed after the backup'`)
    const restored = await restoreBackup({
      databaseUrl: databaseUrl(),
      storage,
      source: dir,
      migrations,
      force: true,
      passphrase,
    })
    expect(restored.tables.leads).toBe(leadsBefore.length)
    expect(await rows(sql`SELECT * FROM leads ORDER BY id`)).toEqual(leadsBefore)
  })
})
