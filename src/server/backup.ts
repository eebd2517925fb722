import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'

import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import pg from 'pg'

import { mailFrom, mailTransport } from '@/email/adapter'
import { backupName, backupTakenAt, backupsToKeep } from '@/lib/backup-retention'
import { BUSINESS_DEFAULTS, notificationAddresses } from '@/lib/business'
import { clientConfig } from '@/server/s3'

// A backup is one folder: manifest.json, db/<table>.jsonl.gz (rows as JSON, one per line) and
// files/<folder>/<name>. The rows are read in one REPEATABLE READ transaction, and the files
// are those the same snapshot refers to, so no lead is in it without its photos.

// Upload tables and the folder (local) or key prefix (S3) their files live under; the int
// test checks this against the collections' own settings.
export const UPLOAD_FOLDERS: Record<string, string> = {
  gallery_images: 'gallery',
  customer_uploads: 'customer-uploads',
  exports: 'exports',
  imports: 'imports',
}
export const S3_FOLDERS = new Set(['gallery', 'customer-uploads'])

// What "already holds data" means to restore.
const BUSINESS_TABLES = [
  'users',
  'leads',
  'gallery_items',
  'gallery_images',
  'promotions',
  'customer_uploads',
]
// The schema's own bookkeeping: the target's migrations made it, so it is compared, not copied.
const SCHEMA_TABLES = new Set(['payload_migrations'])

export type Manifest = {
  format: 1
  name: string
  takenAt: string
  migrations: string[]
  tables: Record<string, number>
  files: { key: string; size: number; sha256: string }[]
  missing: string[]
  // Present when every file of the backup is sealed with AES-256-GCM (BACKUP_ENCRYPTION_KEY).
  encryption?: { cipher: 'aes-256-gcm'; salt: string }
}

export type Storage = { uploadsDir: string; s3?: { client: S3Client; bucket: string } }

export function storageFromEnv(uploadsDir: string): Storage {
  const env = process.env
  if (!env.S3_BUCKET) return { uploadsDir }
  return { uploadsDir, s3: { client: new S3Client(clientConfig()), bucket: env.S3_BUCKET } }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

// Each file sealed on its own: a 12-byte IV, the ciphertext, the 16-byte tag; the key is
// derived from the passphrase with scrypt and the backup's own salt.
type Sealer = { seal: (data: Buffer) => Buffer; open: (data: Buffer) => Buffer } | null

function sealer(passphrase: string | undefined, salt: string | undefined): Sealer {
  if (!passphrase || !salt) return null
  const key = scryptSync(passphrase, Buffer.from(salt, 'hex'), 32)
  return {
    seal(data) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(data), cipher.final()])
      return Buffer.concat([iv, body, cipher.getAuthTag()])
    },
    open(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12))
      decipher.setAuthTag(data.subarray(data.length - 16))
      return Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()])
    },
  }
}

function writeSealed(file: string, data: Buffer, box: Sealer) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, box ? box.seal(data) : data)
}

// A backup file's plain bytes, or null when it is missing or does not open with the key.
function readSealed(file: string, box: Sealer): Buffer | null {
  if (!fs.existsSync(file)) return null
  try {
    return box ? box.open(fs.readFileSync(file)) : fs.readFileSync(file)
  } catch {
    return null
  }
}

async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const folder = key.split('/')[0]
  if (storage.s3 && S3_FOLDERS.has(folder)) {
    try {
      const res = await storage.s3.client.send(new GetObjectCommand({ Bucket: storage.s3.bucket, Key: key }))
      return Buffer.from(await res.Body!.transformToByteArray())
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null
      throw err
    }
  }
  const file = path.join(storage.uploadsDir, key)
  return fs.existsSync(file) ? fs.readFileSync(file) : null
}

async function writeStored(storage: Storage, key: string, data: Buffer): Promise<void> {
  const folder = key.split('/')[0]
  if (storage.s3 && S3_FOLDERS.has(folder)) {
    await storage.s3.client.send(new PutObjectCommand({ Bucket: storage.s3.bucket, Key: key, Body: data }))
    return
  }
  const file = path.join(storage.uploadsDir, key)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, data)
}

async function publicTables(db: pg.ClientBase): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )
  return rows.map((r) => r.name)
}

async function migrationNames(db: pg.ClientBase): Promise<string[]> {
  const { rows: schema } = await db.query<{ t: string | null }>(
    `SELECT to_regclass('payload_migrations')::text AS t`,
  )
  if (!schema[0].t)
    throw new RestoreRefused('The database has no Payload schema yet: run the migrations first.')
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM payload_migrations WHERE name <> 'dev' ORDER BY name`,
  )
  return rows.map((r) => r.name)
}

// Keys of every stored file the snapshot's upload rows name (the file and its image sizes).
async function referencedFiles(db: pg.ClientBase, tables: string[]): Promise<string[]> {
  const keys: string[] = []
  for (const table of tables.filter((t) => t in UPLOAD_FOLDERS)) {
    const { rows: columns } = await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1
         AND (column_name = 'filename' OR column_name LIKE 'sizes\\_%\\_filename')`,
      [table],
    )
    for (const { name } of columns) {
      const { rows } = await db.query<{ f: string }>(
        `SELECT ${quoteIdent(name)} AS f FROM ${quoteIdent(table)} WHERE ${quoteIdent(name)} IS NOT NULL`,
      )
      for (const { f } of rows) keys.push(`${UPLOAD_FOLDERS[table]}/${f}`)
    }
  }
  return [...new Set(keys)].sort()
}

export async function takeBackup(options: {
  databaseUrl: string
  storage: Storage
  target: string
  now?: Date
  keep?: { daily: number; weekly: number }
  passphrase?: string
}): Promise<{ dir: string; manifest: Manifest; pruned: string[] }> {
  const takenAt = options.now ?? new Date()
  const name = backupName(takenAt)
  const dir = path.join(options.target, name)
  const partial = `${dir}.partial`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(path.join(partial, 'db'), { recursive: true })
  const db = new pg.Client({ connectionString: options.databaseUrl })
  await db.connect()
  const salt = options.passphrase ? randomBytes(16).toString('hex') : undefined
  const box = sealer(options.passphrase, salt)
  const manifest: Manifest = {
    format: 1,
    name,
    takenAt: takenAt.toISOString(),
    migrations: [],
    tables: {},
    files: [],
    missing: [],
  }
  try {
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const tables = await publicTables(db)
    manifest.migrations = await migrationNames(db)
    for (const table of tables) {
      // Rows as JSON read back by json_populate_recordset: PostgreSQL does every type's text form.
      const { rows } = await db.query<{ j: string }>(
        `SELECT row_to_json(t)::text AS j FROM ${quoteIdent(table)} t`,
      )
      const dump = gzipSync(rows.map(({ j }) => `${j}\n`).join(''))
      writeSealed(path.join(partial, 'db', `${table}.jsonl.gz`), dump, box)
      manifest.tables[table] = rows.length
    }
    const keys = await referencedFiles(db, tables)
    await db.query('COMMIT')
    // Files are only added while the site runs (never changed in place), so those the
    // snapshot names are still there to copy after it.
    for (const key of keys) {
      const data = await readStored(options.storage, key)
      if (!data) {
        manifest.missing.push(key)
        continue
      }
      writeSealed(path.join(partial, 'files', key), data, box)
      manifest.files.push({ key, size: data.length, sha256: sha256(data) })
    }
    if (salt) manifest.encryption = { cipher: 'aes-256-gcm', salt }
    fs.writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    fs.renameSync(partial, dir)
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true })
    throw err
  } finally {
    await db.end()
  }
  return { dir, manifest, pruned: pruneBackups(options.target, options.keep) }
}

export function pruneBackups(target: string, keep = { daily: 7, weekly: 4 }): string[] {
  const dated = fs.readdirSync(target).flatMap((name) => {
    const takenAt = backupTakenAt(name)
    return takenAt ? [{ name, takenAt }] : []
  })
  const kept = backupsToKeep(dated, keep)
  const gone = dated.filter((b) => !kept.has(b.name)).map((b) => b.name)
  for (const name of gone) fs.rmSync(path.join(target, name), { recursive: true, force: true })
  return gone
}

export class RestoreRefused extends Error {}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json')
  if (!fs.existsSync(file)) throw new RestoreRefused(`${dir} is not a backup: it has no manifest.json.`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
}

// Every file and every table's rows checked against the manifest before anything is touched.
function checkBackup(dir: string, manifest: Manifest, box: Sealer): void {
  for (const { key, sha256: expected } of manifest.files) {
    const data = readSealed(path.join(dir, 'files', key), box)
    if (!data || sha256(data) !== expected) {
      throw new RestoreRefused(
        `The backup is damaged${box ? ' or the key is wrong' : ''}: ${key} is missing or does not match its SHA-256.`,
      )
    }
  }
  for (const [table, count] of Object.entries(manifest.tables)) {
    let lines = -1
    try {
      lines = rowsOf(dir, table, box).map((line) => JSON.parse(line)).length
    } catch {}
    if (lines !== count) {
      throw new RestoreRefused(
        `The backup is damaged${box ? ' or the key is wrong' : ''}: the rows of ${table} are missing or incomplete.`,
      )
    }
  }
}

function rowsOf(dir: string, table: string, box: Sealer): string[] {
  const dump = readSealed(path.join(dir, 'db', `${table}.jsonl.gz`), box)
  if (!dump) throw new Error(`no rows for ${table}`)
  return gunzipSync(dump).toString('utf8').split('\n').filter(Boolean)
}

// The repository's migrations as restore uses them: their names, oldest first, and a way to
// apply those the database lacks up to one of them (all without one), recorded as
// `payload migrate` records them.
export type RestoreMigrations = {
  names: string[]
  up: (upTo?: string) => Promise<void>
}

// Where the target stands: its tables, the migrations recorded in it, and whether its schema
// was pushed from the config (development) rather than built by migrations.
async function targetState(db: pg.ClientBase) {
  const tables = await publicTables(db)
  if (!tables.includes('payload_migrations')) return { tables, applied: [] as string[], pushed: false }
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM payload_migrations ORDER BY name`)
  const names = rows.map((r) => r.name)
  return { tables, applied: names.filter((n) => n !== 'dev'), pushed: names.includes('dev') }
}

// Why the backup cannot go into this database, or null; asked before anything is changed.
function schemaRefusal(
  manifest: Manifest,
  repository: string[],
  target: Awaited<ReturnType<typeof targetState>>,
): string | null {
  const taken = manifest.migrations
  const last = taken.at(-1)
  if (target.pushed) {
    // A pushed schema is the config's: it can only take a backup of the same schema as it is.
    const unknown = Object.keys(manifest.tables).filter((t) => !target.tables.includes(t))
    if (taken.join() === target.applied.join() && !unknown.length) return null
    return `The database's schema was pushed from the config (development), not built by migrations${unknown.length ? `, and has no table ${unknown.join(', ')}` : ''}; the backup was taken at ${last ? `migration ${last}` : 'no migration'}. Restore into an empty database: restore builds its schema with the migrations.`
  }
  if (!last) {
    return 'The backup names no migration: it was taken from a database whose schema was pushed from the config (development). Restore it into a database pushed from the same version of the code.'
  }
  const unknown = taken.filter((n) => !repository.includes(n))
  if (unknown.length) {
    return `The backup was taken at ${unknown.length > 1 ? 'migrations' : 'migration'} ${unknown.join(', ')}, which this version of the code does not have: restore it with the version that took it, or a later one.`
  }
  const skipped = repository.slice(0, repository.indexOf(last)).find((n) => !taken.includes(n))
  if (skipped) {
    return `The backup has no migration ${skipped}, which this version of the code applies before ${last}: restore it with the version that took it.`
  }
  if (!target.tables.includes('payload_migrations') && target.tables.length) {
    return `The database has tables (${target.tables.slice(0, 5).join(', ')}${target.tables.length > 5 ? ', …' : ''}) but no migrations recorded: restore into an empty database.`
  }
  const extra = target.applied.find((n) => !taken.includes(n))
  if (extra) {
    return `The database already has migration ${extra}, which the backup, taken at ${last}, has not: restore into an empty database.`
  }
  const missing = taken.slice(0, target.applied.length).find((n, i) => n !== target.applied[i])
  if (missing) {
    return `The database has no migration ${missing} but later ones: restore into an empty database.`
  }
  return null
}

// Restores into an empty database (or, with `force`, over one): brings the schema up to the
// backup's own migrations, loads the rows, then applies the later migrations, so the data
// goes through them as it would have on the live site. Every refusal comes before anything
// is changed.
export async function restoreBackup(options: {
  databaseUrl: string
  storage: Storage
  source: string
  migrations: RestoreMigrations
  force?: boolean
  passphrase?: string
}): Promise<{ tables: Record<string, number>; files: number; loadedAt?: string; migrated: string[] }> {
  const manifest = readManifest(options.source)
  if (manifest.encryption && !options.passphrase) {
    throw new RestoreRefused(
      'The backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was taken with.',
    )
  }
  const box = sealer(options.passphrase, manifest.encryption?.salt)
  checkBackup(options.source, manifest, box)
  const repository = options.migrations.names
  const db = new pg.Client({ connectionString: options.databaseUrl })
  await db.connect()
  try {
    const target = await targetState(db)
    const refusal = schemaRefusal(manifest, repository, target)
    if (refusal) throw new RestoreRefused(refusal)
    if (!options.force) {
      const held: string[] = []
      for (const table of BUSINESS_TABLES.filter((t) => target.tables.includes(t))) {
        const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoteIdent(table)}`)
        if (rows[0].n) held.push(`${rows[0].n} ${table}`)
      }
      if (held.length) {
        throw new RestoreRefused(
          `The database already holds data (${held.join(', ')}). Restore into an empty database, or add --force to replace it.`,
        )
      }
    }

    const loadedAt = manifest.migrations.at(-1)
    if (!target.pushed && manifest.migrations.length > target.applied.length) {
      await options.migrations.up(loadedAt)
    }
    const tables = await publicTables(db)
    const absent = Object.keys(manifest.tables).filter((t) => !tables.includes(t))
    if (absent.length) {
      throw new Error(`After the backup's migrations the database has no table ${absent.join(', ')}.`)
    }

    await db.query('BEGIN')
    // Rows go in table by table; foreign keys are checked by the data's own consistency.
    await db.query('SET LOCAL session_replication_role = replica')
    const targets = tables.filter((t) => !SCHEMA_TABLES.has(t))
    await db.query(`TRUNCATE ${targets.map(quoteIdent).join(', ')}`)
    for (const table of Object.keys(manifest.tables).filter((t) => !SCHEMA_TABLES.has(t))) {
      let batch: string[] = []
      const flush = async () => {
        if (!batch.length) return
        await db.query(
          `INSERT INTO ${quoteIdent(table)} SELECT * FROM json_populate_recordset(NULL::${quoteIdent(table)}, $1::json)`,
          [`[${batch.join(',')}]`],
        )
        batch = []
      }
      for (const line of rowsOf(options.source, table, box)) {
        batch.push(line)
        if (batch.length >= 500) await flush()
      }
      await flush()
    }
    // Serial columns carry on after the restored ids.
    const { rows: serials } = await db.query<{ t: string; c: string }>(
      `SELECT table_name AS t, column_name AS c FROM information_schema.columns
       WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
    )
    for (const { t, c } of serials) {
      await db.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX(${quoteIdent(c)}), 1), MAX(${quoteIdent(c)}) IS NOT NULL) FROM ${quoteIdent(t)}`,
        [quoteIdent(t), c],
      )
    }
    const counted: Record<string, number> = {}
    for (const table of Object.keys(manifest.tables).filter((t) => !SCHEMA_TABLES.has(t))) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoteIdent(table)}`)
      counted[table] = rows[0].n
      if (rows[0].n !== manifest.tables[table]) {
        throw new Error(
          `Restoring ${table} gave ${rows[0].n} rows, the backup has ${manifest.tables[table]}.`,
        )
      }
    }
    for (const { key } of manifest.files) {
      await writeStored(options.storage, key, readSealed(path.join(options.source, 'files', key), box)!)
    }
    for (const { key, sha256: expected } of manifest.files) {
      const data = await readStored(options.storage, key)
      if (!data || sha256(data) !== expected)
        throw new Error(`The restored file ${key} does not match the backup.`)
    }
    await db.query('COMMIT')

    // The migrations after the backup's, on its rows.
    const later = target.pushed ? [] : repository.slice(manifest.migrations.length)
    if (later.length) await options.migrations.up()
    return { tables: counted, files: manifest.files.length, loadedAt, migrated: later }
  } catch (err) {
    await db.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    await db.end()
  }
}

// A failed backup is e-mailed to the business's notification addresses (the settings'
// when the database answers, else the default), as well as logged.
export async function alertBackupFailure(databaseUrl: string, error: unknown): Promise<string[]> {
  let recipients: string = BUSINESS_DEFAULTS.notificationRecipients
  try {
    const db = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 })
    db.on('error', () => {})
    await db.connect()
    try {
      const { rows } = await db.query<{ r: string | null }>(
        `SELECT notification_recipients AS r FROM site_settings ORDER BY id LIMIT 1`,
      )
      if (rows[0]?.r) recipients = rows[0].r
    } finally {
      await db.end()
    }
  } catch {
    // The database may be why the backup failed.
  }
  const to = notificationAddresses(recipients)
  const from = mailFrom()
  await mailTransport().sendMail({
    from: { name: from.name, address: from.address },
    to,
    subject: 'The nightly backup failed',
    text: `The backup of ${new Date().toISOString()} failed:\n\n${error instanceof Error ? error.message : String(error)}\n\nThe site keeps running; the backups taken before are kept. See docs/backups.md.`,
  })
  return to
}
